import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_LAYOUT } from '../../../shared/contract/resources/revisions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { send } from '../../test/http-helpers.ts';
import { markdownToDocument, documentToMarkdown } from '../content/document-json.ts';
import {
  allPages,
  buildContentOrg,
  expectError,
  expectHidden,
  expectUnauthorized,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

/** A space with nested pages and a change request holding two files, one linked from two pages. */
async function setup() {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, {
    pages: [
      { title: 'Intro', markdown: '# Hi\n\nSee ![logo](logo.png) and [guide](guide/install.md).' },
      {
        title: 'Guide',
        markdown: 'The guide.',
        pages: [{ title: 'Install', markdown: 'Run it. ![logo](../logo.png) [broken](nope.md)' }],
      },
      { title: 'Empty' },
    ],
  });
  const request = server.buildChangeRequest(spaceId, org.admin.id, { subject: 'Docs' });
  const params = { spaceId, changeRequestId: request.id };
  const updated = await org.admin.client.call('updateChangeRequestContent', {
    params,
    body: {
      changes: [
        {
          operation: 'insert_files',
          files: [
            { name: 'logo.png', contentType: 'image/png', base64: PNG },
            { name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hello').toString('base64') },
          ],
        },
      ],
    },
  });
  const pages = await org.admin.client.call('listPagesInChangeRequest', { params });
  const byTitle = (title: string) => {
    const all = [...pages.pages, ...pages.pages.flatMap((p) => p.pages ?? [])];
    return all.find((p) => p.title === title)!;
  };
  return { ...org, spaceId, request, params, updated, byTitle };
}

describe('reading the content of a change request', () => {
  it('answers 401 without a valid token, for every read', async () => {
    const { spaceId, request } = await setup();
    const params = { spaceId, changeRequestId: request.id };
    await expectUnauthorized(server, 'getRevisionOfChangeRequestById', { params });
    await expectUnauthorized(server, 'listPagesInChangeRequest', { params });
    await expectUnauthorized(server, 'listFilesInChangeRequestById', { params });
    await expectUnauthorized(server, 'getPageInChangeRequestById', {
      params: { ...params, pageId: UNKNOWN_ID },
    });
  });

  it('answers the revision, its pages nested with paths and its files', async () => {
    const { admin, member, params, updated, spaceId, request } = await setup();
    const revision = await member('read').client.call('getRevisionOfChangeRequestById', { params });
    expect(revision).toMatchObject({
      object: 'revision',
      id: updated.revision,
      type: 'edits',
      reusableContents: [],
      urls: { app: `${server.baseUrl}/s/${spaceId}/~/changes/${request.number}/` },
    });
    expect(revision.pages.map((p) => [p.title, p.path, p.type])).toEqual([
      ['Intro', 'intro', 'document'],
      ['Guide', 'guide', 'document'],
      ['Empty', 'empty', 'document'],
    ]);
    const guide = revision.pages[1]!;
    expect(guide.pages?.map((p) => [p.title, p.path, p.slug])).toEqual([
      ['Install', 'guide/install', 'install'],
    ]);
    expect(guide.urls?.app).toBe(`${server.baseUrl}/s/${spaceId}/~/changes/${request.number}/guide`);
    expect(guide.documentId).toBeDefined();
    expect(revision.pages[2]!.documentId).toBeUndefined();
    expect(revision.pages[0]!.markdown).toBeUndefined();
    // GitBook requires a layout on every document page: its default, every part shown.
    for (const page of [...revision.pages, ...(guide.pages ?? [])])
      expect(page.layout, page.title).toEqual(DEFAULT_PAGE_LAYOUT);
    expect(revision.files.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['logo.png', 'image/png', 16],
      ['notes.txt', 'text/plain', 5],
    ]);
    // The listing is the same tree.
    const listed = await admin.client.call('listPagesInChangeRequest', {
      params: { ...params, changeRequestId: '1' },
    });
    expect(listed.pages).toEqual(revision.pages);
  });

  it('serves the download URL of a file, safely', async () => {
    const { admin, params } = await setup();
    const files = await admin.client.call('listFilesInChangeRequestById', { params });
    const [logo, notes] = files.items;
    const image = await fetch(logo!.downloadURL);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(PNG);
    const text = await fetch(notes!.downloadURL);
    expect(text.headers.get('content-disposition')).toBe('attachment');
    expect(text.headers.get('content-security-policy')).toContain('sandbox');
    expect(await text.text()).toBe('hello');
    const missing = await send(server.baseUrl, 'GET', '/files/nothing-here');
    expectError(missing, 404);
  });

  it('reads one page without a body, as markdown, and as a JSON document', async () => {
    const { admin, params, byTitle } = await setup();
    const intro = byTitle('Intro');
    const get = (format?: 'markdown' | 'document') =>
      admin.client.call('getPageInChangeRequestById', {
        params: { ...params, pageId: intro.id },
        ...(format ? { query: { format } } : {}),
      });
    const bare = await get();
    expect(bare).toMatchObject({ id: intro.id, title: 'Intro', path: 'intro' });
    expect(bare.markdown).toBeUndefined();
    expect((await get('markdown')).markdown).toBe(
      '# Hi\n\nSee ![logo](logo.png) and [guide](guide/install.md).',
    );
    const document = (await get('document')).document!;
    expect(document.object).toBe('document');
    expect(document.nodes[0]).toMatchObject({ object: 'block', type: 'heading-1' });
    expect(document.nodes[1]).toMatchObject({ object: 'block', type: 'paragraph' });
    const empty = await admin.client.call('getPageInChangeRequestById', {
      params: { ...params, pageId: byTitle('Empty').id },
      query: { format: 'markdown' },
    });
    expect(empty.markdown).toBe('');
  });

  it('answers 404 for an unknown request, page or file, and hides other organizations', async () => {
    const { admin, params, foreign, spaceId } = await setup();
    expectError(
      await admin.client.request('getRevisionOfChangeRequestById', {
        params: { spaceId, changeRequestId: '9' },
      }),
      404,
      'number 9',
    );
    expectError(
      await admin.client.request('getPageInChangeRequestById', { params: { ...params, pageId: UNKNOWN_ID } }),
      404,
      UNKNOWN_ID,
    );
    expectError(
      await admin.client.request('getFileInChangeRequestById', { params: { ...params, fileId: UNKNOWN_ID } }),
      404,
      UNKNOWN_ID,
    );
    expectError(
      await admin.client.request('listChangeRequestFileBacklinks', {
        params: { ...params, fileId: UNKNOWN_ID },
      }),
      404,
      UNKNOWN_ID,
    );
    expectError(
      await admin.client.request('listPageLinksInChangeRequest', {
        params: { ...params, pageId: UNKNOWN_ID },
      }),
      404,
      UNKNOWN_ID,
    );
    const foreignRequest = server.buildChangeRequest(foreign.spaceId, foreign.owner.id);
    expectHidden(
      await admin.client.request('listPagesInChangeRequest', {
        params: { spaceId: UNKNOWN_ID, changeRequestId: foreignRequest.id },
      }),
      UNKNOWN_ID,
      await admin.client.request('listPagesInChangeRequest', {
        params: { spaceId: foreign.spaceId, changeRequestId: foreignRequest.id },
      }),
      foreign.spaceId,
    );
  });

  it('answers 404 to a guest of the organization', async () => {
    const { member, params } = await setup();
    expectError(await member(null).client.request('listPagesInChangeRequest', { params }), 404);
  });

  it('lists files by name and pages them', async () => {
    const { admin, params } = await setup();
    const pages = await allPages((page) =>
      admin.client.call('listFilesInChangeRequestById', {
        params,
        query: { limit: 1, ...(page !== undefined ? { page } : {}) },
      }),
    );
    expect(pages.map((p) => p.items.map((f) => f.name))).toEqual([['logo.png'], ['notes.txt']]);
    expect(pages[0]!.count).toBe(2);
    const one = await admin.client.call('getFileInChangeRequestById', {
      params: { ...params, fileId: pages[0]!.items[0]!.id },
    });
    expect(one).toEqual(pages[0]!.items[0]);
  });

  it('lists the pages linking to a file, by path', async () => {
    const { admin, params } = await setup();
    const files = await admin.client.call('listFilesInChangeRequestById', { params });
    const [logo, notes] = files.items;
    const backlinks = await admin.client.call('listChangeRequestFileBacklinks', {
      params: { ...params, fileId: logo!.id },
    });
    expect(backlinks.count).toBe(2);
    expect(backlinks.items.map((l) => [l.kind, l.page?.title])).toEqual([
      ['page', 'Install'],
      ['page', 'Intro'],
    ]);
    expect(backlinks.items[0]!.versionContext).toMatchObject({ type: 'changeRequest' });
    const paged = await admin.client.call('listChangeRequestFileBacklinks', {
      params: { ...params, fileId: logo!.id },
      query: { limit: 1 },
    });
    expect(paged.items).toHaveLength(1);
    const next = await admin.client.call('listChangeRequestFileBacklinks', {
      params: { ...params, fileId: logo!.id },
      query: { limit: 1, page: paged.next!.page },
    });
    expect(next.items.map((l) => l.page?.title)).toEqual(['Intro']);
    const none = await admin.client.call('listChangeRequestFileBacklinks', {
      params: { ...params, fileId: notes!.id },
    });
    expect(none).toMatchObject({ items: [], count: 0 });
  });

  it("reports one page's links with their status", async () => {
    const { admin, params, byTitle } = await setup();
    const report = await admin.client.call('listPageLinksInChangeRequest', {
      params: { ...params, pageId: byTitle('Install').id },
    });
    expect(report.stats).toEqual({ total: 2, broken: { total: 1 } });
    expect(report.items.map((u) => [u.status, u.targetReference?.kind])).toEqual([
      ['broken', 'page'],
      ['ok', 'file'],
    ]);
    const intro = await admin.client.call('listPageLinksInChangeRequest', {
      params: { ...params, pageId: byTitle('Intro').id },
    });
    expect(intro.items.map((u) => u.targetReference?.page?.title ?? u.targetReference?.file?.name)).toEqual([
      'Install',
      'logo.png',
    ]);
    expect(intro.items[0]!.locationReferences.map((l) => l.page?.title)).toEqual(['Intro']);
  });
});

