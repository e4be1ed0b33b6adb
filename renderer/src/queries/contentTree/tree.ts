/**
 * The content tree as the screen shows it, built from the organization's flat lists of collections and spaces:
 * children of each parent in sibling order (collections first, then spaces, each in the server's order: the lists
 * do not expose how the two types interleave), flattened into the visible rows for the expansion and the filter.
 */
import type { Collection, Space } from '../../../../shared/contract/resources/content.ts';

/** A collection or a space. */
export type ItemKind = 'collection' | 'space';

/** The key of the top level in `children` and `parentOf`. */
export const ROOT = '';

/** One collection or space of the tree. */
export interface TreeNode {
  /** `collection:<id>` or `space:<id>`: unique across both types. */
  key: string;
  kind: ItemKind;
  id: string;
  title: string;
  item: Collection | Space;
}

/** The whole tree: nodes by key, children of each parent key in display order, parent of each key. */
export interface ContentTree {
  nodes: ReadonlyMap<string, TreeNode>;
  children: ReadonlyMap<string, readonly string[]>;
  parentOf: ReadonlyMap<string, string>;
  /** Position of every key in the fully expanded tree (to sort several items as the user sees them). */
  order: ReadonlyMap<string, number>;
  collections: number;
  spaces: number;
}

/** The key of an item. */
export function itemKey(kind: ItemKind, id: string): string {
  return `${kind}:${id}`;
}

/** The key of a parent collection id (`undefined`/`null`: the top level). */
export function parentKey(parent: string | null | undefined): string {
  return parent === undefined || parent === null ? ROOT : itemKey('collection', parent);
}

/** The collection id of a parent key (`null` for the top level). */
export function parentId(key: string): string | null {
  return key === ROOT ? null : key.slice('collection:'.length);
}

/**
 * Builds the tree. Items whose parent collection is not listed (not visible to the caller) sit at the top level;
 * so do collections caught in a parent cycle, which a consistent server never sends but must not hang the screen.
 */
export function buildTree(collections: readonly Collection[], spaces: readonly Space[]): ContentTree {
  const nodes = new Map<string, TreeNode>();
  const parentOf = new Map<string, string>();
  const collectionParent = new Map<string, string | undefined>();
  for (const collection of collections) collectionParent.set(collection.id, collection.parent);

  const resolvedParent = (collection: Collection): string => {
    const parent = collection.parent;
    if (parent === undefined || !collectionParent.has(parent)) return ROOT;
    const seen = new Set([collection.id]);
    for (let at: string | undefined = parent; at !== undefined; at = collectionParent.get(at)) {
      if (seen.has(at)) return ROOT;
      seen.add(at);
      if (!collectionParent.has(at)) break;
    }
    return itemKey('collection', parent);
  };

  const childCollections = new Map<string, string[]>();
  const childSpaces = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, parent: string, key: string) => {
    const list = map.get(parent);
    if (list === undefined) map.set(parent, [key]);
    else list.push(key);
  };
  for (const collection of collections) {
    const key = itemKey('collection', collection.id);
    if (nodes.has(key)) continue;
    nodes.set(key, { key, kind: 'collection', id: collection.id, title: collection.title, item: collection });
    const parent = resolvedParent(collection);
    parentOf.set(key, parent);
    push(childCollections, parent, key);
  }
  for (const space of spaces) {
    const key = itemKey('space', space.id);
    if (nodes.has(key)) continue;
    nodes.set(key, { key, kind: 'space', id: space.id, title: space.title, item: space });
    const parent =
      space.parent !== undefined && collectionParent.has(space.parent) ? parentKey(space.parent) : ROOT;
    parentOf.set(key, parent);
    push(childSpaces, parent, key);
  }
  const children = new Map<string, string[]>();
  for (const parent of new Set([...childCollections.keys(), ...childSpaces.keys()])) {
    children.set(parent, [...(childCollections.get(parent) ?? []), ...(childSpaces.get(parent) ?? [])]);
  }

  const order = new Map<string, number>();
  const stack = [...(children.get(ROOT) ?? [])].reverse();
  while (stack.length > 0) {
    const key = stack.pop()!;
    order.set(key, order.size);
    const kids = children.get(key);
    if (kids !== undefined) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }

  return {
    nodes,
    children,
    parentOf,
    order,
    collections: [...childCollections.values()].reduce((sum, list) => sum + list.length, 0),
    spaces: [...childSpaces.values()].reduce((sum, list) => sum + list.length, 0),
  };
}

