import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../shared/contract/resources/revisions.ts';
import { buildReviewTree } from './diff/classify.ts';
import { summarizeChanges } from './summary.ts';

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
    expect(summarizeChanges(tree, tree).total).toBe(0);
  });

  it('finds added and deleted pages, nested ones too', () => {
    const base = [page('a', { pages: [page('b')] }), page('c')];
    const head = [page('a', { pages: [page('d')] }), page('c')];
    const { summary } = summarizeChanges(base, head);
    expect(ids(summary.added)).toEqual(['d']);
    expect(ids(summary.deleted)).toEqual(['b']);
    expect(summary.moved).toEqual([]);
  });

  it('does not call siblings moved when a page is inserted before them', () => {
    const base = [page('a'), page('b'), page('c')];
    const head = [page('new'), page('a'), page('b'), page('c')];
    expect(summarizeChanges(base, head).summary.moved).toEqual([]);
  });

  it('finds a page moved to another parent or reordered among its siblings', () => {
    const base = [page('a', { pages: [page('b')] }), page('c'), page('d'), page('e')];
    const head = [page('a'), page('b'), page('d'), page('e'), page('c')];
    expect(ids(summarizeChanges(base, head).summary.moved).sort()).toEqual(['b', 'c']);
  });

  it('tells body edits, renames and property changes apart', () => {
    const base = [page('a'), page('b'), page('c')];
    const head = [
      page('a', { documentId: 'doc-a2' }),
      page('b', { title: 'Renamed' }),
      page('c', { emoji: '1f600' }),
    ];
    const { summary } = summarizeChanges(base, head);
    expect(ids(summary.edited)).toEqual(['a']);
    expect(summary.renamed).toEqual([{ id: 'b', title: 'Renamed' }]);
    expect(ids(summary.metadata)).toEqual(['c']);
  });

  it('counts a page both moved and edited once', () => {
    const base = [page('a', { pages: [page('b')] })];
    const head = [page('a'), page('b', { documentId: 'other' })];
    const { summary, total } = summarizeChanges(base, head);
    expect(ids(summary.moved)).toEqual(['b']);
    expect(ids(summary.edited)).toEqual(['b']);
    expect(total).toBe(1);
  });

  it('agrees with the Changes tab on which pages changed and which moved', () => {
    // Swapping two siblings among several: the Overview once named one page and the Changes tab the other.
    const base = [page('search'), page('editor'), page('api'), page('cli'), page('sdk'), page('faq')];
    const head = [page('editor'), page('api'), page('search', { documentId: 'x' }), page('cli'), page('sdk')];
    const tree = buildReviewTree(base, head);
    const { summary, total } = summarizeChanges(base, head);
    expect(total).toBe(tree.changed.length);
    expect(ids(summary.moved)).toEqual(
      tree.changed.filter((id) => tree.nodes.get(id)!.change!.kinds.includes('moved')),
    );
  });
});
