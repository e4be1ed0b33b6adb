/**
 * A site's structure as the editor shows it, as pure functions: the tree of groups, sections and site spaces built
 * from `getSiteStructure`, the visible rows, where a drop lands for each kind of dragged item, the requests that
 * express a move (the same move applied to the cached structure is `applyMove.ts`; paths and URLs `paths.ts`).
 *
 * Levels: the top level holds sections and groups (or, on a site without sections, site spaces); a group holds
 * sections; a section holds site spaces. An item only ever moves among items of its own level.
 */
import type { Static } from '@sinclair/typebox';
import type { SiteStructure } from '../../../../shared/contract/resources/sites.ts';
import type {
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SortSiteStructure,
} from '../../../../shared/contract/resources/siteStructure.ts';
import type { Placement } from '../../queries/contentTree/moves.ts';

export type { Placement };

/** The structure as `getSiteStructure` answers it. */
export type StructureData = Static<typeof SiteStructure>;

/** The three kinds of rows (the values of `data-kind`). */
export type StructureKind = 'group' | 'section' | 'site-space';

/** The key of the top level. */
export const ROOT = '';

/** One item of the tree. */
export type StructureNode =
  | { key: string; kind: 'group'; id: string; title: string; item: SiteSectionGroup }
  | { key: string; kind: 'section'; id: string; title: string; item: SiteSection }
  | { key: string; kind: 'site-space'; id: string; title: string; item: SiteSpace };

/** The whole tree: nodes by key, children of each parent key in order, parent of each key. */
export interface StructureTree {
  type: StructureData['type'];
  nodes: ReadonlyMap<string, StructureNode>;
  children: ReadonlyMap<string, readonly string[]>;
  parentOf: ReadonlyMap<string, string>;
}

/** The key of an item. */
export function structureKey(kind: StructureKind, id: string): string {
  return `${kind}:${id}`;
}

/** The kind of a key. */
export function kindOfKey(key: string): StructureKind {
  return key.slice(0, key.indexOf(':')) as StructureKind;
}

/** The id of a key. */
export function idOfKey(key: string): string {
  return key.slice(key.indexOf(':') + 1);
}

/** Builds the tree. */
export function buildStructureTree(data: StructureData): StructureTree {
  const nodes = new Map<string, StructureNode>();
  const children = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  const add = (node: StructureNode, parent: string) => {
    nodes.set(node.key, node);
    parentOf.set(node.key, parent);
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [node.key]);
    else list.push(node.key);
  };
  const addSpace = (siteSpace: SiteSpace, parent: string) =>
    add(
      {
        key: structureKey('site-space', siteSpace.id),
        kind: 'site-space',
        id: siteSpace.id,
        title: siteSpace.title,
        item: siteSpace,
      },
      parent,
    );
  const addSection = (section: SiteSection, parent: string) => {
    const key = structureKey('section', section.id);
    add({ key, kind: 'section', id: section.id, title: section.title, item: section }, parent);
    for (const siteSpace of section.siteSpaces ?? []) addSpace(siteSpace, key);
  };
  if (data.type === 'siteSpaces') {
    for (const siteSpace of data.structure) addSpace(siteSpace, ROOT);
  } else {
    for (const item of data.structure) {
      if (item.object === 'site-section') addSection(item, ROOT);
      else {
        const key = structureKey('group', item.id);
        add({ key, kind: 'group', id: item.id, title: item.title, item }, ROOT);
        for (const section of item.sections ?? []) addSection(section, key);
      }
    }
  }
  return { type: data.type, nodes, children, parentOf };
}

/** One visible row. */
export interface StructureRow {
  key: string;
  node: StructureNode;
  depth: number;
  parentKey: string;
  hasChildren: boolean;
  expanded: boolean;
  posInSet: number;
  setSize: number;
}

/** The visible rows: a depth-first walk of the expanded groups and sections. */
export function flattenStructure(tree: StructureTree, expanded: ReadonlySet<string>): StructureRow[] {
  const rows: StructureRow[] = [];
  const walk = (parent: string, depth: number) => {
    const kids = tree.children.get(parent) ?? [];
    kids.forEach((key, index) => {
      const node = tree.nodes.get(key)!;
      const hasChildren = (tree.children.get(key)?.length ?? 0) > 0;
      const open = hasChildren && expanded.has(key);
      rows.push({
        key,
        node,
        depth,
        parentKey: parent,
        hasChildren,
        expanded: open,
        posInSet: index + 1,
        setSize: kids.length,
      });
      if (open) walk(key, depth + 1);
    });
  };
  walk(ROOT, 0);
  return rows;
}

