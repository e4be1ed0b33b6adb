/**
 * Content on PostgreSQL: the space's link report (the one content handler) and the content writes that spaces and
 * change requests run in their transactions (`createSpaceRecordIn`, `insertRevisionIn`: bodies and bytes stored
 * once by hash, block keys carried to a page's new body). Services hold only a `PostgresStore` and a clock
 * (`usePostgresHandlers`); not over HTTP.
 *
 * Content has no write handler of its own: the reads its writes depend on (a space's sort key) are the callers',
 * whose concurrency tests are in spaces.postgres.test.ts. Here, revisions written together store a body's keys once.
 */
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../shared/markdown/blocks.ts';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { createSpaceRecordIn } from '../spaces/records.ts';
import { carriedKeys, initialKeys } from './block-keys.ts';
import { contentHandlers } from './handlers.ts';
import {
  documentId,
  insertRevisionIn,
  loadRevisionIn,
  type PageInput,
  type RevisionTree,
} from './revisions.ts';

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, space_groups, documents, blobs, page_block_keys',
});
const { context } = pg;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const PAGES: PageInput[] = [
  {
    title: 'Introduction',
    markdown: [
      'Start with [installing](getting-started/install.md) and read the [FAQ](faq.md).',
      '![Architecture](.gitbook/assets/architecture.png)',
      'Source on [GitHub](https://github.com/acme/docs).',
    ].join('\n'),
  },
  {
    title: 'Getting started',
    markdown: 'Pick [a step](install.md).',
    pages: [{ title: 'Install', markdown: 'Back to the [introduction](../introduction.md).' }],
  },
];

const createSpace = (pagesOf: PageInput[] = PAGES) =>
  pg.store.transaction((tx) =>
    createSpaceRecordIn(tx, pg.clock.now(), {
      organizationId: 'o1',
      parentId: null,
      title: 'Handbook',
      pages: pagesOf,
      files: [{ name: 'architecture.png', contentType: 'image/png', data: PNG }],
      actorId: 'admin',
    }),
  );

/** The tree of `tree` with its first page's body replaced by `markdown` (stored as the revision's writer does). */
async function editedTree(tree: RevisionTree, markdown: string): Promise<RevisionTree> {
  await pg.store.run(
    pg.store.q
      .insertInto('documents')
      .values({ id: documentId(markdown), markdown })
      .onConflict((oc) => oc.column('id').doNothing()),
  );
  const [first, ...rest] = tree.pages;
  return { ...tree, pages: [{ ...first!, documentId: documentId(markdown) }, ...rest] };
}

describe('content on PostgreSQL', () => {
  it('stores a new space’s pages, bodies and file bytes, and reports its links to a reader, by pages', async () => {
    const space = await createSpace();
    const revision = await loadRevisionIn(pg.store, space.revisionId);
    expect(revision.tree.pages.map((page) => page.title)).toEqual(['Introduction', 'Getting started']);
    const blob = await pg.store.first(
      pg.store.q
        .selectFrom('blobs')
        .select(['data', 'size'])
        .where('id', '=', revision.tree.files[0]!.blobId),
    );
    expect(blob).toEqual({ data: PNG, size: PNG.byteLength });

    const report = await pages((page) =>
      contentHandlers.listSpaceLinks(
        context('reader', { spaceId: space.id }, undefined, { limit: 2, ...(page ? { page } : {}) }),
      ),
    );
    const targets = report.items.map((usage) => [usage.status, usage.targetReference?.kind]);
    expect(targets).toEqual([
      ['broken', 'page'],
      ['ok', 'file'],
      ['ok', 'page'],
      ['ok', 'url'],
      ['ok', 'page'],
    ]);
    expect(report.counts).toEqual([5, 5, 5]);
    await expect(
      contentHandlers.listSpaceLinks(context('stranger', { spaceId: space.id }, undefined, {})),
    ).rejects.toSatisfy((error) => statusOf(error) === 404);
  });

  it('carries a page’s block keys to its new body in the revision that changes it', async () => {
    const before = 'First paragraph.\n\nSecond paragraph.';
    const after = 'First paragraph.\n\nSecond paragraph, edited.\n\nA new one.';
    const space = await createSpace([{ title: 'Page', markdown: before }]);
    const parent = await loadRevisionIn(pg.store, space.revisionId);
    const tree = await editedTree(parent.tree, after);
    await pg.store.transaction((tx) =>
      insertRevisionIn(tx, {
        spaceId: space.id,
        type: 'edits',
        parents: [parent.id],
        tree,
        createdBy: 'admin',
        now: pg.clock.now(),
      }),
    );
    const stored = await pg.store.all(
      pg.store.q.selectFrom('page_block_keys').select(['page_id', 'document_id', 'keys']),
    );
    const oldBlocks = markdownBlocks(before);
    const expected = carriedKeys(oldBlocks, initialKeys(oldBlocks), markdownBlocks(after));
    expect(stored).toEqual([
      { page_id: tree.pages[0]!.id, document_id: documentId(after), keys: JSON.stringify(expected) },
    ]);
    expect(expected.slice(0, 2)).toEqual(initialKeys(oldBlocks));
  });

  it('stores the keys of a body once when 6 revisions give it to one page together', async () => {
    const space = await createSpace([{ title: 'Page', markdown: 'One.\n\nTwo.' }]);
    const parent = await loadRevisionIn(pg.store, space.revisionId);
    const tree = await editedTree(parent.tree, 'One.\n\nTwo, edited.');
    await Promise.all(
      Array.from({ length: 6 }, () =>
        pg.store.transaction((tx) =>
          insertRevisionIn(tx, {
            spaceId: space.id,
            type: 'edits',
            parents: [parent.id],
            tree,
            createdBy: 'admin',
            now: pg.clock.now(),
          }),
        ),
      ),
    );
    const revisions = await pg.store.all(
      pg.store.q.selectFrom('revisions').select('id').where('space_id', '=', space.id),
    );
    expect(revisions).toHaveLength(7);
    const keys = await pg.store.all(pg.store.q.selectFrom('page_block_keys').select('keys'));
    expect(keys).toHaveLength(1);
  });
});
