/**
 * What a change request does to each page, from the two page trees alone (base and request head; pages are the
 * same ids on both sides). Pure, so the tree, the markers and the keyboard order are unit-tested without a server.
 *
 * Rules:
 * - added: only in the request; deleted: only in the base.
 * - edited: the body changed, i.e. the `documentId`s differ (documents are content-addressed: equal ids, equal body).
 * - renamed: the title or the slug changed.
 * - moved: the parent changed, or the page's order relative to the siblings it shares with the base changed (a
 *   sibling inserted or removed before it is not a move). Among siblings whose order changed, the fewest pages are
 *   called moved (a minimal edit of the shared sequence).
 * - metadata: emoji, icon, description or `hidden` changed (listed by field).
 * - The union tree lists the request's tree in its order, with each deleted page at its base place (after the
 *   base sibling before it that is still there, else first); the changed pages in that order are the review order.
 */
import { diffArrays } from 'diff';
import type { Page } from '../../../../../shared/contract/resources/revisions.ts';

/** The kinds of change a page can have; several combine (renamed + edited, moved + edited…). */
export type ChangeKind = 'added' | 'deleted' | 'edited' | 'renamed' | 'moved' | 'metadata';

/** The order markers are listed in. */
export const CHANGE_KINDS: readonly ChangeKind[] = [
  'added',
  'deleted',
  'moved',
  'renamed',
  'edited',
  'metadata',
];

/** Fields compared for `metadata`. */
export const METADATA_FIELDS = ['emoji', 'icon', 'description', 'hidden'] as const;
export type MetadataField = (typeof METADATA_FIELDS)[number];

/** A page as it stands on one side. */
export interface PageSide {
  id: string;
  title: string;
  slug: string | undefined;
  documentId: string | undefined;
  type: Page['type'];
  parentId: string | null;
  /** Position among its siblings. */
  index: number;
  /** Titles of its ancestors, top first. */
  path: string[];
  page: Page;
}

/** What changed in one page. */
export interface PageChange {
  id: string;
  kinds: ChangeKind[];
  base: PageSide | undefined;
  head: PageSide | undefined;
  /** The metadata fields that changed. */
  fields: MetadataField[];
  /** Whether the body differs (a diff is worth computing). */
  bodyChanged: boolean;
}

/** A page of the union tree. */
export interface ReviewNode {
  id: string;
  title: string;
  parentId: string | null;
  children: string[];
  /** Set when the page changed. */
  change: PageChange | undefined;
  /** Whether the page or one of its descendants changed. */
  containsChange: boolean;
}

/** Both trees merged, with the change of each page. */
export interface ReviewTree {
  nodes: ReadonlyMap<string, ReviewNode>;
  roots: string[];
  /** Changed pages in tree order (the review order). */
  changed: string[];
  /** Pages on each side. */
  baseCount: number;
  headCount: number;
}

const TOP = '';

/** Every page of a tree by id, with its parent, position and ancestors' titles; children lists by parent id. */
function indexTree(pages: readonly Page[]): {
  sides: Map<string, PageSide>;
  children: Map<string, string[]>;
} {
  const sides = new Map<string, PageSide>();
  const children = new Map<string, string[]>();
  const walk = (list: readonly Page[], parentId: string | null, path: string[]) => {
    const ids: string[] = [];
    list.forEach((page, index) => {
      if (sides.has(page.id)) return; // a page listed twice keeps its first place
      ids.push(page.id);
      sides.set(page.id, {
        id: page.id,
        title: page.title,
        slug: page.slug,
        documentId: page.documentId,
        type: page.type,
        parentId,
        index,
        path,
        page,
      });
      if (page.pages !== undefined && page.pages.length > 0) walk(page.pages, page.id, [...path, page.title]);
    });
    children.set(parentId ?? TOP, ids);
  };
  walk(pages, null, []);
  return { sides, children };
}

/** Ids whose order, relative to the siblings both sides share under `parent`, changed. */
function reordered(baseIds: readonly string[], headIds: readonly string[]): Set<string> {
  const headSet = new Set(headIds);
  const baseSet = new Set(baseIds);
  const baseShared = baseIds.filter((id) => headSet.has(id));
  const headShared = headIds.filter((id) => baseSet.has(id));
  const moved = new Set<string>();
  if (baseShared.length < 2) return moved;
  let same = true;
  for (let index = 0; index < baseShared.length; index++) {
    if (baseShared[index] !== headShared[index]) {
      same = false;
      break;
    }
  }
  if (same) return moved;
  for (const part of diffArrays(baseShared, headShared)) {
    if (part.added) for (const id of part.value) moved.add(id);
  }
  return moved;
}

/** The change of a page present on both sides, or undefined when nothing changed. */
function changeOf(base: PageSide, head: PageSide, movedInPlace: boolean): PageChange | undefined {
  const kinds: ChangeKind[] = [];
  if (base.parentId !== head.parentId || movedInPlace) kinds.push('moved');
  if (base.title !== head.title || (base.slug ?? '') !== (head.slug ?? '')) kinds.push('renamed');
  const bodyChanged = base.documentId !== head.documentId;
  if (bodyChanged) kinds.push('edited');
  const fields = METADATA_FIELDS.filter((field) => (base.page[field] ?? '') !== (head.page[field] ?? ''));
  if (fields.length > 0) kinds.push('metadata');
  if (kinds.length === 0) return undefined;
  return { id: head.id, kinds, base, head, fields, bodyChanged };
}

