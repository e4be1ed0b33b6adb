/**
 * Moves in the content tree, as pure functions: where a drop lands (from the pointer's place in a row), whether the
 * server would refuse it (a collection into itself or its own descendant), the requests that express it, and the
 * same move applied to the cached lists for the optimistic display.
 *
 * Positions name a sibling of the moved item's own type when there is one: the screen shows collections before
 * spaces, and a space placed "before a collection" has no place in that display. When the target has no sibling
 * of that type, the position keeps collections ahead of spaces in the server's shared sibling order too.
 */
import type { Static } from '@sinclair/typebox';
import type {
  Collection,
  ContentPosition,
  MoveContent,
  Space,
} from '../../../../shared/contract/resources/content.ts';
import {
  ancestorsOf,
  isSelfOrDescendant,
  parentId,
  pathTitle,
  ROOT,
  type ContentTree,
  type ItemKind,
} from './tree.ts';

/** Where a drop goes relative to the row under the pointer. */
export type Placement = 'before' | 'after' | 'inside';

/** The row under the pointer and the part of it (`ROOT`: below the last row, the end of the top level). */
export interface DropSpot {
  key: string;
  placement: Placement;
}

/** The parent (a collection key, or `ROOT`) and the sibling the moved items go before or after (the end if none). */
export interface MoveTarget {
  parent: string;
  anchor?: { key: string; side: 'before' | 'after' } | undefined;
}

/** A move request of one item. */
export interface MoveRequest {
  key: string;
  kind: ItemKind;
  id: string;
  title: string;
  body: Static<typeof MoveContent>;
}

/** The lists the tree is built from. */
export interface ContentLists {
  collections: Collection[];
  spaces: Space[];
}

/**
 * The placement for a pointer `offset` pixels below the top of a row `height` tall: for a collection the top quarter
 * is before, the bottom quarter after, the middle inside; for a space the top half is before, the rest after.
 */
export function placementAt(offset: number, height: number, kind: ItemKind): Placement {
  if (kind === 'collection') {
    if (offset < height / 4) return 'before';
    if (offset >= (height * 3) / 4) return 'after';
    return 'inside';
  }
  return offset < height / 2 ? 'before' : 'after';
}

/** The key of a node's kind. */
function kindOf(key: string): ItemKind {
  return key.startsWith('collection:') ? 'collection' : 'space';
}

/** The moved items that move by themselves (not inside a moved collection), in the tree's order. */
export function movedRoots(tree: ContentTree, keys: readonly string[]): string[] {
  const set = new Set(keys);
  return [...set]
    .filter((key) => tree.nodes.has(key) && !ancestorsOf(tree, key).some((at) => set.has(at)))
    .sort((a, b) => (tree.order.get(a) ?? 0) - (tree.order.get(b) ?? 0));
}

/**
 * Where a drop on `spot` puts the items, or `undefined` when it changes nothing (dropped on a moved item).
 * "After" an open collection that has children means first inside it: that is where the line is drawn.
 */
export function targetOfDrop(
  tree: ContentTree,
  spot: DropSpot,
  moved: readonly string[],
  isOpen: (key: string) => boolean,
): MoveTarget | undefined {
  if (spot.key === ROOT) return { parent: ROOT };
  if (moved.includes(spot.key) || !tree.nodes.has(spot.key)) return undefined;
  if (spot.placement === 'inside') return { parent: spot.key };
  const kids = tree.children.get(spot.key);
  if (spot.placement === 'after' && kindOf(spot.key) === 'collection' && isOpen(spot.key) && kids?.[0]) {
    return { parent: spot.key, anchor: { key: kids[0], side: 'before' } };
  }
  return { parent: tree.parentOf.get(spot.key) ?? ROOT, anchor: { key: spot.key, side: spot.placement } };
}

/** Why the server would refuse moving `moved` into `parent` (a collection into itself or below itself), if it would. */
export function refusal(tree: ContentTree, moved: readonly string[], parent: string): string | undefined {
  if (parent === ROOT) return undefined;
  for (const key of moved) {
    if (kindOf(key) !== 'collection' || !isSelfOrDescendant(tree, parent, key)) continue;
    const title = tree.nodes.get(key)?.title ?? key;
    if (parent === key) return `A collection cannot go inside itself: “${title}” stays where it is.`;
    const into = tree.nodes.get(parent)?.title ?? parent;
    return `“${title}” cannot go inside “${into}”, one of its own sub-collections.`;
  }
  return undefined;
}

type Pointer = NonNullable<Static<typeof ContentPosition>['before']>;

function pointer(key: string): Pointer {
  const [kind, ...rest] = key.split(':');
  const id = rest.join(':');
  return kind === 'collection' ? { type: 'collection', collection: id } : { type: 'space', space: id };
}