describe('reading a revision of a space', () => {
  it('reads the base of a request: revision, pages and a page', async () => {
    const { admin, member, spaceId, byTitle } = await setup();
    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    const params = { spaceId, revisionId: space.revision };
    const reader = member('read');
    const revision = await reader.client.call('getRevisionById', { params });
    expect(revision).toMatchObject({ id: space.revision, object: 'revision', files: [] });
    expect(revision.urls.app).toBe(`${server.baseUrl}/s/${spaceId}/~/revisions/${space.revision}/`);
    const pages = await reader.client.call('listPagesInRevisionById', { params });
    expect(pages.pages.map((p) => p.id)).toEqual(revision.pages.map((p) => p.id));
    // The request's pages share the base's ids.
    const page = await reader.client.call('getPageInRevisionById', {
      params: { ...params, pageId: byTitle('Intro').id },
      query: { format: 'markdown' },
    });
    expect(page).toMatchObject({ title: 'Intro', markdown: expect.stringContaining('# Hi') });
  });

  it('answers 401, and 404 for an unknown revision, a revision of another space, an unknown page', async () => {
    const { admin, spaceId, orgId, foreign } = await setup();
    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    await expectUnauthorized(server, 'getRevisionById', { params: { spaceId, revisionId: space.revision } });
    const other = server.buildSpace(orgId);
    const otherRevision = (await admin.client.call('getSpaceById', { params: { spaceId: other.id } }))
      .revision;
    const unknown = await admin.client.request('getRevisionById', {
      params: { spaceId, revisionId: UNKNOWN_ID },
    });
    const elsewhere = await admin.client.request('getRevisionById', {
      params: { spaceId, revisionId: otherRevision },
    });
    expectHidden(unknown, UNKNOWN_ID, elsewhere, otherRevision);
    expectError(
      await admin.client.request('listPagesInRevisionById', {
        params: { spaceId, revisionId: otherRevision },
      }),
      404,
    );
    expectError(
      await admin.client.request('getPageInRevisionById', {
        params: { spaceId, revisionId: space.revision, pageId: UNKNOWN_ID },
      }),
      404,
      UNKNOWN_ID,
    );
    expectError(
      await admin.client.request('getRevisionById', {
        params: { spaceId: foreign.spaceId, revisionId: space.revision },
      }),
      404,
    );
  });
});

