import { describe, expect, it } from 'vitest';
import { descendantIds } from '../../queries/collections.ts';
import { collectionDeletePhrase } from './phrases.ts';

describe('collectionDeletePhrase', () => {
  it('says what goes and what waits in the Trash', () => {
    expect(collectionDeletePhrase(2, 5)).toBe(
      'Its 2 sub-collections are removed, and its 5 spaces go to the Trash for 7 days (restored at the top level). The collection itself cannot be restored.',
    );
    expect(collectionDeletePhrase(1, 1)).toMatch(
      /^Its sub-collection is removed, and its space goes to the Trash/,
    );
    expect(collectionDeletePhrase(0, 0)).toBe(
      'It has no sub-collections, and it holds no spaces. The collection itself cannot be restored.',
    );
  });
});

describe('descendantIds', () => {
  it('finds sub-collections at any depth, and survives a cycle', () => {
    const collections = [
      { id: 'a' },
      { id: 'b', parent: 'a' },
      { id: 'c', parent: 'b' },
      { id: 'd', parent: 'x' },
      { id: 'x', parent: 'd' },
    ];
    expect(descendantIds(collections, 'a')).toEqual(['b', 'c']);
    expect(descendantIds(collections, 'c')).toEqual([]);
    expect(descendantIds(collections, 'x')).toEqual(['d']);
  });
});
