import { describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/contract/resources/revisions.ts';
import { findConflicts, linesConflict } from './mergeCheck.ts';

const page = (id: string, fields: Partial<Page> = {}, pages: Page[] = []): Page => ({
  id,
  title: id.toUpperCase(),
  type: 'document',
  slug: id,
  path: id,
  documentId: `${id}-doc`,
  pages,
  ...fields,
});

const BODIES: Record<string, string> = {
  'a-doc': 'one\ntwo\nthree\nfour\nfive',
  'a-main': 'one\nTWO (main)\nthree\nfour\nfive',
  'a-cr': 'one\nTWO (request)\nthree\nfour\nfive',
  'a-cr-far': 'one\ntwo\nthree\nfour\nFIVE (request)',
};

async function check(base: Page[], main: Page[], changeRequest: Page[]) {
  const reads: string[] = [];
  const conflicts = await findConflicts({
    base,
    main,
    changeRequest,
    read: async (side, _pageId, documentId) => {
      reads.push(`${side}:${documentId}`);
      return BODIES[documentId] ?? '';
    },
  });
  return { conflicts, reads };
}

describe('the merge check computed in the app', () => {
  it('merges line changes in separate places, and reads only bodies both sides changed', async () => {
    const base = [page('a'), page('b')];
    const { conflicts, reads } = await check(
      base,
      [page('a', { documentId: 'a-main' }), page('b')],
      [page('a', { documentId: 'a-cr-far' }), page('b', { documentId: 'b-cr' })],
    );
    expect(conflicts).toEqual([]);
    expect(reads.sort()).toEqual(['base:a-doc', 'changeRequest:a-cr-far', 'main:a-main']);
  });

  it('names a content conflict with the three markdowns', async () => {
    const { conflicts } = await check(
      [page('a')],
      [page('a', { documentId: 'a-main' })],
      [page('a', { documentId: 'a-cr' })],
    );
    expect(conflicts).toEqual([
      {
        page: { id: 'a', title: 'A', path: 'a' },
        kind: 'content',
        message: '“A” was edited on the same lines in the main content and in the change request',
        base: BODIES['a-doc'],
        main: BODIES['a-main'],
        changeRequest: BODIES['a-cr'],
      },
    ]);
  });

  it('finds edited-deleted, metadata and structure conflicts, in the request\u2019s page order', async () => {
    const base = [page('a'), page('b'), page('c', {}, [page('d')]), page('e')];
    const main = [page('a', { title: 'Main title' }), page('c', {}, [page('e')]), page('d')];
    const changeRequest = [
      page('e'),
      page('a', { title: 'Request title' }),
      page('b', { emoji: '🎉' }),
      page('c', {}, [page('d')]),
      page('f'),
    ];
    const { conflicts } = await check(base, main, changeRequest);
    expect(conflicts.map((c) => [c.page.id, c.kind, c.message])).toEqual([
      ['a', 'metadata', 'the title of “Request title” changed differently on both sides'],
      ['b', 'edited-deleted', '“B” was deleted in the main content and edited in the change request'],
    ]);
    // The request moved nothing (e went up a level on main only), and removed nothing: no structure conflict.
    const moved = await check(base, main, [page('a'), page('b'), page('c'), page('e', {}, [page('d')])]);
    expect(moved.conflicts.map((c) => [c.page.id, c.kind])).toEqual([['d', 'structure']]);
  });

  it('reads nothing and finds nothing when only one side changed', async () => {
    const { conflicts, reads } = await check([page('a')], [page('a')], [page('a', { documentId: 'a-cr' })]);
    expect(conflicts).toEqual([]);
    expect(reads).toEqual([]);
  });

  it('tells overlapping line changes from separate ones, as diff3', () => {
    expect(linesConflict('x\ny', 'x\nY', 'x\nZ')).toBe(true);
    expect(linesConflict('x\ny\nz\nw', 'X\ny\nz\nw', 'x\ny\nz\nW')).toBe(false);
  });
});
