import { describe, expect, it } from 'vitest';
import { collection, space } from './fixtures.ts';
import {
  applyMoves,
  destinations,
  movedRoots,
  placementAt,
  planMoves,
  refusal,
  stepTarget,
  targetOfDrop,
} from './moves.ts';
import { buildTree, ROOT } from './tree.ts';

// Top level: guides ⊃ (api ⊃ (ref), intro, setup), blog (empty); spaces home, faq.
const lists = {
  collections: [collection('guides'), collection('blog'), collection('api', 'guides')],
  spaces: [
    space('home'),
    space('intro', 'guides'),
    space('setup', 'guides'),
    space('faq'),
    space('ref', 'api'),
  ],
};
const tree = buildTree(lists.collections, lists.spaces);
const closed = () => false;

describe('placementAt', () => {
  it('splits a collection row in quarters: before, inside, inside, after', () => {
    expect(placementAt(0, 32, 'collection')).toBe('before');
    expect(placementAt(7, 32, 'collection')).toBe('before');
    expect(placementAt(8, 32, 'collection')).toBe('inside');
    expect(placementAt(23, 32, 'collection')).toBe('inside');
    expect(placementAt(24, 32, 'collection')).toBe('after');
  });

  it('splits a space row in halves: before, after', () => {
    expect(placementAt(15, 32, 'space')).toBe('before');
    expect(placementAt(16, 32, 'space')).toBe('after');
  });
});

describe('targetOfDrop', () => {
  it('goes inside a collection, or beside a row in its parent', () => {
    expect(
      targetOfDrop(tree, { key: 'collection:blog', placement: 'inside' }, ['space:home'], closed),
    ).toEqual({
      parent: 'collection:blog',
    });
    expect(targetOfDrop(tree, { key: 'space:setup', placement: 'before' }, ['space:home'], closed)).toEqual({
      parent: 'collection:guides',
      anchor: { key: 'space:setup', side: 'before' },
    });
  });

  it('reads "after an open collection" as first inside it', () => {
    const open = (key: string) => key === 'collection:guides';
    expect(
      targetOfDrop(tree, { key: 'collection:guides', placement: 'after' }, ['space:home'], open),
    ).toEqual({
      parent: 'collection:guides',
      anchor: { key: 'collection:api', side: 'before' },
    });
  });

  it('below the last row is the end of the top level; on a moved item, nothing', () => {
    expect(targetOfDrop(tree, { key: ROOT, placement: 'after' }, ['space:ref'], closed)).toEqual({
      parent: ROOT,
    });
    expect(
      targetOfDrop(tree, { key: 'space:home', placement: 'after' }, ['space:home'], closed),
    ).toBeUndefined();
  });
});

describe('refusal', () => {
  it('refuses a collection into itself or a descendant, with no request needed', () => {
    expect(refusal(tree, ['collection:guides'], 'collection:guides')).toMatch(/cannot go inside itself/);
    expect(refusal(tree, ['collection:guides'], 'collection:api')).toMatch(/“guides” cannot go inside “api”/);
    expect(refusal(tree, ['collection:api'], 'collection:blog')).toBeUndefined();
    expect(refusal(tree, ['collection:guides'], ROOT)).toBeUndefined();
    expect(refusal(tree, ['space:ref'], 'collection:api')).toBeUndefined();
  });
});

