import { describe, expect, it } from 'vitest';
import { collection, space } from './fixtures.ts';
import { applyMoves, planMoves } from './moves.ts';
import { buildTree, type ContentTree } from './tree.ts';
import { undoRequests } from './undoMoves.ts';

// Top level: guides ⊃ (api ⊃ (ref), intro, setup, extra), blog (empty); spaces home, faq.
const lists = {
  collections: [collection('guides'), collection('blog'), collection('api', 'guides')],
  spaces: [
    space('home'),
    space('intro', 'guides'),
    space('setup', 'guides'),
    space('extra', 'guides'),
    space('faq'),
    space('ref', 'api'),
  ],
};

/** The tree as a nested outline, for comparisons. */
function outline(tree: ContentTree, parent = ''): string[] {
  return (tree.children.get(parent) ?? []).map((key) => {
    const kids = outline(tree, key);
    return kids.length === 0 ? key : `${key}(${kids.join(' ')})`;
  });
}

/** Moves `keys` to `target`, then applies the undo: answers the outline before and after. */
function moveAndUndo(keys: string[], target: Parameters<typeof planMoves>[2]) {
  const before = buildTree(lists.collections, lists.spaces);
  const movedLists = applyMoves(lists, planMoves(before, keys, target));
  const back = applyMoves(movedLists, undoRequests(before, keys));
  return {
    before: outline(before),
    moved: buildTree(movedLists.collections, movedLists.spaces),
    after: outline(buildTree(back.collections, back.spaces)),
  };
}

describe('undoRequests', () => {
  it('puts one space back between its neighbours', () => {
    const { before, moved, after } = moveAndUndo(['space:setup'], { parent: 'collection:blog' });
    expect(outline(moved)).not.toEqual(before);
    expect(after).toEqual(before);
  });

  it('puts adjacent items back in their order, and a collection back with its content', () => {
    expect(moveAndUndo(['space:intro', 'space:setup'], { parent: '' }).after).toEqual(
      moveAndUndo([], { parent: '' }).before,
    );
    const { before, after } = moveAndUndo(['collection:api', 'space:home'], { parent: 'collection:blog' });
    expect(after).toEqual(before);
  });

  it('puts the first item of a parent back first, and the only one of its kind back before the spaces', () => {
    const first = moveAndUndo(['space:intro'], { parent: '' });
    expect(first.after).toEqual(first.before);
    const only = moveAndUndo(['collection:api'], { parent: '' });
    expect(only.after).toEqual(only.before);
  });

  it('sends the parent and a position of the same kind', () => {
    const before = buildTree(lists.collections, lists.spaces);
    expect(undoRequests(before, ['space:setup']).map((r) => r.body)).toEqual([
      { parent: 'guides', position: { after: { type: 'space', space: 'intro' } } },
    ]);
    expect(undoRequests(before, ['space:home']).map((r) => r.body)).toEqual([
      { parent: null, position: { before: { type: 'space', space: 'faq' } } },
    ]);
  });
});