/** The requests that move `keys` to `target`, each item keeping its place relative to the others it moves with. */
export function planMoves(tree: ContentTree, keys: readonly string[], target: MoveTarget): MoveRequest[] {
  const roots = movedRoots(tree, keys);
  const moving = new Set(roots);
  const siblings = (tree.children.get(target.parent) ?? []).filter((key) => !moving.has(key));
  const collections = siblings.filter((key) => kindOf(key) === 'collection');
  const spaces = siblings.filter((key) => kindOf(key) === 'space');
  const anchor =
    target.anchor !== undefined && siblings.includes(target.anchor.key) ? target.anchor : undefined;
  const requests: MoveRequest[] = [];
  for (const kind of ['collection', 'space'] as const) {
    const group = roots.filter((key) => kindOf(key) === kind);
    if (group.length === 0) continue;
    let ref: MoveTarget['anchor'];
    if (anchor !== undefined && kindOf(anchor.key) === kind) ref = anchor;
    else if (kind === 'collection') {
      const last = collections.at(-1);
      const firstSpace = spaces[0];
      ref =
        last !== undefined
          ? { key: last, side: 'after' }
          : firstSpace !== undefined
            ? { key: firstSpace, side: 'before' }
            : undefined;
    } else {
      // Dropped next to a collection: first among the spaces. At the end: after the last sibling.
      const firstSpace = anchor !== undefined ? spaces[0] : undefined;
      const last = spaces.at(-1) ?? collections.at(-1);
      ref =
        firstSpace !== undefined
          ? { key: firstSpace, side: 'before' }
          : last !== undefined
            ? { key: last, side: 'after' }
            : undefined;
    }
    for (const key of group) {
      const node = tree.nodes.get(key)!;
      requests.push({
        key,
        kind,
        id: node.id,
        title: node.title,
        body: {
          parent: parentId(target.parent),
          ...(ref !== undefined ? { position: { [ref.side]: pointer(ref.key) } } : {}),
        },
      });
      ref = { key, side: 'after' };
    }
  }
  return requests;
}

/**
 * Alt+ArrowUp / Alt+ArrowDown: one place up or down among the siblings of the same type (the display keeps
 * collections ahead of spaces), or `undefined` at the first or last of them.
 */
export function stepTarget(tree: ContentTree, key: string, direction: 'up' | 'down'): MoveTarget | undefined {
  const parent = tree.parentOf.get(key);
  if (parent === undefined) return undefined;
  const same = (tree.children.get(parent) ?? []).filter((sibling) => kindOf(sibling) === kindOf(key));
  const index = same.indexOf(key);
  const next = same[direction === 'up' ? index - 1 : index + 1];
  if (index === -1 || next === undefined) return undefined;
  return { parent, anchor: { key: next, side: direction === 'up' ? 'before' : 'after' } };
}

function withParent<T extends { parent?: string }>(item: T, parent: string | null): T {
  const next = { ...item };
  if (parent === null) delete next.parent;
  else next.parent = parent;
  return next;
}

function place<T extends { id: string; parent?: string }>(
  list: readonly T[],
  id: string,
  kind: ItemKind,
  body: MoveRequest['body'],
  edit: (item: T) => T,
): T[] {
  const index = list.findIndex((item) => item.id === id);
  if (index === -1) return [...list];
  const rest = [...list.slice(0, index), ...list.slice(index + 1)];
  const parent = body.parent === undefined ? (list[index]!.parent ?? null) : body.parent;
  const moved = edit(withParent(list[index]!, parent));
  const ref = body.position?.before ?? body.position?.after;
  const refId = ref === undefined ? undefined : ref.type === 'space' ? ref.space : ref.collection;
  let at = ref?.type === kind ? rest.findIndex((item) => item.id === refId) : -1;
  if (at !== -1 && body.position?.before === undefined) at += 1;
  if (at === -1) {
    // The end of the parent's children of this type: after the last one, or the end of the list.
    const parentOf = (item: T) => item.parent ?? null;
    const last = rest.findLastIndex((item) => parentOf(item) === parent);
    at = last === -1 ? rest.length : last + 1;
  }
  rest.splice(at, 0, moved);
  return rest;
}

/** The lists as they will be once the requests succeed (an item at the top level leaves `in-collection`). */
export function applyMoves(lists: ContentLists, requests: readonly MoveRequest[]): ContentLists {
  let { collections, spaces } = lists;
  for (const request of requests) {
    if (request.kind === 'collection') {
      collections = place(collections, request.id, 'collection', request.body, (item) => item);
    } else {
      spaces = place(spaces, request.id, 'space', request.body, (space) =>
        space.parent === undefined && space.visibility === 'in-collection'
          ? { ...space, visibility: 'private' }
          : space,
      );
    }
  }
  return { collections, spaces };
}

/** "Guides" / "3 items", for messages. */
export function itemsPhrase(tree: ContentTree, keys: readonly string[]): string {
  if (keys.length === 1) return `“${tree.nodes.get(keys[0]!)?.title ?? keys[0]}”`;
  return `${keys.length} items`;
}

/** One destination of the list. */
export interface Destination {
  key: string;
  title: string;
  path: string;
  depth: number;
  /** Why it cannot take the moved items, if it cannot. */
  blocked: string | undefined;
  current: boolean;
}

/** The top level, then every collection in tree order; a moved collection and its descendants are blocked. */
export function destinations(tree: ContentTree, moved: readonly string[]): Destination[] {
  const movedCollections = moved.filter((key) => key.startsWith('collection:'));
  const parents = new Set(moved.map((key) => tree.parentOf.get(key) ?? ROOT));
  const currentParent = parents.size === 1 ? [...parents][0] : undefined;
  const list: Destination[] = [
    {
      key: ROOT,
      title: 'Top level',
      path: 'Top level',
      depth: 0,
      blocked: undefined,
      current: currentParent === ROOT,
    },
  ];
  const collections = [...tree.order.entries()]
    .filter(([key]) => key.startsWith('collection:'))
    .sort((a, b) => a[1] - b[1]);
  for (const [key] of collections) {
    let depth = 0;
    for (let at = tree.parentOf.get(key); at !== undefined && at !== ROOT; at = tree.parentOf.get(at))
      depth++;
    const inside = movedCollections.find((movedKey) => isSelfOrDescendant(tree, key, movedKey));
    list.push({
      key,
      title: tree.nodes.get(key)?.title ?? key,
      path: pathTitle(tree, key),
      depth: depth + 1,
      blocked:
        inside === undefined ? undefined : inside === key ? 'being moved' : 'inside a collection being moved',
      current: currentParent === key,
    });
  }
  return list;
}
