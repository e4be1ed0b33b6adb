/**
 * The Undo of a move in the content tree: requests that put every moved item back where the tree before the move
 * had it, sent in the tree's order so that each one's neighbour is already back in place.
 */
import type { ContentPosition } from '../../../../shared/contract/resources/content.ts';
import type { Static } from '@sinclair/typebox';
import { movedRoots, type MoveRequest } from './moves.ts';
import { parentId, ROOT, type ContentTree } from './tree.ts';

type Position = Static<typeof ContentPosition>;

function kindOf(key: string): 'collection' | 'space' {
  return key.startsWith('collection:') ? 'collection' : 'space';
}

function pointer(key: string): NonNullable<Position['before']> {
  const id = key.slice(key.indexOf(':') + 1);
  return kindOf(key) === 'collection' ? { type: 'collection', collection: id } : { type: 'space', space: id };
}

/**
 * Where `key` was among its parent's children, for a request sent after the items before it were put back: after
 * its previous sibling of the same kind; else before the next one that did not move; else (no sibling of its kind
 * left) a collection before the spaces, a space after the collections; else the end.
 */
function formerPosition(tree: ContentTree, key: string, moved: ReadonlySet<string>): Position | undefined {
  const parent = tree.parentOf.get(key) ?? ROOT;
  const siblings = tree.children.get(parent) ?? [];
  const same = siblings.filter((sibling) => kindOf(sibling) === kindOf(key));
  const index = same.indexOf(key);
  const previous = same[index - 1];
  if (previous !== undefined) return { after: pointer(previous) };
  const next = same.slice(index + 1).find((sibling) => !moved.has(sibling));
  if (next !== undefined) return { before: pointer(next) };
  const others = siblings.filter((sibling) => kindOf(sibling) !== kindOf(key));
  if (kindOf(key) === 'collection') {
    const firstSpace = others.find((sibling) => !moved.has(sibling));
    return firstSpace !== undefined ? { before: pointer(firstSpace) } : undefined;
  }
  const lastCollection = others.at(-1);
  return lastCollection !== undefined ? { after: pointer(lastCollection) } : undefined;
}

/** The requests that undo moving `keys`, computed on the tree as it was before the move. */
export function undoRequests(before: ContentTree, keys: readonly string[]): MoveRequest[] {
  const roots = movedRoots(before, keys);
  const moved = new Set(roots);
  return roots.map((key) => {
    const node = before.nodes.get(key)!;
    const position = formerPosition(before, key, moved);
    return {
      key,
      kind: kindOf(key),
      id: node.id,
      title: node.title,
      body: {
        parent: parentId(before.parentOf.get(key) ?? ROOT),
        ...(position !== undefined ? { position } : {}),
      },
    };
  });
}
