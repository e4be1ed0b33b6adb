import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import type { Page } from '../../../shared/contract/resources/revisions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadRevision } from '../content/revisions.ts';
import {
  buildContentOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  roleName,
  sendRaw,
  UNKNOWN_ID,
} from '../../test/factories.ts';

type Change = Record<string, unknown>;

let server: TestServer;
let fixture: Server;
let fixtureUrl: string;

beforeAll(async () => {
  server = await startTestServer({ allowPrivateFetch: true });
  fixture = createServer((request, response) => {
    if (request.url === '/image.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from('89504e47', 'hex'));
    } else {
      response.writeHead(404);
      response.end('missing');
    }
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
  await server.close();
});

function setup(options: { status?: 'draft' | 'open' | 'archived' | 'merged' } = {}) {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, {
    pages: [
      { title: 'Intro', markdown: 'Hello' },
      { title: 'Guide', pages: [{ title: 'Install' }, { title: 'Usage' }] },
      {
        title: 'Links',
        type: 'group',
        pages: [{ title: 'Outside', type: 'link', href: 'https://example.com' }],
      },
    ],
  });
  const request = server.buildChangeRequest(spaceId, org.admin.id, options);
  const params = { spaceId, changeRequestId: request.id };
  return { ...org, spaceId, request, params };
}

/** The page tree as [title, slug, children]. */
const shape = (pages: readonly Page[]): unknown[] =>
  pages.map((p) => (p.pages && p.pages.length > 0 ? [p.title, p.slug, shape(p.pages)] : [p.title, p.slug]));

async function tree(ctx: ReturnType<typeof setup>) {
  return (await ctx.admin.client.call('listPagesInChangeRequest', { params: ctx.params })).pages;
}

const ids = async (ctx: ReturnType<typeof setup>) => {
  const map = new Map<string, string>();
  const walk = (pages: readonly Page[]) => {
    for (const p of pages) {
      map.set(p.title, p.id);
      walk(p.pages ?? []);
    }
  };
  walk(await tree(ctx));
  return map;
};

async function write(ctx: ReturnType<typeof setup>, changes: Change[], token = ctx.admin.token) {
  return sendRaw(server, 'updateChangeRequestContent', { params: ctx.params, body: { changes }, token });
}

describe('POST .../change-requests/{changeRequestId}/content', () => {
  it('answers 401 without a valid token', async () => {
    const ctx = setup();
    await expectUnauthorized(server, 'updateChangeRequestContent', {
      params: ctx.params,
      body: { changes: [{ operation: 'delete_page', page: UNKNOWN_ID }] },
    });
  });

  it.each((['comment', 'read'] as Role[]).map((r) => [roleName(r), r]))(
    'answers 403 to %s',
    async (_n, role) => {
      const ctx = setup();
      const pages = await ids(ctx);
      expectError(
        await write(ctx, [{ operation: 'delete_page', page: pages.get('Intro')! }], ctx.member(role).token),
        403,
        'edit',
      );
    },
  );

  it('answers 404 for an unknown request and a guest', async () => {
    const ctx = setup();
    expectError(
      await sendRaw(server, 'updateChangeRequestContent', {
        params: { ...ctx.params, changeRequestId: UNKNOWN_ID },
        body: { changes: [{ operation: 'delete_page', page: 'x' }] },
        token: ctx.admin.token,
      }),
      404,
    );
    expectError(await write(ctx, [{ operation: 'delete_page', page: 'x' }], ctx.member(null).token), 404);
  });

  it.each(['archived', 'merged'] as const)(
    'answers 409 naming the status of an %s request',
    async (status) => {
      const ctx = setup({ status });
      const pages = await ids(ctx);
      expectError(await write(ctx, [{ operation: 'delete_page', page: pages.get('Intro')! }]), 409, status);
    },
  );

  it('answers 409 on a locked space', async () => {
    const ctx = setup();
    server.db.run(
      server.db.q.updateTable('spaces').set({ edit_mode: 'locked' }).where('id', '=', ctx.spaceId),
    );
    expectError(await write(ctx, [{ operation: 'delete_page', page: 'x' }]), 409, 'locked');
  });

  it('answers 400 naming the field of each bad change, and writes nothing', async () => {
    const ctx = setup();
    const pages = await ids(ctx);
    const before = (await ctx.admin.client.call('getChangeRequestById', { params: ctx.params })).revision;
    const guide = pages.get('Guide')!;
    const install = pages.get('Install')!;
    const ok = { operation: 'insert_page', title: 'Fine', document: {} };
    const cases: [Change[], string][] = [
      [[ok, { operation: 'insert_page', document: {} }], 'changes[1].title'],
      [[{ operation: 'insert_page', title: '   ', document: {} }], 'changes[0].title'],
      [[ok, { operation: 'insert_page', title: 'x', document: {}, into: UNKNOWN_ID }], 'changes[1].into'],
      [[{ operation: 'insert_page', title: 'x', document: {}, into: guide, at: 3 }], 'changes[0].at'],
      [[{ operation: 'insert_page', title: 'x', document: {}, slug: 'intro' }], 'changes[0].slug'],
      [[{ operation: 'insert_page', title: 'x', document: {}, slug: 'a/b' }], 'changes[0].slug'],
      [
        [{ operation: 'insert_page', title: 'x', document: {}, condition: 'visitor.x' }],
        'changes[0].condition',
      ],
      [
        [
          { ...ok, ref: 'a' },
          { ...ok, ref: 'a' },
        ],
        'changes[1].ref',
      ],
      [
        [
          {
            operation: 'insert_page',
            title: 'x',
            document: {
              document: {
                object: 'document',
                data: {},
                nodes: [{ object: 'block', type: 'table', nodes: [] }],
              },
            },
          },
        ],
        'changes[0].document',
      ],
      [[{ operation: 'update_page', page: UNKNOWN_ID, title: 'x' }], 'changes[0].page'],
      [[{ operation: 'update_page', page: guide, into: install }], 'changes[0].into'],
      [[{ operation: 'update_page', page: guide, into: guide }], 'changes[0].into'],
      [[{ operation: 'update_page', page: pages.get('Links')!, into: guide }], 'changes[0].into'],
      [[{ operation: 'update_page', page: install, into: pages.get('Outside')! }], 'changes[0].into'],
      [
        [{ operation: 'update_page', page: pages.get('Links')!, document: { markdown: 'x' } }],
        'changes[0].document',
      ],
      [[{ operation: 'update_page', page: install, slug: 'usage' }], 'changes[0].slug'],
      [[ok, { operation: 'delete_page', page: UNKNOWN_ID }], 'changes[1].page'],
      [
        [
          { operation: 'delete_page', page: install },
          { operation: 'update_page', page: install, title: 'x' },
        ],
        'changes[1].page',
      ],
      [
        [
          {
            operation: 'insert_files',
            files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'not base64!' }],
          },
        ],
        'changes[0].files[0].base64',
      ],
      [
        [
          {
            operation: 'insert_files',
            files: [{ name: 'a.txt', contentType: 'not a type', base64: 'aGk=' }],
          },
        ],
        'changes[0].files[0].contentType',
      ],
      [
        [
          {
            operation: 'insert_files',
            files: [{ name: 'a/b.txt', contentType: 'text/plain', base64: 'aGk=' }],
          },
        ],
        'changes[0].files[0].name',
      ],
      [
        [{ operation: 'insert_files', files: [{ name: 'a.txt', url: `${fixtureUrl}/missing` }] }],
        'changes[0].files[0].url',
      ],
      [
        [{ operation: 'insert_files', files: [{ name: 'a.txt', url: 'ftp://example.com/a.txt' }] }],
        'changes[0].files[0].url',
      ],
      [[{ operation: 'move_page', page: guide }], 'changes[0]'],
    ];
    for (const [changes, field] of cases) {
      const answer = await write(ctx, changes);
      expect(answer.status === 400 || answer.status === 422, `${field}: ${JSON.stringify(answer.body)}`).toBe(
        true,
      );
      expectError(answer, answer.status, field);
    }
    const after = await ctx.admin.client.call('getChangeRequestById', { params: ctx.params });
    expect(after.revision).toBe(before);
    expect(shape(await tree(ctx))).toEqual([
      ['Intro', 'intro'],
      [
        'Guide',
        'guide',
        [
          ['Install', 'install'],
          ['Usage', 'usage'],
        ],
      ],
      ['Links', 'links', [['Outside', 'outside']]],
    ]);
  });

  it('inserts pages at a position, into refs of earlier inserts, with bodies and free slugs', async () => {
    const ctx = setup();
    const pages = await ids(ctx);
    server.clock.advance(60_000);
    const answer = await write(ctx, [
      {
        operation: 'insert_page',
        title: 'Intro',
        document: { markdown: '# New\n' },
        at: 0,
        ref: 'first',
        emoji: '1f600',
      },
      { operation: 'insert_page', title: 'Child', document: {}, into: 'first', description: 'A child' },
      {
        operation: 'insert_page',
        title: 'Deep',
        into: pages.get('Guide')!,
        at: 1,
        document: {
          document: {
            object: 'document',
            data: {},
            nodes: [
              {
                object: 'block',
                type: 'paragraph',
                nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'From JSON', marks: [] }] }],
              },
            ],
          },
        },
      },
    ]);
    expectStatus(answer, 200);
    const body = answer.body as { revision: string; updatedAt: string; createdAt: string; object: string };
    expect(body.object).toBe('change-request');
    expect(body.updatedAt).not.toBe(body.createdAt);
    const head = loadRevision(server.db, body.revision);
    expect(head.type).toBe('edits');
    expect(head.parents).toEqual([
      (await ctx.admin.client.call('getRevisionOfChangeRequestById', { params: ctx.params })).parents[0],
    ]);
    const now = await tree(ctx);
    expect(shape(now)).toEqual([
      ['Intro', 'intro-2', [['Child', 'child']]],
      ['Intro', 'intro'],
      [
        'Guide',
        'guide',
        [
          ['Install', 'install'],
          ['Deep', 'deep'],
          ['Usage', 'usage'],
        ],
      ],
      ['Links', 'links', [['Outside', 'outside']]],
    ]);
    expect(now[0]).toMatchObject({ emoji: '1f600' });
    expect(now[0]!.pages![0]).toMatchObject({ description: 'A child' });
    expect(now[0]!.pages![0]!.documentId).toBeUndefined();
    const read = (pageId: string) =>
      ctx.admin.client.call('getPageInChangeRequestById', {
        params: { ...ctx.params, pageId },
        query: { format: 'markdown' },
      });
    expect((await read(now[0]!.id)).markdown).toBe('# New\n');
    expect((await read(now[2]!.pages![1]!.id)).markdown).toBe('From JSON\n');
    // The space itself does not change.
    const space = await ctx.admin.client.call('getSpaceById', { params: { spaceId: ctx.spaceId } });
    expect(loadRevision(server.db, space.revision).tree.pages).toHaveLength(3);
  });

  it('updates metadata and bodies, moves pages (top level, positions, slugs made free) and deletes with children', async () => {
    const ctx = setup();
    const pages = await ids(ctx);
    const answer = await write(ctx, [
      {
        operation: 'update_page',
        page: pages.get('Intro')!,
        title: 'Welcome',
        slug: 'welcome',
        emoji: '1f44b',
        hidden: true,
        document: { markdown: 'Changed' },
      },
      { operation: 'update_page', page: pages.get('Usage')!, at: 0 },
      { operation: 'update_page', page: pages.get('Install')!, into: null, at: 0 },
      { operation: 'insert_page', title: 'Install', document: {}, into: pages.get('Guide')!, ref: 'again' },
      { operation: 'update_page', page: 'again', into: null },
      { operation: 'update_page', page: pages.get('Intro')!, emoji: '' },
      { operation: 'delete_page', page: pages.get('Links')! },
    ]);
    expectStatus(answer, 200);
    const now = await tree(ctx);
    expect(shape(now)).toEqual([
      ['Install', 'install'],
      ['Welcome', 'welcome'],
      ['Guide', 'guide', [['Usage', 'usage']]],
      ['Install', 'install-2'],
    ]);
    expect(now[1]).toMatchObject({ hidden: true });
    expect(now[1]!.emoji).toBeUndefined();
    const intro = await ctx.admin.client.call('getPageInChangeRequestById', {
      params: { ...ctx.params, pageId: pages.get('Intro')! },
      query: { format: 'markdown' },
    });
    expect(intro.markdown).toBe('Changed');
    // The deleted group's child went with it.
    expectError(
      await ctx.admin.client.request('getPageInChangeRequestById', {
        params: { ...ctx.params, pageId: pages.get('Outside')! },
      }),
      404,
    );
    // A body set to {} empties the page.
    await ctx.admin.client.call('updateChangeRequestContent', {
      params: ctx.params,
      body: { changes: [{ operation: 'update_page', page: pages.get('Intro')!, document: {} }] },
    });
    expect(now.length).toBe(4);
    expect((await tree(ctx))[1]!.documentId).toBeUndefined();
  });

  it('uploads files from base64 and from a URL, replacing a file of the same name', async () => {
    const ctx = setup();
    const first = await write(ctx, [
      {
        operation: 'insert_files',
        files: [
          {
            name: 'a.txt',
            contentType: 'text/plain; charset=utf-8',
            base64: Buffer.from('one').toString('base64'),
          },
          { name: 'image.png', url: `${fixtureUrl}/image.png` },
        ],
      },
    ]);
    expectStatus(first, 200);
    let files = (await ctx.admin.client.call('listFilesInChangeRequestById', { params: ctx.params })).items;
    expect(files.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['a.txt', 'text/plain', 3],
      ['image.png', 'image/png', 4],
    ]);
    const id = files[0]!.id;
    await write(ctx, [
      {
        operation: 'insert_files',
        files: [
          { name: 'a.txt', contentType: 'text/plain', base64: Buffer.from('second').toString('base64') },
        ],
      },
    ]);
    files = (await ctx.admin.client.call('listFilesInChangeRequestById', { params: ctx.params })).items;
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ id, size: 6 });
    expect(await (await fetch(files[0]!.downloadURL)).text()).toBe('second');
  });

  it('accepts two files of 1 MB each, base64-encoded, beyond the default body limit', async () => {
    const ctx = setup();
    const bytes = new Uint8Array(1024 * 1024).fill(7);
    const answer = await write(ctx, [
      {
        operation: 'insert_files',
        files: ['one.bin', 'two.bin'].map((name) => ({
          name,
          contentType: 'application/octet-stream',
          base64: Buffer.from(bytes).toString('base64'),
        })),
      },
    ]);
    expectStatus(answer, 200);
    const files = (await ctx.admin.client.call('listFilesInChangeRequestById', { params: ctx.params })).items;
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['one.bin', 1024 * 1024],
      ['two.bin', 1024 * 1024],
    ]);
  });

  // The reads are still on the synchronous `Database`: none may meet an edit's open transaction (500). These requests
  // do not interleave inside an edit on SQLite: the lost-edit race is content-write.postgres.test.ts's to see.
  it('lands each of 12 edits sent together with 12 reads: every page in the head, one revision each', async () => {
    const ctx = setup();
    const start = (await ctx.admin.client.call('getChangeRequestById', { params: ctx.params })).revision;
    const titles = Array.from({ length: 12 }, (_, n) => `Edit ${n}`);
    const [edits, reads] = await Promise.all([
      Promise.all(
        titles.map((title) =>
          write(ctx, [{ operation: 'insert_page', title, document: { markdown: title } }]),
        ),
      ),
      Promise.all(
        titles.map(() => ctx.admin.client.request('listPagesInChangeRequest', { params: ctx.params })),
      ),
    ]);
    expect(edits.map((answer) => answer.status)).toEqual(titles.map(() => 200));
    expect(reads.map((answer) => answer.status)).toEqual(titles.map(() => 200));
    const pages = await tree(ctx);
    expect(
      pages
        .map((page) => page.title)
        .filter((title) => title.startsWith('Edit '))
        .sort(),
    ).toEqual([...titles].sort());
    // Each edit built on the head the one before it made: a chain of 12 revisions back to the first head.
    const head = (await ctx.admin.client.call('getChangeRequestById', { params: ctx.params })).revision;
    let steps = 0;
    for (let id = head; id !== start; id = loadRevision(server.db, id).parents[0]!) steps++;
    expect(steps).toBe(12);
  });

  it('refuses a body that breaks the contract, naming the field', async () => {
    const ctx = setup();
    for (const [body, field] of [
      [{ changes: [] }, 'changes'],
      [{ changes: [{ operation: 'insert_page', title: 'x' }] }, 'document'],
      [{ changes: [{ operation: 'insert_page', title: 'x', document: {}, at: -1 }] }, 'at'],
    ] as const) {
      expectError(
        await sendRaw(server, 'updateChangeRequestContent', {
          params: ctx.params,
          body,
          token: ctx.admin.token,
        }),
        400,
        field,
      );
    }
  });
});