/** Whether the item is the default of its level (the site's default section, a section's default site space). */
export function isDefault(node: StructureNode): boolean {
  return node.kind !== 'group' && node.item.default === true;
}

// Drops

/** The parent (`ROOT`, a group or a section key) and the sibling the moved item goes before or after (the end if none). */
export interface StructureTarget {
  parent: string;
  anchor?: { key: string; side: 'before' | 'after' } | undefined;
}

/** Which parents can hold an item of `kind`. */
function canHold(tree: StructureTree, parent: string, kind: StructureKind): boolean {
  if (parent === ROOT) return tree.type === 'siteSpaces' ? kind === 'site-space' : kind !== 'site-space';
  const parentKind = kindOfKey(parent);
  return parentKind === 'group' ? kind === 'section' : parentKind === 'section' && kind === 'site-space';
}

/**
 * The placement for a pointer `offset` pixels below the top of a row `height` tall, when dragging `dragged` over
 * `row`: rows that can take the item inside (a group for a section, a section for a site space) have a middle
 * half meaning inside (the whole row for a site space over a section); other rows split into before and after.
 */
export function placementFor(
  tree: StructureTree,
  dragged: string,
  row: string,
  offset: number,
  height: number,
): Placement {
  const kind = kindOfKey(dragged);
  if (canHold(tree, row, kind)) {
    if (kind === 'site-space') return 'inside';
    if (offset < height / 4) return 'before';
    if (offset >= (height * 3) / 4) return 'after';
    return 'inside';
  }
  return offset < height / 2 ? 'before' : 'after';
}

/**
 * Where dropping `dragged` on `spot` puts it, or `undefined` where it cannot go (another level, onto itself).
 * "After" an open parent that can hold the item means first inside it: that is where the line is drawn.
 */
export function targetOfDrop(
  tree: StructureTree,
  dragged: string,
  spot: { key: string; placement: Placement },
  isOpen: (key: string) => boolean,
): StructureTarget | undefined {
  const kind = kindOfKey(dragged);
  if (spot.key === ROOT) return canHold(tree, ROOT, kind) ? { parent: ROOT } : undefined;
  if (spot.key === dragged || !tree.nodes.has(spot.key)) return undefined;
  if (spot.placement === 'inside') return canHold(tree, spot.key, kind) ? { parent: spot.key } : undefined;
  const first = tree.children.get(spot.key)?.[0];
  if (
    spot.placement === 'after' &&
    canHold(tree, spot.key, kind) &&
    isOpen(spot.key) &&
    first !== undefined
  ) {
    return first === dragged ? undefined : { parent: spot.key, anchor: { key: first, side: 'before' } };
  }
  const parent = tree.parentOf.get(spot.key) ?? ROOT;
  if (!canHold(tree, parent, kind) || (kindOfKey(spot.key) === 'site-space') !== (kind === 'site-space'))
    return undefined;
  return { parent, anchor: { key: spot.key, side: spot.placement } };
}

/** Why the move cannot work, if the server would refuse it. */
export function refusal(tree: StructureTree, dragged: string, target: StructureTarget): string | undefined {
  const parent = tree.parentOf.get(dragged);
  if (kindOfKey(dragged) === 'site-space' && parent !== ROOT && parent !== target.parent) {
    if ((tree.children.get(parent ?? ROOT) ?? []).length <= 1) {
      const title = parent === undefined ? '' : (tree.nodes.get(parent)?.title ?? '');
      return `“${title}” would be left without a site space: a section needs at least one.`;
    }
  }
  return undefined;
}

/** One drop place for the keyboard path: a row index and a placement, and where it puts the item. */
export interface DropSpot {
  index: number;
  placement: Placement;
  target: StructureTarget;
}

/** Every place the item can be dropped among the rows, top to bottom (the keyboard path steps through them). */
export function dropSpots(tree: StructureTree, rows: readonly StructureRow[], dragged: string): DropSpot[] {
  const isOpen = (key: string) => rows.some((row) => row.key === key && row.expanded);
  const spots: DropSpot[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    for (const placement of ['before', 'inside', 'after'] as const) {
      const target = targetOfDrop(tree, dragged, { key: row.key, placement }, isOpen);
      if (target === undefined) continue;
      // "After A" and "before B" are the same place when A and B are neighbours: keep one.
      const id = samePlaceId(tree, target);
      if (seen.has(id)) continue;
      seen.add(id);
      spots.push({ index: lineIndex(rows, index, placement, target), placement, target });
    }
  });
  const line = (spot: DropSpot) =>
    spot.index * 3 + (spot.placement === 'before' ? 0 : spot.placement === 'inside' ? 1 : 2);
  return spots.sort((a, b) => line(a) - line(b));
}