describe('planMoves', () => {
  it('moves a space before or after a space sibling', () => {
    const [request] = planMoves(tree, ['space:home'], {
      parent: 'collection:guides',
      anchor: { key: 'space:setup', side: 'before' },
    });
    expect(request).toMatchObject({
      kind: 'space',
      id: 'home',
      body: { parent: 'guides', position: { before: { type: 'space', space: 'setup' } } },
    });
  });

  it('turns a place next to a collection into one among its own type', () => {
    // A space dropped next to a collection: first among the spaces.
    expect(
      planMoves(tree, ['space:ref'], { parent: ROOT, anchor: { key: 'collection:blog', side: 'before' } })[0]
        ?.body,
    ).toEqual({ parent: null, position: { before: { type: 'space', space: 'home' } } });
    // A collection dropped next to a space: after the last collection.
    expect(
      planMoves(tree, ['collection:api'], { parent: ROOT, anchor: { key: 'space:faq', side: 'after' } })[0]
        ?.body,
    ).toEqual({ parent: null, position: { after: { type: 'collection', collection: 'blog' } } });
  });

  it('at the end of a parent: after the last sibling of the type, else keeps collections ahead of spaces', () => {
    expect(planMoves(tree, ['space:home'], { parent: 'collection:guides' })[0]?.body).toEqual({
      parent: 'guides',
      position: { after: { type: 'space', space: 'setup' } },
    });
    expect(planMoves(tree, ['space:home'], { parent: 'collection:api' })[0]?.body).toEqual({
      parent: 'api',
      position: { after: { type: 'space', space: 'ref' } },
    });
    expect(planMoves(tree, ['collection:blog'], { parent: 'collection:api' })[0]?.body).toEqual({
      parent: 'api',
      position: { before: { type: 'space', space: 'ref' } },
    });
    expect(planMoves(tree, ['space:home'], { parent: 'collection:blog' })[0]?.body).toEqual({
      parent: 'blog',
    });
  });

  it('moves several items in tree order, each after the one before it; children follow their collection', () => {
    const requests = planMoves(tree, ['space:faq', 'space:ref', 'collection:api', 'space:home'], {
      parent: 'collection:blog',
    });
    expect(requests.map((request) => [request.key, request.body])).toEqual([
      ['collection:api', { parent: 'blog' }],
      ['space:home', { parent: 'blog' }],
      ['space:faq', { parent: 'blog', position: { after: { type: 'space', space: 'home' } } }],
    ]);
  });

  it('knows which items move by themselves', () => {
    expect(movedRoots(tree, ['space:ref', 'collection:guides', 'space:home'])).toEqual([
      'collection:guides',
      'space:home',
    ]);
  });
});

describe('stepTarget', () => {
  it('moves one place among siblings of the same type, and not past the ends', () => {
    expect(stepTarget(tree, 'space:setup', 'up')).toEqual({
      parent: 'collection:guides',
      anchor: { key: 'space:intro', side: 'before' },
    });
    expect(stepTarget(tree, 'space:intro', 'down')).toEqual({
      parent: 'collection:guides',
      anchor: { key: 'space:setup', side: 'after' },
    });
    expect(stepTarget(tree, 'space:intro', 'up')).toBeUndefined();
    expect(stepTarget(tree, 'collection:blog', 'down')).toBeUndefined();
  });
});

describe('applyMoves', () => {
  it('gives the lists the tree will show once the server agrees', () => {
    const requests = [
      ...planMoves(tree, ['space:home'], {
        parent: 'collection:guides',
        anchor: { key: 'space:setup', side: 'before' },
      }),
      ...planMoves(tree, ['collection:api'], { parent: ROOT }),
    ];
    const moved = applyMoves(lists, requests);
    const after = buildTree(moved.collections, moved.spaces);
    expect(after.children.get('collection:guides')).toEqual(['space:intro', 'space:home', 'space:setup']);
    expect(after.children.get(ROOT)).toEqual([
      'collection:guides',
      'collection:blog',
      'collection:api',
      'space:faq',
    ]);
    // The collection's children follow it.
    expect(after.children.get('collection:api')).toEqual(['space:ref']);
  });

  it('makes an in-collection space private when it reaches the top level', () => {
    const moved = applyMoves(lists, planMoves(tree, ['space:intro'], { parent: ROOT }));
    expect(moved.spaces.find((item) => item.id === 'intro')).toMatchObject({ visibility: 'private' });
    expect(moved.spaces.find((item) => item.id === 'intro')?.parent).toBeUndefined();
  });
});

describe('destinations', () => {
  it('lists the top level then every collection, blocking a moved collection and what is inside it', () => {
    const list = destinations(tree, ['collection:guides']);
    expect(list.map((item) => [item.key, item.depth, item.blocked ?? '', item.current])).toEqual([
      [ROOT, 0, '', true],
      ['collection:guides', 1, 'being moved', false],
      ['collection:api', 2, 'inside a collection being moved', false],
      ['collection:blog', 1, '', false],
    ]);
    expect(destinations(tree, ['space:ref']).find((item) => item.current)?.path).toBe('guides / api');
  });
});