/** Builds the union tree of the base and request page trees, with each page's change. */
export function buildReviewTree(basePages: readonly Page[], headPages: readonly Page[]): ReviewTree {
  const base = indexTree(basePages);
  const head = indexTree(headPages);

  const movedInPlace = new Set<string>();
  for (const [parent, headIds] of head.children) {
    const baseIds = base.children.get(parent);
    if (baseIds === undefined) continue;
    for (const id of reordered(baseIds, headIds)) movedInPlace.add(id);
  }

  const nodes = new Map<string, ReviewNode>();
  const node = (id: string, title: string, parentId: string | null, change: PageChange | undefined) => {
    nodes.set(id, { id, title, parentId, children: [], change, containsChange: change !== undefined });
  };
  for (const side of head.sides.values()) {
    const before = base.sides.get(side.id);
    const change =
      before === undefined
        ? {
            id: side.id,
            kinds: ['added' as const],
            base: undefined,
            head: side,
            fields: [],
            bodyChanged: side.documentId !== undefined,
          }
        : changeOf(before, side, movedInPlace.has(side.id));
    node(side.id, side.title, side.parentId, change);
  }
  for (const side of base.sides.values()) {
    if (head.sides.has(side.id)) continue;
    const change: PageChange = {
      id: side.id,
      kinds: ['deleted'],
      base: side,
      head: undefined,
      fields: [],
      bodyChanged: side.documentId !== undefined,
    };
    node(side.id, side.title, side.parentId, change);
  }

  // Children: the request's order, then each deleted page at its base place.
  const roots: string[] = [...(head.children.get(TOP) ?? [])];
  const childrenOf = (parent: string | null): string[] =>
    parent === null ? roots : (nodes.get(parent)?.children ?? roots);
  for (const [parent, ids] of head.children) {
    if (parent !== TOP) nodes.get(parent)!.children.push(...ids);
  }
  for (const [parent, baseIds] of base.children) {
    const parentId = parent === TOP ? null : parent;
    if (!baseIds.some((id) => !head.sides.has(id))) continue;
    const list = childrenOf(parentId);
    let cursor = 0;
    for (const id of baseIds) {
      if (!head.sides.has(id)) {
        list.splice(cursor, 0, id);
        cursor++;
      } else if (head.sides.get(id)!.parentId === parentId) {
        cursor = list.indexOf(id) + 1;
      }
    }
  }

  // Review order and `containsChange`, in one depth-first walk.
  const changed: string[] = [];
  const visit = (id: string): boolean => {
    const current = nodes.get(id)!;
    if (current.change !== undefined) changed.push(id);
    let contains = current.change !== undefined;
    for (const child of current.children) contains = visit(child) || contains;
    current.containsChange = contains;
    return contains;
  };
  for (const id of roots) visit(id);

  return { nodes, roots, changed, baseCount: base.sides.size, headCount: head.sides.size };
}

/** A visible row of the tree. */
export interface ReviewRow {
  id: string;
  depth: number;
  /** Whether the row has visible children (it can be collapsed or expanded). */
  parent: boolean;
  expanded: boolean;
  /** Position among its visible siblings (from 1), and their number. */
  posInSet: number;
  setSize: number;
}

/** The rows shown: every page, or only changed pages and their ancestors; children of collapsed pages hidden. */
export function visibleRows(
  tree: ReviewTree,
  options: { onlyChanged: boolean; collapsed: ReadonlySet<string> },
): ReviewRow[] {
  const rows: ReviewRow[] = [];
  const shown = (id: string) => !options.onlyChanged || tree.nodes.get(id)!.containsChange;
  const walk = (ids: readonly string[], depth: number) => {
    ids.forEach((id, index) => {
      const children = tree.nodes.get(id)!.children.filter(shown);
      const expanded = !options.collapsed.has(id);
      rows.push({
        id,
        depth,
        parent: children.length > 0,
        expanded,
        posInSet: index + 1,
        setSize: ids.length,
      });
      if (expanded && children.length > 0) walk(children, depth + 1);
    });
  };
  walk(tree.roots.filter(shown), 0);
  return rows;
}

/** "A › B", or "the top level" for a page without ancestors. */
export function pathLabel(path: readonly string[]): string {
  return path.length === 0 ? 'the top level' : path.join(' › ');
}

/** Words of each change kind, for markers, their accessible labels and the structure banner. */
export const KIND_LABELS: Record<ChangeKind, { short: string; label: string }> = {
  added: { short: 'A', label: 'Added' },
  deleted: { short: 'D', label: 'Deleted' },
  edited: { short: 'E', label: 'Edited' },
  renamed: { short: 'R', label: 'Renamed' },
  moved: { short: 'M', label: 'Moved' },
  metadata: { short: 'P', label: 'Properties changed' },
};

/** A sentence naming a page's changes, for screen readers ("Edited and moved"). */
export function changeSummary(change: PageChange): string {
  const words = CHANGE_KINDS.filter((kind) => change.kinds.includes(kind)).map((kind, index) => {
    const label = KIND_LABELS[kind].label;
    return index === 0 ? label : label.toLowerCase();
  });
  if (words.length <= 1) return words[0] ?? 'Unchanged';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
