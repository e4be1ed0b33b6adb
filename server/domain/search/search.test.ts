/** Organization search over HTTP: who sees what, query safety and limits, results' shape, paging, reindexing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildPages, insertRevision, loadRevision } from '../content/revisions.ts';
import {
  allPages,
  buildContentOrg,
  editRequestContent,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  sendRaw,
  UNKNOWN_ID,
} from '../../test/factories.ts';
import { queueSpaceIndexing } from './index.ts';
import { PAGES_PER_SPACE } from './handlers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const GUIDE = [
  'Welcome to the **zebra** handbook.',
  '',
  '## Feeding zebras',
  '',
  'Zebras eat grass. See [the meadow](https://example.com) and `hay <bales>`.',
  '',
  '## Stripes',
  '',
  'Every stripe is unique, like a résumé of the café crème.',
].join('\n');

/** An organization with two spaces of searchable pages, and its admin. */
function setup() {
  const org = buildContentOrg(server);
  const handbook = server.buildSpace(org.orgId, {
    title: 'Handbook',
    pages: [
      { title: 'Zebra guide', markdown: GUIDE },
      {
        title: 'Lions',
        markdown: 'Lions sleep. A zebra passes by.',
        pages: [{ title: 'Cubs', markdown: '' }],
      },
    ],
  }).id;
  const notes = server.buildSpace(org.orgId, {
    title: 'Notes',
    pages: [{ title: 'Misc', markdown: 'One zebra was seen.' }],
  }).id;
  return { ...org, handbook, notes };
}

type Results = Awaited<ReturnType<typeof search>>;
async function search(
  client: TestServer['client'] extends (token?: string) => infer C ? C : never,
  organizationId: string,
  query: string,
  extra: { limit?: number; page?: string } = {},
) {
  // Spaces built just before are indexed by jobs; a search waits for them only up to its settle time (1 s), which a
  // loaded machine can outlast. The tests here are about what a search finds, so they wait for the jobs first.
  await server.whenJobsIdle();
  return client.call('searchOrganizationContent', { params: { organizationId }, query: { query, ...extra } });
}

/** The results as `space title > page title` lines, in order. */
function titles(results: Results): string[] {
  return results.items.flatMap((space) => space.pages.map((page) => `${space.title} > ${page.title}`));
}

