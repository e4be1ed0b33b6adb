import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../../shared/contract/resources/revisions.ts';
import { buildReviewTree, changeSummary, pathLabel, visibleRows } from './classify.ts';

/** A page: `id`, title `T<id>`, body document `d<id>` unless given. */
function page(id: string, fields: Partial<Page> = {}, pages?: Page[]): Page {
  return {
    id,
    title: `T${id}`,
    type: 'document',
    slug: `s${id}`,
    documentId: `d${id}`,
    ...fields,
    ...(pages !== undefined ? { pages } : {}),
  };
}

const kindsOf = (tree: ReturnType<typeof buildReviewTree>) =>
  Object.fromEntries(tree.changed.map((id) => [id, tree.nodes.get(id)!.change!.kinds]));

describe('classifying pages', () => {
  it('finds nothing when both trees are the same', () => {
    const pages = [page('a', {}, [page('b')]), page('c')];
    const tree = buildReviewTree(pages, pages);
    expect(tree.changed).toEqual([]);
    expect(tree.baseCount).toBe(3);
  });

  it('tells added, deleted, edited, renamed and metadata changes apart', () => {
    const base = [page('a'), page('b'), page('c'), page('d'), page('e')];
    const head = [
      page('a', { documentId: 'new' }),
      page('b', { title: 'Renamed' }),
      page('c', { slug: 'other' }),
      page('e', { emoji: '1f680' }),
      page('f'),
    ];
    const tree = buildReviewTree(base, head);
    expect(kindsOf(tree)).toEqual({
      a: ['edited'],
      b: ['renamed'],
      c: ['renamed'],
      d: ['deleted'],
      e: ['metadata'],
      f: ['added'],
    });
    expect(tree.nodes.get('e')!.change!.fields).toEqual(['emoji']);
    expect(tree.nodes.get('a')!.change!.bodyChanged).toBe(true);
    expect(tree.nodes.get('b')!.change!.bodyChanged).toBe(false);
  });

  it('calls a page moved when its parent changes, and keeps edits and renames with it', () => {
    const base = [page('a', {}, [page('x')]), page('b')];
    const head = [page('a'), page('b', {}, [page('x', { title: 'X2', documentId: 'dx2' })])];
    const tree = buildReviewTree(base, head);
    const x = tree.nodes.get('x')!.change!;
    expect(x.kinds).toEqual(['moved', 'renamed', 'edited']);
    expect(pathLabel(x.base!.path)).toBe('Ta');
    expect(pathLabel(x.head!.path)).toBe('Tb');
    expect(changeSummary(x)).toBe('Moved, renamed and edited');
    expect(tree.changed).toEqual(['x']);
  });

  it('does not call a page moved when a sibling is inserted or removed before it', () => {
    const base = [page('a'), page('b'), page('c')];
    expect(kindsOf(buildReviewTree(base, [page('n'), page('a'), page('b'), page('c')]))).toEqual({
      n: ['added'],
    });
    expect(kindsOf(buildReviewTree(base, [page('b'), page('c')]))).toEqual({ a: ['deleted'] });
  });

  it('calls only the page whose relative order changed moved', () => {
    const base = [page('a'), page('b'), page('c'), page('d')];
    const tree = buildReviewTree(base, [page('d'), page('a'), page('b'), page('c')]);
    expect(kindsOf(tree)).toEqual({ d: ['moved'] });
    const moved = tree.nodes.get('d')!.change!;
    expect([moved.base!.index, moved.head!.index]).toEqual([3, 0]);
  });

  it('places deleted pages at their base place, after the sibling before them', () => {
    const base = [page('a'), page('b', {}, [page('b1'), page('b2')]), page('c')];
    const head = [page('a'), page('c')];
    const tree = buildReviewTree(base, head);
    expect(tree.roots).toEqual(['a', 'b', 'c']);
    expect(tree.nodes.get('b')!.children).toEqual(['b1', 'b2']);
    expect(tree.changed).toEqual(['b', 'b1', 'b2']);
    expect(kindsOf(tree)['b1']).toEqual(['deleted']);
  });

  it('keeps a deleted page first when the siblings before it moved away', () => {
    const base = [page('p', {}, [page('a'), page('gone'), page('b')])];
    const head = [page('p', {}, [page('b')]), page('a')];
    const tree = buildReviewTree(base, head);
    expect(tree.nodes.get('p')!.children).toEqual(['gone', 'b']);
    expect(tree.roots).toEqual(['p', 'a']);
  });

  it('treats a page without body on both sides as not edited', () => {
    const base = [page('g', { type: 'group', documentId: undefined })];
    const head = [page('g', { type: 'group', documentId: undefined, title: 'Group' })];
    const change = buildReviewTree(base, head).nodes.get('g')!.change!;
    expect(change.kinds).toEqual(['renamed']);
    expect(change.bodyChanged).toBe(false);
    const added = buildReviewTree([], [page('e', { documentId: undefined })]).nodes.get('e')!.change!;
    expect(added.bodyChanged).toBe(false);
  });
});

describe('visible rows', () => {
  const base = [page('a', {}, [page('a1'), page('a2')]), page('b', {}, [page('b1')])];
  const head = [page('a', {}, [page('a1', { documentId: 'x' }), page('a2')]), page('b', {}, [page('b1')])];
  const tree = buildReviewTree(base, head);

  it('shows only changed pages and their ancestors by default', () => {
    const rows = visibleRows(tree, { onlyChanged: true, collapsed: new Set() });
    expect(rows.map((row) => [row.id, row.depth, row.posInSet, row.setSize])).toEqual([
      ['a', 0, 1, 1],
      ['a1', 1, 1, 1],
    ]);
  });

  it('shows every page, and hides the children of a collapsed one', () => {
    expect(visibleRows(tree, { onlyChanged: false, collapsed: new Set() }).map((row) => row.id)).toEqual([
      'a',
      'a1',
      'a2',
      'b',
      'b1',
    ]);
    const rows = visibleRows(tree, { onlyChanged: false, collapsed: new Set(['a']) });
    expect(rows.map((row) => row.id)).toEqual(['a', 'b', 'b1']);
    expect(rows[0]).toMatchObject({ parent: true, expanded: false });
  });
});
