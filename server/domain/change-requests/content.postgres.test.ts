/**
 * The content reads of change requests and revisions on PostgreSQL: services that hold only a `PostgresStore` and a
 * clock (`usePostgresHandlers`; no synchronous `Database`, so a read left on it fails here). A space is made with
 * pages and files, a change request on it, and the request's head is moved to a revision that edits a page's body
 * (as a content write stores it: the body by hash, the block keys carried from the parent). Then every read answers
 * from the store: the request's revision, pages (by id, with its body in either format), files, a file's backlinks, a
 * page's links; a revision's pages, documents and page, the merge revision's request; a page's keyed blocks; and the
 * PDF link, written through the store.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../shared/markdown/blocks.ts';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { carriedKeys, initialKeys } from '../content/block-keys.ts';
import {
  documentId,
  insertRevisionIn,
  loadRevisionIn,
  type PageInput,
  type RevisionTree,
} from '../content/revisions.ts';
import { createSpaceRecordIn } from '../spaces/records.ts';
import { blockHandlers } from './block-handlers.ts';
import { changeRequestContentHandlers as handlers } from './content-handlers.ts';
import { changeRequestHandlers } from './handlers.ts';
import { changeRequestMergeHandlers } from './merge-handlers.ts';
import { renderPrintPage } from './print.ts';

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, space_groups, documents, blobs, page_block_keys, jobs',
});
const { context } = pg;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const INTRODUCTION = [
  'Read the [guide](guide.md).',
  '![Diagram](.gitbook/assets/diagram.png)',
  'Source on [GitHub](https://github.com/acme/docs).',
].join('\n\n');
/** The introduction as the change request has it: its last paragraph edited, a broken link added. */
const EDITED = [
  'Read the [guide](guide.md).',
  '![Diagram](.gitbook/assets/diagram.png)',
  'Source on [GitHub](https://github.com/acme/docs), edited.',
  'See [nowhere](nowhere.md).',
].join('\n\n');
const PAGES: PageInput[] = [
  { title: 'Introduction', markdown: INTRODUCTION },
  {
    title: 'Guide',
    markdown: 'Install it.',
    pages: [{ title: 'Install', markdown: 'Back to the [introduction](../introduction.md).' }],
  },
];

const createSpace = (title: string) =>
  pg.store.transaction((tx) =>
    createSpaceRecordIn(tx, pg.clock.now(), {
      organizationId: 'o1',
      parentId: null,
      title,
      pages: PAGES,
      files: [
        { name: 'notes.txt', contentType: 'text/plain', data: new TextEncoder().encode('notes') },
        { name: 'diagram.png', contentType: 'image/png', data: PNG },
      ],
      actorId: 'admin',
    }),
  );

/** A space, a change request on it, and the request's head moved to a revision that edits the introduction. */
async function setUp() {
  const space = await createSpace('Handbook');
  const request = await changeRequestHandlers.createChangeRequest(
    context('admin', { spaceId: space.id }, { subject: 'Edit the introduction' }),
  );
  const created = await loadRevisionIn(pg.store, request.revision);
  const tree: RevisionTree = structuredClone(created.tree);
  tree.pages[0]!.documentId = documentId(EDITED);
  const head = await pg.store.transaction(async (tx) => {
    await tx.run(tx.q.insertInto('documents').values({ id: documentId(EDITED), markdown: EDITED }));
    const id = await insertRevisionIn(tx, {
      spaceId: space.id,
      type: 'edits',
      parents: [created.id],
      tree,
      createdBy: 'admin',
      now: pg.clock.now(),
    });
    await tx.run(tx.q.updateTable('change_requests').set({ revision_id: id }).where('id', '=', request.id));
    return id;
  });
  const [introduction, guide] = tree.pages;
  const diagram = tree.files.find((file) => file.name === 'diagram.png')!;
  const params = { spaceId: space.id, changeRequestId: String(request.number) };
  return { space, request, head, created, introduction: introduction!, guide: guide!, diagram, params };
}

const rejectsWith = (status: number) => (error: unknown) => statusOf(error) === status;

