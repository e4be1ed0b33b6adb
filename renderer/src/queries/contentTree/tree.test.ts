import { describe, expect, it } from 'vitest';
import { collection, space } from './fixtures.ts';
import { allCollectionKeys, buildTree, flattenVisible, isSelfOrDescendant, pathTitle, ROOT } from './tree.ts';

// Guides ⊃ (API ⊃ (ref), intro), Blog; spaces at the top level: home, faq.
const lists = {
  collections: [collection('guides'), collection('blog'), collection('api', 'guides', 'API')],
  spaces: [space('home'), space('intro', 'guides'), space('faq'), space('ref', 'api', 'Reference')],
};

const keysOf = (rows: { key: string; depth: number }[]) => rows.map((row) => `${row.depth}:${row.key}`);

describe('buildTree', () => {
  it('puts collections first, then spaces, each in the order of their list', () => {
    const tree = buildTree(lists.collections, lists.spaces);
    expect(tree.children.get(ROOT)).toEqual([
      'collection:guides',
      'collection:blog',
      'space:home',
      'space:faq',
    ]);
    expect(tree.children.get('collection:guides')).toEqual(['collection:api', 'space:intro']);
    expect(tree.children.get('collection:api')).toEqual(['space:ref']);
    expect(tree.collections).toBe(3);
    expect(tree.spaces).toBe(4);
  });

  it('numbers the fully expanded order depth first', () => {
    const tree = buildTree(lists.collections, lists.spaces);
    const ordered = [...tree.order.entries()].sort((a, b) => a[1] - b[1]).map(([key]) => key);
    expect(ordered).toEqual([
      'collection:guides',
      'collection:api',
      'space:ref',
      'space:intro',
      'collection:blog',
      'space:home',
      'space:faq',
    ]);
  });

  it('shows items of an unlisted parent, and collections in a parent cycle, at the top level', () => {
    const tree = buildTree(
      [collection('a', 'b'), collection('b', 'a'), collection('c', 'gone')],
      [space('s', 'gone')],
    );
    expect(tree.children.get(ROOT)).toEqual(['collection:a', 'collection:b', 'collection:c', 'space:s']);
    expect(tree.parentOf.get('space:s')).toBe(ROOT);
  });
});

describe('flattenVisible', () => {
  const tree = buildTree(lists.collections, lists.spaces);

  it('shows only the top level when nothing is expanded', () => {
    const rows = flattenVisible(tree, new Set());
    expect(keysOf(rows)).toEqual(['0:collection:guides', '0:collection:blog', '0:space:home', '0:space:faq']);
    expect(rows[0]).toMatchObject({ hasChildren: true, expanded: false, posInSet: 1, setSize: 4 });
    // An empty collection has nothing to expand.
    expect(rows[1]).toMatchObject({ hasChildren: false, expanded: false });
  });

  it('walks into expanded collections only', () => {
    const rows = flattenVisible(tree, new Set(['collection:guides']));
    expect(keysOf(rows)).toEqual([
      '0:collection:guides',
      '1:collection:api',
      '1:space:intro',
      '0:collection:blog',
      '0:space:home',
      '0:space:faq',
    ]);
    expect(rows[2]).toMatchObject({ parentKey: 'collection:guides', posInSet: 2, setSize: 2 });
    const all = flattenVisible(tree, new Set(allCollectionKeys(tree)));
    expect(all).toHaveLength(7);
  });

  it('filters by title (case-insensitive), showing each match with its ancestors open', () => {
    const rows = flattenVisible(tree, new Set(), '  refer ');
    expect(keysOf(rows)).toEqual(['0:collection:guides', '1:collection:api', '2:space:ref']);
    expect(rows.map((row) => row.match)).toEqual([false, false, true]);
    expect(rows[0]).toMatchObject({ expanded: true, setSize: 1 });
    expect(flattenVisible(tree, new Set(), 'nothing like it')).toEqual([]);
  });

  it('keeps a flat list of 10,000 spaces in 500 collections quick to compute', () => {
    const collections = Array.from({ length: 500 }, (_, i) => collection(`c${i}`));
    const spaces = Array.from({ length: 10_000 }, (_, i) => space(`s${i}`, `c${i % 500}`));
    const big = buildTree(collections, spaces);
    const rows = flattenVisible(big, new Set(allCollectionKeys(big)));
    expect(rows).toHaveLength(10_500);
    expect(rows[1]).toMatchObject({ key: 'space:s0', depth: 1, setSize: 20 });
  });
});

describe('tree helpers', () => {
  const tree = buildTree(lists.collections, lists.spaces);

  it('knows descendants', () => {
    expect(isSelfOrDescendant(tree, 'space:ref', 'collection:guides')).toBe(true);
    expect(isSelfOrDescendant(tree, 'collection:guides', 'collection:guides')).toBe(true);
    expect(isSelfOrDescendant(tree, 'collection:guides', 'collection:api')).toBe(false);
    expect(isSelfOrDescendant(tree, 'space:home', 'collection:blog')).toBe(false);
  });

  it('names paths', () => {
    expect(pathTitle(tree, 'collection:api')).toBe('guides / API');
    expect(pathTitle(tree, ROOT)).toBe('Top level');
  });
});
