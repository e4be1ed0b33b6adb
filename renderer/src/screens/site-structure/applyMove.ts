/** A move applied to the cached structure, for the optimistic display of `useStructureMoves`. */
import type { SiteSection, SiteSpace } from '../../../../shared/contract/resources/siteStructure.ts';
import {
  idOfKey,
  kindOfKey,
  POINTER_TYPES,
  ROOT,
  type StructureData,
  type StructureTarget,
} from './model.ts';

/** An item of the top level of a site with sections. */
type TopItem = Extract<StructureData, { type: 'sections' }>['structure'][number];

/** The structure once `key` sits at `target` (the same data when the key or the target is unknown). */
export function applyMove(data: StructureData, key: string, target: StructureTarget): StructureData {
  const kind = kindOfKey(key);
  const id = idOfKey(key);
  const sameKey = (item: { object: string; id: string }, at: string) =>
    item.id === idOfKey(at) && item.object === POINTER_TYPES[kindOfKey(at)];
  const insert = <T extends { object: string; id: string }>(list: readonly T[], moved: T): T[] => {
    const next = [...list];
    const anchor = target.anchor;
    let at = anchor === undefined ? -1 : next.findIndex((item) => sameKey(item, anchor.key));
    if (at === -1) at = next.length;
    else if (anchor?.side === 'after') at += 1;
    next.splice(at, 0, moved);
    return next;
  };
  if (kind === 'site-space') {
    let moved: SiteSpace | undefined;
    const without = (list: readonly SiteSpace[]) =>
      list.filter((siteSpace) => {
        if (siteSpace.id !== id) return true;
        moved = siteSpace;
        return false;
      });
    if (data.type === 'siteSpaces') {
      const rest = without(data.structure);
      return moved === undefined ? data : { type: 'siteSpaces', structure: insert(rest, moved) };
    }
    const mapSections = (edit: (section: SiteSection) => SiteSection) =>
      data.structure.map((item) =>
        item.object === 'site-section' ? edit(item) : { ...item, sections: (item.sections ?? []).map(edit) },
      );
    const removed = mapSections((section) =>
      section.siteSpaces?.some((s) => s.id === id) === true
        ? { ...section, siteSpaces: without(section.siteSpaces) }
        : section,
    );
    if (moved === undefined) return data;
    const parentId = idOfKey(target.parent);
    const placed: SiteSpace = { ...moved, section: parentId, default: false };
    const wasDefault = moved.default === true;
    return {
      type: 'sections',
      structure: removed.map((item) => {
        const edit = (section: SiteSection): SiteSection => {
          if (section.id === parentId)
            return { ...section, siteSpaces: insert(section.siteSpaces ?? [], placed) };
          if (wasDefault && section.id === moved?.section && (section.siteSpaces?.length ?? 0) > 0) {
            // The server promotes the first remaining site space: show the same.
            const [first, ...others] = section.siteSpaces!;
            return { ...section, siteSpaces: [{ ...first!, default: true }, ...others] };
          }
          return section;
        };
        return item.object === 'site-section'
          ? edit(item)
          : { ...item, sections: (item.sections ?? []).map(edit) };
      }),
    };
  }
  if (data.type !== 'sections') return data;
  if (kind === 'group') {
    const group = data.structure.find((item) => item.object === 'site-section-group' && item.id === id);
    if (group === undefined) return data;
    return {
      type: 'sections',
      structure: insert(
        data.structure.filter((item) => item !== group),
        group,
      ),
    };
  }
  let section: SiteSection | undefined;
  const rest: TopItem[] = [];
  for (const item of data.structure) {
    if (item.object === 'site-section') {
      if (item.id === id) section = item;
      else rest.push(item);
    } else {
      const found = item.sections?.find((s) => s.id === id);
      if (found !== undefined) section = found;
      rest.push(
        found === undefined ? item : { ...item, sections: item.sections!.filter((s) => s !== found) },
      );
    }
  }
  if (section === undefined) return data;
  if (target.parent === ROOT) {
    const { sectionGroup: _dropped, ...loose } = section;
    return { type: 'sections', structure: insert(rest, loose) };
  }
  const groupId = idOfKey(target.parent);
  const placed: SiteSection = { ...section, sectionGroup: groupId };
  return {
    type: 'sections',
    structure: rest.map((item) =>
      item.object === 'site-section-group' && item.id === groupId
        ? { ...item, sections: insert(item.sections ?? [], placed) }
        : item,
    ),
  };
}