describe('GET /v1/orgs/{organizationId}/search', () => {
  it('answers 401 without a valid token, and the same 404 for an unknown organization or one the caller is not in', async () => {
    const { admin, orgId, foreign } = setup();
    await expectUnauthorized(server, 'searchOrganizationContent', {
      params: { organizationId: orgId },
      query: { query: 'zebra' },
    });
    expectHidden(
      await admin.client.request('searchOrganizationContent', {
        params: { organizationId: UNKNOWN_ID },
        query: { query: 'zebra' },
      }),
      UNKNOWN_ID,
      await admin.client.request('searchOrganizationContent', {
        params: { organizationId: foreign.orgId },
        query: { query: 'zebra' },
      }),
      foreign.orgId,
    );
  });

  it('answers 400 naming `query` when it is missing, empty, too long or holds no word, and on bad paging', async () => {
    const { admin, orgId } = setup();
    for (const [query, field] of [
      [{}, 'query'],
      [{ query: '' }, 'query'],
      [{ query: 'a'.repeat(513) }, 'query'],
      [{ query: '   ' }, 'query'],
      [{ query: '"' }, 'query'],
      [{ query: '*** ^ () -- ;' }, 'query'],
      [{ query: '🦓 🎉' }, 'query'],
      [{ query: '\u0000\t"' }, 'query'],
      [{ query: 'zebra', limit: -1 }, 'limit'],
      [{ query: 'zebra', limit: 1001 }, 'limit'],
      [{ query: 'zebra', page: 'nope' }, 'page'],
      [{ query: 'zebra', page: Buffer.from('["x","y"]').toString('base64url') }, 'page'],
    ] as const) {
      expectError(
        await sendRaw(server, 'searchOrganizationContent', {
          params: { organizationId: orgId },
          query,
          token: admin.token,
        }),
        400,
        field,
      );
    }
  });

  it('accepts a query of 512 characters and refuses 513', async () => {
    const { admin, orgId } = setup();
    const longest = `zebra ${'x'.repeat(506)}`;
    expect(longest).toHaveLength(512);
    expect((await search(admin.client, orgId, longest)).items).toEqual([]);
    const words = 'zebra '.repeat(86).slice(0, 512);
    expect(words).toHaveLength(512);
    expect((await search(admin.client, orgId, words)).count).toBe(2);
    expectError(
      await admin.client.request('searchOrganizationContent', {
        params: { organizationId: orgId },
        query: { query: `${longest}x` },
      }),
      400,
      'query',
    );
  });

  it('groups matches by space then page, best first, with sections cut from the markdown as plain text', async () => {
    const { member, orgId, handbook, notes } = setup();
    const results = await search(member('read').client, orgId, 'zebra');
    expect(results.count).toBe(2);
    expect(results.next).toBeUndefined();
    // The title match ranks first, so its space does.
    expect(titles(results)).toEqual(['Handbook > Zebra guide', 'Handbook > Lions', 'Notes > Misc']);
    expect(results.items.map((s) => s.id)).toEqual([handbook, notes]);
    const guide = results.items[0]!.pages[0]!;
    expect(guide).toMatchObject({
      title: 'Zebra guide',
      path: 'zebra-guide',
      urls: { app: `${server.baseUrl}/s/${handbook}/zebra-guide` },
    });
    expect(guide.sections).toEqual([
      {
        id: '',
        title: 'Zebra guide',
        path: 'zebra-guide',
        body: 'Welcome to the zebra handbook.',
        urls: { app: `${server.baseUrl}/s/${handbook}/zebra-guide` },
      },
      {
        id: 'feeding-zebras',
        title: 'Feeding zebras',
        path: 'zebra-guide#feeding-zebras',
        body: 'Zebras eat grass. See the meadow and hay <bales>.',
        urls: { app: `${server.baseUrl}/s/${handbook}/zebra-guide#feeding-zebras` },
      },
    ]);
    // Every excerpt is plain text: no markdown syntax (code text is kept as written, never as markup).
    for (const page of results.items.flatMap((s) => s.pages))
      for (const section of page.sections ?? []) expect(section.body).not.toMatch(/\*\*|\]\(|`/);
  });

  it('matches every word, the last as a prefix, without case or diacritics', async () => {
    const { admin, orgId } = setup();
    expect(titles(await search(admin.client, orgId, 'CAFE Resume'))).toEqual(['Handbook > Zebra guide']);
    expect(titles(await search(admin.client, orgId, 'café crè'))).toEqual(['Handbook > Zebra guide']);
    const stripes = (await search(admin.client, orgId, 'résumé')).items[0]!.pages[0]!.sections!;
    expect(stripes.map((s) => [s.id, s.body])).toEqual([
      ['stripes', 'Every stripe is unique, like a résumé of the café crème.'],
    ]);
    expect(titles(await search(admin.client, orgId, 'lio'))).toEqual(['Handbook > Lions']);
    // Only the last word is a prefix; every word must match.
    expect((await search(admin.client, orgId, 'lio sleep')).items).toEqual([]);
    expect(titles(await search(admin.client, orgId, 'lions zeb'))).toEqual(['Handbook > Lions']);
    expect((await search(admin.client, orgId, 'zebra giraffe')).items).toEqual([]);
  });

  it('treats quotes, FTS5 operators, SQL and emoji as text, never as syntax', async () => {
    const { admin, orgId } = setup();
    for (const query of [
      'zebra"',
      '"zebra',
      '"zebra" OR "lions"',
      'zebra OR lions',
      'zebra AND',
      'NOT zebra',
      'zebra NEAR(lions)',
      'title:zebra',
      '-zebra',
      '+zebra*',
      'zebra^',
      '{zebra}',
      "zebra'); DROP TABLE spaces; --",
      "' OR 1=1 --",
      '🦓 zebra 🎉',
      'zebra\u0000',
      'zeb\u0000ra',
      'zebra \uD83E',
      'zebra\u202E',
      'zebra%_\\',
      'ze"b"ra',
    ]) {
      const answer = await admin.client.request('searchOrganizationContent', {
        params: { organizationId: orgId },
        query: { query },
      });
      expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    // Operators are words to match: no page holds "OR", so nothing matches.
    expect((await search(admin.client, orgId, 'zebra OR lions')).items).toEqual([]);
    // Emoji are dropped like punctuation; the word beside them still searches.
    expect((await search(admin.client, orgId, '🦓 zebra 🎉')).count).toBe(2);
    expect((await search(admin.client, orgId, '"zebra"')).count).toBe(2);
    expect(server.db.first(server.db.q.selectFrom('spaces').select('id').limit(1))).toBeDefined();
  });

  it('never shows a space the caller cannot view, nor a space in the trash', async () => {
    const { admin, member, orgId, handbook, notes } = setup();
    const hiddenSpace = server.buildSpace(orgId, {
      title: 'Secret',
      defaultLevel: null,
      pages: [{ title: 'Zebra secrets', markdown: 'zebra' }],
    }).id;
    const closed = server.buildCollection(orgId, { title: 'Closed', defaultLevel: null }).id;
    const inClosed = server.buildSpace(orgId, {
      title: 'Inside',
      parent: closed,
      pages: [{ title: 'Zebra inside', markdown: 'zebra' }],
    }).id;
    const ids = async (client: TestServer['client'] extends (t?: string) => infer C ? C : never) =>
      (await search(client, orgId, 'zebra')).items.map((s) => s.id).sort();
    expect(await ids(member('read').client)).toEqual([handbook, notes].sort());
    expect(await ids(member('edit').client)).toEqual([handbook, notes].sort());
    expect(await ids(admin.client)).toEqual([handbook, notes, hiddenSpace, inClosed].sort());
    expect(await ids(member(null).client)).toEqual([]);
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', notes),
    );
    expect(await ids(admin.client)).toEqual([handbook, hiddenSpace, inClosed].sort());
    expect(await ids(member('read').client)).toEqual([handbook]);
  });

  it('pages over spaces with a cursor, and counts them', async () => {
    const { member, orgId } = setup();
    server.buildSpace(orgId, { title: 'Third', pages: [{ title: 'Other', markdown: 'zebra zebra zebra' }] });
    const reader = member('read');
    const pages = await allPages((page) =>
      search(reader.client, orgId, 'zebra', { limit: 2, ...(page ? { page } : {}) }),
    );
    expect(pages.map((p) => p.items.length)).toEqual([2, 1]);
    expect(pages[0]!.count).toBe(3);
    const all = await search(reader.client, orgId, 'zebra');
    expect(pages.flatMap((p) => p.items.map((s) => s.id))).toEqual(all.items.map((s) => s.id));
  });

  it('shows at most PAGES_PER_SPACE pages of a space, its best ones, and still counts the space once', async () => {
    const { member, orgId } = setup();
    const many = Array.from({ length: PAGES_PER_SPACE + 3 }, (_, i) => ({
      title: i === 7 ? 'Okapi guide' : `Page ${i}`,
      markdown: 'an okapi',
    }));
    // Pages without the word keep it rare, so that bm25 ranks by it (a word in most pages weighs nothing).
    const filler = Array.from({ length: 40 }, (_, i) => ({ title: `Filler ${i}`, markdown: 'nothing here' }));
    const space = server.buildSpace(orgId, { title: 'Okapis', pages: [...many, ...filler] }).id;
    const results = await search(member('read').client, orgId, 'okapi');
    expect(results.count).toBe(1);
    expect(results.items.map((s) => s.id)).toEqual([space]);
    const pages = results.items[0]!.pages;
    expect(pages).toHaveLength(PAGES_PER_SPACE);
    // The page with the word in its title ranks first; the rest follow, none twice.
    expect(pages[0]!.title).toBe('Okapi guide');
    expect(new Set(pages.map((p) => p.id)).size).toBe(PAGES_PER_SPACE);
  });

  it('indexes a merge over HTTP when it is written, before any search runs', async () => {
    const { admin, orgId, notes } = setup();
    const { db } = server;
    const { id: requestId } = server.buildChangeRequest(notes, admin.id, { subject: 'Sightings' });
    editRequestContent(server, requestId, (e) =>
      e.add(null, { title: 'Sightings', markdown: '# Okapi\n\nAn okapi was spotted.' }),
    );
    const answer = await sendRaw(server, 'mergeChangeRequest', {
      params: { spaceId: notes, changeRequestId: requestId },
      token: admin.token,
    });
    expectStatus(answer, 200);
    const { revision } = answer.body as { revision: string };
    // No search has run: the write's own job brought the index to the merged revision.
    await server.whenJobsIdle();
    const indexed = () =>
      db.first(db.q.selectFrom('search_indexed').select('revision_id').where('space_id', '=', notes))
        ?.revision_id;
    expect(indexed()).toBe(revision);
    expect(titles(await search(admin.client, orgId, 'okapi'))).toEqual(['Notes > Sightings']);
  });

  it('never refreshes the index at query time: a revision changed without its indexing job stays unseen', async () => {
    const { admin, orgId, notes } = setup();
    const { db, clock } = server;
    await server.whenJobsIdle();
    const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', notes))!;
    const old = loadRevision(db, space.revision_id);
    const [page] = buildPages(db, clock.now(), [{ title: 'Quagga', markdown: 'A quagga was seen.' }]);
    const revision = insertRevision(db, {
      spaceId: notes,
      type: 'edits',
      parents: [space.revision_id],
      tree: { ...old.tree, pages: [page!] },
      createdBy: null,
      now: clock.now(),
    });
    // Written behind the server's back, without queueing the space's indexing.
    db.run(db.q.updateTable('spaces').set({ revision_id: revision }).where('id', '=', notes));
    expect((await search(admin.client, orgId, 'quagga')).items).toEqual([]);
    expect(titles(await search(admin.client, orgId, 'seen'))).toEqual(['Notes > Misc']);
    const indexed = db.first(
      db.q.selectFrom('search_indexed').select('revision_id').where('space_id', '=', notes),
    );
    expect(indexed?.revision_id).toBe(space.revision_id);
  });

  it('reindexes a space when a write gives it a new revision (and queues its indexing)', async () => {
    const { admin, orgId, notes } = setup();
    expect(titles(await search(admin.client, orgId, 'seen'))).toEqual(['Notes > Misc']);
    const { db, clock } = server;
    const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', notes))!;
    const old = loadRevision(db, space.revision_id);
    db.transaction(() => {
      const [renamed] = buildPages(db, clock.now(), [
        { title: 'Sightings', markdown: '# Okapi\n\nAn okapi was spotted.' },
      ]);
      const revision = insertRevision(db, {
        spaceId: notes,
        type: 'edits',
        parents: [space.revision_id],
        tree: { ...old.tree, pages: [{ ...renamed!, id: old.tree.pages[0]!.id }] },
        createdBy: null,
        now: clock.now(),
      });
      db.run(db.q.updateTable('spaces').set({ revision_id: revision }).where('id', '=', notes));
      queueSpaceIndexing(db, space);
    });
    expect((await search(admin.client, orgId, 'seen')).items).toEqual([]);
    const okapi = await search(admin.client, orgId, 'okapi');
    expect(titles(okapi)).toEqual(['Notes > Sightings']);
    expect(okapi.items[0]!.pages[0]!.sections).toMatchObject([
      { id: 'okapi', title: 'Okapi', body: 'An okapi was spotted.' },
    ]);
    const indexed = db.first(
      db.q.selectFrom('search_indexed').select('revision_id').where('space_id', '=', notes),
    );
    expect(indexed?.revision_id).not.toBe(space.revision_id);
    // Indexed once: a second search leaves the rows alone.
    const rows = () =>
      db.all(db.q.selectFrom('search_pages').select('page_id').where('space_id', '=', notes)).length;
    expect(rows()).toBe(1);
    await search(admin.client, orgId, 'okapi');
    expect(rows()).toBe(1);
  });
});