describe('reading many page bodies of a revision', () => {
  it('answers the bodies asked for, once each, only of pages of that revision', async () => {
    const { admin, member, spaceId, byTitle, foreign } = await setup();
    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    const params = { spaceId, revisionId: space.revision };
    const intro = byTitle('Intro').documentId!;
    const install = byTitle('Install').documentId!;
    const bodies = await member('read').client.call('listRevisionDocuments', {
      params,
      query: { ids: `${intro},${install},${intro}` },
    });
    expect(bodies.items.map((item) => item.id)).toEqual([intro, install]);
    expect(bodies.items[0]?.markdown).toContain('# Hi');
    expect(bodies.items[1]?.markdown).toContain('Run it.');

    await expectUnauthorized(server, 'listRevisionDocuments', { params, query: { ids: intro } });
    // An id no page of the revision uses (of another space's revision here) reads as unknown, naming it.
    const otherSpace = server.buildSpace(foreign.orgId, { pages: [{ title: 'Secret', markdown: 'hidden' }] });
    const otherPages = await foreign.owner.client.call('listPagesInRevisionById', {
      params: {
        spaceId: otherSpace.id,
        revisionId: (await foreign.owner.client.call('getSpaceById', { params: { spaceId: otherSpace.id } }))
          .revision,
      },
    });
    const secret = otherPages.pages.find((page) => page.title === 'Secret')!.documentId!;
    expectError(
      await admin.client.request('listRevisionDocuments', { params, query: { ids: `${intro},${secret}` } }),
      400,
      secret,
    );
    expectError(
      await admin.client.request('listRevisionDocuments', { params, query: { ids: `${intro},` } }),
      400,
      'ids',
    );
    const many = Array.from({ length: 101 }, (_, i) => `doc${i}`).join(',');
    expectError(
      await admin.client.request('listRevisionDocuments', { params, query: { ids: many } }),
      400,
      'at most 100',
    );
  });
});

describe('JSON documents', () => {
  it('round-trips the supported subset through markdown', () => {
    const markdown =
      '# Title\n\nSome **bold**, _italic_, `code` and [a link](<https://example.com>).\n\n- one\n- two\n\n1. first\n\n```js\nconst a = 1;\n```\n\n> quoted\n\n---\n';
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });
});