describe('change request content reads on PostgreSQL', () => {
  it('answers the request’s head revision and its pages to a reader; a stranger gets the space’s 404', async () => {
    const { head, params, introduction, guide } = await setUp();
    const revision = await handlers.getRevisionOfChangeRequestById(context('reader', params));
    expect(revision).toMatchObject({ object: 'revision', id: head, type: 'edits' });
    expect(revision.pages.map((page) => page.title)).toEqual(['Introduction', 'Guide']);
    expect(revision.files.map((file) => file.name).sort()).toEqual(['diagram.png', 'notes.txt']);
    const listed = await handlers.listPagesInChangeRequest(context('reader', params));
    expect(listed.pages.map((page) => [page.id, page.path])).toEqual([
      [introduction.id, 'introduction'],
      [guide.id, 'guide'],
    ]);
    expect(listed.pages[1]!.pages?.map((page) => page.path)).toEqual(['guide/install']);
    await expect(handlers.getRevisionOfChangeRequestById(context('stranger', params))).rejects.toSatisfy(
      rejectsWith(404),
    );
    await expect(
      handlers.listPagesInChangeRequest(context('reader', { ...params, changeRequestId: '9' })),
    ).rejects.toSatisfy(rejectsWith(404));
  });

  it('answers a page of the request by id, its edited body as markdown or as a document', async () => {
    const { params, introduction } = await setUp();
    const get = (format?: string) =>
      handlers.getPageInChangeRequestById(
        context('reader', { ...params, pageId: introduction.id }, undefined, format ? { format } : {}),
      );
    const plain = await get();
    expect(plain).toMatchObject({ id: introduction.id, title: 'Introduction', path: 'introduction' });
    expect(plain).not.toHaveProperty('markdown');
    expect((await get('markdown')).markdown).toBe(EDITED);
    const document = JSON.stringify((await get('document')).document);
    expect(document).toContain('Source on ');
    expect(document).toContain(', edited.');
    await expect(
      handlers.getPageInChangeRequestById(context('reader', { ...params, pageId: 'nope' }, undefined, {})),
    ).rejects.toSatisfy(rejectsWith(404));
  });

  it('lists the request’s files by name, answers one by id, and the pages that use it', async () => {
    const { params, diagram, introduction } = await setUp();
    const files = await pages((page) =>
      handlers.listFilesInChangeRequestById(
        context('reader', params, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(files.items.map((file) => [file.name, file.size])).toEqual([
      ['diagram.png', PNG.byteLength],
      ['notes.txt', 5],
    ]);
    expect(files.counts).toEqual([2, 2]);
    const file = await handlers.getFileInChangeRequestById(
      context('reader', { ...params, fileId: diagram.id }),
    );
    expect(file).toMatchObject({ id: diagram.id, name: 'diagram.png', contentType: 'image/png' });
    await expect(
      handlers.getFileInChangeRequestById(context('reader', { ...params, fileId: 'nope' })),
    ).rejects.toSatisfy(rejectsWith(404));
    const backlinks = await handlers.listChangeRequestFileBacklinks(
      context('reader', { ...params, fileId: diagram.id }, undefined, {}),
    );
    expect(backlinks.items).toEqual([
      expect.objectContaining({
        kind: 'page',
        page: { id: introduction.id, title: 'Introduction', path: 'introduction' },
        versionContext: { type: 'changeRequest', changeRequest: expect.objectContaining({ number: 1 }) },
      }),
    ]);
  });

  it('reports the links of one page of the request: the edit’s broken link among them', async () => {
    const { params, introduction, guide } = await setUp();
    const report = await handlers.listPageLinksInChangeRequest(
      context('reader', { ...params, pageId: introduction.id }, undefined, {}),
    );
    expect(report.items.map((usage) => [usage.status, usage.targetReference?.kind])).toEqual([
      ['broken', 'page'],
      ['ok', 'file'],
      ['ok', 'page'],
      ['ok', 'url'],
    ]);
    const guideLinks = await handlers.listPageLinksInChangeRequest(
      context('reader', { ...params, pageId: guide.id }, undefined, {}),
    );
    expect(guideLinks.items).toEqual([]);
  });

  it('answers a revision, its pages, documents and a page; another space’s revision is unknown', async () => {
    const { space, created, head, introduction } = await setUp();
    const revisionParams = { spaceId: space.id, revisionId: head };
    const revision = await handlers.getRevisionById(context('reader', revisionParams));
    expect(revision).toMatchObject({ id: head, type: 'edits', parents: [created.id] });
    expect(revision).not.toHaveProperty('mergedFrom');
    const listed = await handlers.listPagesInRevisionById(context('reader', revisionParams));
    expect(listed.pages.map((page) => page.path)).toEqual(['introduction', 'guide']);
    const ids = `${documentId(EDITED)},${documentId('Install it.')}`;
    const documents = await handlers.listRevisionDocuments(
      context('reader', revisionParams, undefined, { ids }),
    );
    expect(documents.items).toEqual([
      { id: documentId(EDITED), markdown: EDITED },
      { id: documentId('Install it.'), markdown: 'Install it.' },
    ]);
    await expect(
      handlers.listRevisionDocuments(
        context('reader', revisionParams, undefined, { ids: documentId(INTRODUCTION) }),
      ),
    ).rejects.toSatisfy(rejectsWith(400));
    const page = await handlers.getPageInRevisionById(
      context('reader', { ...revisionParams, pageId: introduction.id }, undefined, { format: 'markdown' }),
    );
    expect(page).toMatchObject({ id: introduction.id, markdown: EDITED });

    const other = await createSpace('Other');
    for (const revisionId of [other.revisionId, 'nope'])
      await expect(
        handlers.getRevisionById(context('reader', { spaceId: space.id, revisionId })),
      ).rejects.toSatisfy(rejectsWith(404));
  });

  it('names the merged request of a merge revision (`mergedFrom`)', async () => {
    const { space, request, params } = await setUp();
    const { revision } = await changeRequestMergeHandlers.mergeChangeRequest(
      context('admin', params, undefined, {}),
    );
    const merged = await handlers.getRevisionById(
      context('reader', { spaceId: space.id, revisionId: revision }),
    );
    expect(merged).toMatchObject({
      type: 'merge',
      mergedFrom: { object: 'change-request', id: request.id, number: 1, status: 'merged' },
    });
    expect(merged.pages.map((page) => page.title)).toEqual(['Introduction', 'Guide']);
  });

  it('answers a page’s blocks with the keys carried from its former body', async () => {
    const { space, head, created, introduction, guide } = await setUp();
    const blocks = (revisionId: string, pageId: string) =>
      blockHandlers.listPageBlocksInRevision(context('reader', { spaceId: space.id, revisionId, pageId }));
    const before = markdownBlocks(INTRODUCTION);
    const expected = carriedKeys(before, initialKeys(before), markdownBlocks(EDITED));
    const edited = await blocks(head, introduction.id);
    expect(edited).toMatchObject({ object: 'page-blocks', page: introduction.id, revision: head });
    expect(edited.blocks.map((block) => block.key)).toEqual(expected);
    expect(edited.blocks.map((block) => block.type)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
    const original = await blocks(created.id, introduction.id);
    expect(original.blocks.map((block) => block.key)).toEqual(initialKeys(before));
    expect(expected.slice(0, 2)).toEqual(initialKeys(before).slice(0, 2));
    expect((await blocks(head, guide.id)).blocks).toHaveLength(1);
    await expect(blocks(head, 'nope')).rejects.toSatisfy(rejectsWith(404));
  });

  it('makes a print link of the request (stored by hash) that prints its head; refuses a page it lacks', async () => {
    const { request, params, guide } = await setUp();
    const pdf = (query: object) => handlers.getChangeRequestPDF(context('reader', params, undefined, query));
    const { url } = await pdf({ page: guide.id });
    expect(url).toMatch(/^http:\/\/test\/print\/[\w-]{43}$/);
    const links = await pg.store.all(
      pg.store.q
        .selectFrom('print_links')
        .select(['token_hash', 'change_request_id', 'page_id', 'expires_at']),
    );
    const token = url.slice(url.lastIndexOf('/') + 1);
    expect(links).toEqual([
      {
        token_hash: createHash('sha256').update(token).digest('base64url'),
        change_request_id: request.id,
        page_id: `tree:${guide.id}`,
        expires_at: '2026-03-01T10:00:00.000Z',
      },
    ]);
    const html = await renderPrintPage(pg.store, pg.clock.now(), token);
    expect(html).toContain('<h1 class="page-title">Guide</h1>');
    expect(html).toContain('<h1 class="page-title">Install</h1>');
    expect(html).not.toContain('Introduction');
    const everything = await renderPrintPage(pg.store, pg.clock.now(), (await pdf({})).url.split('/').pop()!);
    expect(everything).toContain('edited.');
    await expect(pdf({ page: 'nope' })).rejects.toSatisfy(rejectsWith(400));
    await expect(pdf({ only: true })).rejects.toSatisfy(rejectsWith(400));
    await expect(handlers.getChangeRequestPDF(context('stranger', params, undefined, {}))).rejects.toSatisfy(
      rejectsWith(404),
    );
    expect(await pg.store.all(pg.store.q.selectFrom('print_links').select('page_id'))).toHaveLength(2);
  });
});