/** One row of the visible list. */
export interface FlatRow {
  key: string;
  node: TreeNode;
  /** 0 at the top level. */
  depth: number;
  parentKey: string;
  /** Whether the row has children shown when expanded (for a filter: matching ones). */
  hasChildren: boolean;
  expanded: boolean;
  /** 1-based position among the visible siblings, and how many there are (for `aria-posinset`/`aria-setsize`). */
  posInSet: number;
  setSize: number;
  /** For a filter: whether the row matches it (not only an ancestor of a match). */
  match: boolean;
}

/** Whether `title` contains the filter text (case-insensitive; the filter is already lower-cased and trimmed). */
function matches(title: string, needle: string): boolean {
  return title.toLowerCase().includes(needle);
}

/** The keys to show for a filter: every matching item and its ancestors. */
export function filterKeys(tree: ContentTree, filter: string): Set<string> | undefined {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return undefined;
  const keep = new Set<string>();
  for (const node of tree.nodes.values()) {
    if (!matches(node.title, needle)) continue;
    for (let at: string | undefined = node.key; at !== undefined && at !== ROOT && !keep.has(at);) {
      keep.add(at);
      at = tree.parentOf.get(at);
    }
  }
  return keep;
}

/**
 * The rows to show: a depth-first walk of the expanded collections. With a filter, only matching items and their
 * ancestors, every ancestor shown open (the expansion the user chose comes back when the filter is cleared).
 */
export function flattenVisible(tree: ContentTree, expanded: ReadonlySet<string>, filter = ''): FlatRow[] {
  const keep = filterKeys(tree, filter);
  const needle = filter.trim().toLowerCase();
  const rows: FlatRow[] = [];
  const shownChildren = (key: string): readonly string[] => {
    const kids = tree.children.get(key) ?? [];
    return keep === undefined ? kids : kids.filter((kid) => keep.has(kid));
  };
  const walk = (parent: string, depth: number) => {
    // Iterative over siblings, recursive over depth: collections nest a few levels, never thousands.
    const kids = shownChildren(parent);
    kids.forEach((key, index) => {
      const node = tree.nodes.get(key)!;
      const grandchildren = node.kind === 'collection' ? shownChildren(key) : [];
      const hasChildren = grandchildren.length > 0;
      const open = hasChildren && (keep !== undefined || expanded.has(key));
      rows.push({
        key,
        node,
        depth,
        parentKey: parent,
        hasChildren,
        expanded: open,
        posInSet: index + 1,
        setSize: kids.length,
        match: keep === undefined || matches(node.title, needle),
      });
      if (open) walk(key, depth + 1);
    });
  };
  walk(ROOT, 0);
  return rows;
}

/** Every collection key (for "Expand all"). */
export function allCollectionKeys(tree: ContentTree): string[] {
  return [...tree.nodes.values()].filter((node) => node.kind === 'collection').map((node) => node.key);
}

/** Whether `key` is `ancestor` or sits anywhere below it. */
export function isSelfOrDescendant(tree: ContentTree, key: string, ancestor: string): boolean {
  for (let at: string | undefined = key; at !== undefined && at !== ROOT; at = tree.parentOf.get(at)) {
    if (at === ancestor) return true;
  }
  return false;
}

/** The collection keys above `key`, nearest first. */
export function ancestorsOf(tree: ContentTree, key: string): string[] {
  const found: string[] = [];
  for (let at = tree.parentOf.get(key); at !== undefined && at !== ROOT; at = tree.parentOf.get(at)) {
    found.push(at);
  }
  return found;
}

/** The title path of a parent key, e.g. "Guides / API", or "Top level". */
export function pathTitle(tree: ContentTree, key: string): string {
  if (key === ROOT) return 'Top level';
  return [key, ...ancestorsOf(tree, key)]
    .reverse()
    .map((at) => tree.nodes.get(at)?.title ?? '?')
    .join(' / ');
}