/**
 * The row a drop line is drawn at: "after" an open row whose children the item does not join goes below the row's
 * last visible descendant, where that place really is.
 */
export function lineIndex(
  rows: readonly StructureRow[],
  index: number,
  placement: Placement,
  target: StructureTarget,
): number {
  const row = rows[index];
  if (row === undefined || placement !== 'after' || !row.expanded || target.parent === row.key) return index;
  let last = index;
  while (rows[last + 1] !== undefined && rows[last + 1]!.depth > row.depth) last++;
  return last;
}

/** A canonical name of the place a target means: the parent and the sibling right after it. */
function samePlaceId(tree: StructureTree, target: StructureTarget): string {
  const kids = tree.children.get(target.parent) ?? [];
  if (target.anchor === undefined) return `${target.parent}|end`;
  const at = kids.indexOf(target.anchor.key) + (target.anchor.side === 'after' ? 1 : 0);
  return `${target.parent}|${kids[at] ?? 'end'}`;
}

/** Alt+ArrowUp / Alt+ArrowDown: one place up or down among its siblings, or `undefined` at the first or last. */
export function stepTarget(
  tree: StructureTree,
  key: string,
  direction: 'up' | 'down',
): StructureTarget | undefined {
  const parent = tree.parentOf.get(key);
  if (parent === undefined) return undefined;
  const kids = tree.children.get(parent) ?? [];
  const index = kids.indexOf(key);
  const next = kids[direction === 'up' ? index - 1 : index + 1];
  if (index === -1 || next === undefined) return undefined;
  return { parent, anchor: { key: next, side: direction === 'up' ? 'before' : 'after' } };
}

// Requests

type SortBody = Static<typeof SortSiteStructure>;
type ItemPointer = SortBody['item'];

/** A request of a move. */
export type StructureRequest =
  | { op: 'sort'; body: SortBody }
  | { op: 'addSectionToGroup'; groupId: string; sectionId: string }
  | { op: 'removeSectionFromGroup'; groupId: string; sectionId: string };

export const POINTER_TYPES: Record<StructureKind, ItemPointer['type']> = {
  group: 'site-section-group',
  section: 'site-section',
  'site-space': 'site-space',
};

/** The pointer of a key, for `sortSiteStructure`. */
export function pointerOf(key: string): ItemPointer {
  return { type: POINTER_TYPES[kindOfKey(key)], id: idOfKey(key) };
}

/**
 * The requests that move `key` to `target` (none when it stays where it is): `sortSiteStructure` next to a sibling
 * of the target level; into an empty group `addSectionToGroup`; out of a group to an empty top level
 * `removeSectionFromGroup`.
 */
export function planMove(tree: StructureTree, key: string, target: StructureTarget): StructureRequest[] {
  const from = tree.parentOf.get(key);
  if (from === undefined) return [];
  const siblings = (tree.children.get(target.parent) ?? []).filter((sibling) => sibling !== key);
  const anchor =
    target.anchor !== undefined && siblings.includes(target.anchor.key)
      ? target.anchor
      : siblings.length > 0
        ? { key: siblings.at(-1)!, side: 'after' as const }
        : undefined;
  if (anchor === undefined) {
    if (from === target.parent) return [];
    if (kindOfKey(key) === 'section' && kindOfKey(target.parent) === 'group')
      return [{ op: 'addSectionToGroup', groupId: idOfKey(target.parent), sectionId: idOfKey(key) }];
    if (kindOfKey(key) === 'section' && target.parent === ROOT && kindOfKey(from) === 'group')
      return [{ op: 'removeSectionFromGroup', groupId: idOfKey(from), sectionId: idOfKey(key) }];
    return [];
  }
  if (from === target.parent) {
    const kids = tree.children.get(from) ?? [];
    const now = kids.indexOf(key);
    const at = kids.indexOf(anchor.key);
    if ((anchor.side === 'before' && at === now + 1) || (anchor.side === 'after' && at === now - 1))
      return [];
  }
  return [{ op: 'sort', body: { item: pointerOf(key), position: { [anchor.side]: pointerOf(anchor.key) } } }];
}

/** Where a target is, in words: "into “Guides”", "to the top level", "before “Intro”". */
export function whereWords(tree: StructureTree, target: StructureTarget): string {
  const into =
    target.parent === ROOT ? 'to the top level' : `into “${tree.nodes.get(target.parent)?.title ?? ''}”`;
  if (target.anchor === undefined) return into;
  return `${into}, ${target.anchor.side} “${tree.nodes.get(target.anchor.key)?.title ?? ''}”`;
}
