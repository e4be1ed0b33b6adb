/** Paths of the structure's items: which item already holds a path, and the public URL an item gets. */
import type { SiteSection } from '../../../../shared/contract/resources/siteStructure.ts';
import { kindOfKey, ROOT, type StructureData, type StructureNode, type StructureTree } from './model.ts';

/** Every section of the structure, in structure order. */
export function allSections(data: StructureData): SiteSection[] {
  if (data.type !== 'sections') return [];
  return data.structure.flatMap((item) => (item.object === 'site-section' ? [item] : (item.sections ?? [])));
}

/**
 * The item already using `path` where it must be unique, if any: among all sections of the site for a section,
 * among the site spaces of the same section (or the root) for a site space.
 */
export function pathConflict(
  tree: StructureTree,
  key: string,
  path: string,
): { key: string; title: string } | undefined {
  const wanted = path.trim();
  if (wanted === '') return undefined;
  const kind = kindOfKey(key);
  let rivals: StructureNode[];
  if (kind === 'section') rivals = [...tree.nodes.values()].filter((node) => node.kind === 'section');
  else if (kind === 'site-space') {
    const parent = tree.parentOf.get(key) ?? ROOT;
    rivals = (tree.children.get(parent) ?? []).map((k) => tree.nodes.get(k)!);
  } else return undefined;
  const holder = rivals.find(
    (node) => node.key !== key && node.kind !== 'group' && node.item.path === wanted,
  );
  return holder === undefined ? undefined : { key: holder.key, title: holder.title };
}

/** Joins a base URL and path parts with single slashes. */
function joinUrl(base: string, ...parts: string[]): string {
  let url = base.endsWith('/') ? base : `${base}/`;
  for (const part of parts) {
    const clean = part.replace(/^\/+|\/+$/g, '');
    if (clean !== '') url += `${clean}/`;
  }
  return url;
}

/**
 * The public URL of an item with `path` (the path being edited), or `undefined` when the site is not published:
 * the site URL + the section path, + the site space path for a non-default variant.
 */
export function publicUrl(
  tree: StructureTree,
  siteUrl: string | undefined,
  key: string,
  path: string,
): string | undefined {
  if (siteUrl === undefined) return undefined;
  const node = tree.nodes.get(key);
  if (node === undefined || node.kind === 'group') return undefined;
  if (node.kind === 'section') return joinUrl(siteUrl, path);
  const parent = tree.parentOf.get(key) ?? ROOT;
  const section = tree.nodes.get(parent);
  const sectionPath = section?.kind === 'section' ? section.item.path : '';
  return node.item.default === true ? joinUrl(siteUrl, sectionPath) : joinUrl(siteUrl, sectionPath, path);
}
