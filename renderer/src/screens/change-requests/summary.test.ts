import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../shared/contract/resources/revisions.ts';
import { changedPageCount, longestIncreasing, summarizeChanges } from './summary.ts';

const page = (id: string, extra: Partial<Page> = {}): Page => ({
  id,
  title: id.toUpperCase(),
  type: 'document',
  documentId: `doc-${id}`,
  ...extra,
});
const ids = (pages: { id: string }[]) => pages.map((p) => p.id);

describe('summarizeChanges', () => {
  it('finds nothing between equal trees', () => {
    const tree = [page('a', { pages: [page('b')] }), page('c')];
    const summary = summarizeChanges(tree, tree);
    expect(changedPageCount(summary)).toBe(0);
  });

  it('finds added and deleted pages, nested ones too', () => {
    const base = [page('a', { pages: [page('b')] }), page('c')];
    const head = [page('a', { pages: [page('d')] }), page('c')];
    const summary = summarizeChanges(base, head);
    expect(ids(summary.added)).toEqual(['d']);
    expect(ids(summary.deleted)).toEqual(['b']);
    expect(summary.moved).toEqual([]);
  });

  it('does not call siblings moved when a page is inserted before them', () => {
    const base = [page('a'), page('b'), page('c')];
    const head = [page('new'), page('a'), page('b'), page('c')];
    expect(summarizeChanges(base, head).moved).toEqual([]);
  });

  it('finds a page moved to another parent or reordered among its siblings', () => {
    const base = [page('a', { pages: [page('b')] }), page('c'), page('d'), page('e')];
    const head = [page('a'), page('b'), page('d'), page('e'), page('c')];
    const summary = summarizeChanges(base, head);
    expect(ids(summary.moved).sort()).toEqual(['b', 'c']);
  });

  it('finds body edits (a new document) and metadata edits', () => {
    const base = [page('a'), page('b'), page('c')];
    const head = [page('a', { documentId: 'doc-a2' }), page('b', { title: 'Renamed' }), page('c')];
    const summary = summarizeChanges(base, head);
    expect(ids(summary.edited)).toEqual(['a', 'b']);
    expect(summary.edited[1]!.title).toBe('Renamed');
  });

  it('counts a page both moved and edited once', () => {
    const base = [page('a', { pages: [page('b')] })];
    const head = [page('a'), page('b', { documentId: 'other' })];
    const summary = summarizeChanges(base, head);
    expect(ids(summary.moved)).toEqual(['b']);
    expect(ids(summary.edited)).toEqual(['b']);
    expect(changedPageCount(summary)).toBe(1);
  });
});

describe('longestIncreasing', () => {
  it('keeps one longest increasing run', () => {
    expect([...longestIncreasing([0, 1, 2])].sort()).toEqual([0, 1, 2]);
    expect(longestIncreasing([2, 0, 1]).size).toBe(2);
    expect(longestIncreasing([]).size).toBe(0);
  });
});
