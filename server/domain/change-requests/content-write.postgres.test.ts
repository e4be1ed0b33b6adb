/**
 * Content writes of a change request, its print page and its files, on a PostgreSQL-backed server
 * (`buildApp({ postgres })`, requests by `inject`, no synchronous `Database`).
 *
 * A write applies its batch to the request's head as read in the transaction that makes the new head: edits sent
 * together each land on the head the one before made (SERIALIZABLE runs again the one that read a head another
 * replaced), so none is lost. Read before the transaction, the head of a write run again would be stale and the
 * other's pages dropped.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { hashToken } from '../../ids.ts';
import { builder } from '../../storage/database.ts';
import { SEED, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import type { RevisionTree, StoredPage } from '../content/revisions.ts';
import { PRINT_LINK_TTL_MS, createPrintLinkIn } from './print.ts';
import { loadChangeRequestIn } from './records.ts';

const tokens = { admin: 'gb_api_admin_of_o1', reader: 'gb_api_reader_of_o1' } as const;
const INTRO: StoredPage = {
  id: 'p1',
  title: 'Intro',
  slug: 'intro',
  type: 'document',
  createdAt: 't',
  updatedAt: 't',
  pages: [],
};

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, jobs, documents, blobs',
  seed: `${SEED}
    INSERT INTO tokens (hash, user_id, label, created_at) VALUES
      ('${hashToken(tokens.admin)}', 'admin', 'test', 't'), ('${hashToken(tokens.reader)}', 'reader', 'test', 't');
    INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, language,
      sort_key, revision_id, created_by, created_at, updated_at, deleted_at) VALUES
      ('s1', 'o1', NULL, 'S1', '', 'private', 'live', 'inherit', NULL, 'a', 'r0', 'admin', 't', 't', NULL);
    INSERT INTO revisions (id, space_id, type, parents, tree, created_by, created_at) VALUES
      ('r0', 's1', 'edits', '[]', '${JSON.stringify({ pages: [INTRO], files: [] })}', 'admin', 't');`,
});

let app: FastifyInstance;
let fixture: Server;
let fixtureUrl = '';
beforeAll(async () => {
  app = buildApp({ postgres: pg.store, clock: pg.clock, rateLimit: null, allowPrivateFetch: true });
  await app.ready();
  fixture = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/markdown' });
    response.end('# Imported\n\nFrom a URL.');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}/page.md`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
  await app.close();
});

const send = (user: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[user]}` },
    ...(payload !== undefined ? { payload } : {}),
  });

async function createRequest(): Promise<string> {
  const made = await send('admin', 'POST', '/v1/spaces/s1/change-requests', { subject: 'Edits' });
  expect(made.statusCode).toBe(201);
  return (made.json() as { id: string }).id;
}

const edit = (id: string, changes: object[], user: keyof typeof tokens = 'admin') =>
  send(user, 'POST', `/v1/spaces/s1/change-requests/${id}/content`, { changes });

/** The request's head: its revision id and tree. */
async function headOf(id: string): Promise<{ id: string; parents: string[]; tree: RevisionTree }> {
  const row = await pg.store.first(
    builder
      .selectFrom('change_requests as cr')
      .innerJoin('revisions as r', 'r.id', 'cr.revision_id')
      .select(['r.id', 'r.parents', 'r.tree'])
      .where('cr.id', '=', id),
  );
  return {
    id: row!.id,
    parents: JSON.parse(row!.parents) as string[],
    tree: JSON.parse(row!.tree) as RevisionTree,
  };
}

/** The revisions from the head back to `stop` (excluded), following first parents. */
async function chain(head: string, stop: string): Promise<string[]> {
  const found: string[] = [];
  for (let id = head; id !== stop;) {
    found.push(id);
    const row = await pg.store.first(builder.selectFrom('revisions').select('parents').where('id', '=', id));
    id = (JSON.parse(row!.parents) as string[])[0]!;
  }
  return found;
}

const titles = (tree: RevisionTree) => tree.pages.map((page) => page.title);

describe('content writes of a change request on PostgreSQL', () => {
  it('writes an edit as one new head revision with its body, an event, and refuses a reader (403)', async () => {
    const id = await createRequest();
    const first = await headOf(id);
    const done = await edit(id, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Read **me**.' } },
      { operation: 'update_page', page: 'p1', title: 'Welcome' },
    ]);
    expect(done.statusCode).toBe(200);
    const head = await headOf(id);
    expect(done.json()).toMatchObject({ id, revision: head.id, reviews: { approvals: 0 } });
    expect(head.parents).toEqual([first.id]);
    expect(titles(head.tree)).toEqual(['Welcome', 'Guide']);
    const body = await pg.store.first(
      builder.selectFrom('documents').select('markdown').where('id', '=', head.tree.pages[1]!.documentId!),
    );
    expect(body).toEqual({ markdown: 'Read **me**.' });
    // Both events have the clock's one time: their ids are not ordered.
    const events = await pg.store.all(
      builder.selectFrom('events').select('action').where('subject_id', '=', id),
    );
    expect(events.map((event) => event.action).sort()).toEqual([
      'change_request.content_updated',
      'change_request.created',
    ]);

    const refused = await edit(id, [{ operation: 'insert_page', title: 'No', document: {} }], 'reader');
    expect(refused.statusCode).toBe(403);
    const bad = await edit(id, [{ operation: 'update_page', page: 'nothing', title: 'No' }]);
    expect([bad.statusCode, bad.json().error.message]).toEqual([
      400,
      expect.stringContaining('changes[0].page'),
    ]);
    expect((await headOf(id)).id).toBe(head.id);
  });

  it('loses none of 8 edits sent together: each accepted one is in the head, one revision each', async () => {
    const id = await createRequest();
    const start = await headOf(id);
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        edit(id, [{ operation: 'insert_page', title: `Edit ${n}`, document: { markdown: `Body ${n}` } }]),
      ),
    );
    const statuses = sent.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const accepted = statuses.flatMap((status, n) => (status === 200 ? [`Edit ${n}`] : []));
    const head = await headOf(id);
    expect(titles(head.tree).sort()).toEqual(['Intro', ...accepted].sort());
    expect(await chain(head.id, start.id)).toHaveLength(accepted.length);
    expect(accepted.length).toBeGreaterThan(0);
  });

  it('imports a URL together with edits: the imported page and every edit land', async () => {
    const id = await createRequest();
    const sent = await Promise.all([
      send('admin', 'POST', `/v1/spaces/s1/change-requests/${id}/content/import`, {
        source: 'markdown',
        url: fixtureUrl,
      }),
      ...Array.from({ length: 3 }, (_, n) =>
        edit(id, [{ operation: 'insert_page', title: `Edit ${n}`, document: {} }]),
      ),
    ]);
    expect(sent.map((answer) => answer.statusCode)).toEqual([201, 200, 200, 200]);
    expect(sent[0]!.json()).toMatchObject({ importedResources: 1 });
    const head = await headOf(id);
    expect(titles(head.tree).sort()).toEqual(['Edit 0', 'Edit 1', 'Edit 2', 'Imported', 'Intro']);
  });
});

describe('the print page and the files of a change request on PostgreSQL', () => {
  it('renders the head behind a print link, scoped to a page; 404 once expired or unknown', async () => {
    const id = await createRequest();
    expect(
      (
        await edit(id, [
          { operation: 'insert_page', title: 'Guide', document: { markdown: '# Steps\n\n*First* step.' } },
        ])
      ).statusCode,
    ).toBe(200);
    const request = await loadChangeRequestIn(pg.store, 's1', id);
    const all = await createPrintLinkIn(pg.store, pg.clock.now(), { request, baseUrl: 'http://test' });
    const page = await app.inject({ method: 'GET', url: new URL(all).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1 class="page-title">Intro</h1>');
    expect(page.body).toContain('<h1 class="page-title">Guide</h1>');
    expect(page.body).toContain('<em>First</em> step.');

    const intro = await createPrintLinkIn(pg.store, pg.clock.now(), {
      request,
      page: 'p1',
      only: true,
      baseUrl: 'http://test',
    });
    const scoped = await app.inject({ method: 'GET', url: new URL(intro).pathname });
    expect(scoped.body).toContain('Intro');
    expect(scoped.body).not.toContain('Guide');
    await expect(
      createPrintLinkIn(pg.store, pg.clock.now(), { request, page: 'nothing', baseUrl: 'http://test' }),
    ).rejects.toMatchObject({ status: 400 });

    const unknown = await app.inject({ method: 'GET', url: `/print/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    pg.clock.advance(PRINT_LINK_TTL_MS);
    const expired = await app.inject({ method: 'GET', url: new URL(all).pathname });
    expect([expired.statusCode, expired.json().error.code]).toEqual([404, 404]);
  });

  it('serves a file written by a content edit: an image inline, text as an attachment; 404 for none', async () => {
    const id = await createRequest();
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const done = await edit(id, [
      {
        operation: 'insert_files',
        files: [
          { name: 'logo.png', contentType: 'image/png', base64: png.toString('base64') },
          { name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hello').toString('base64') },
        ],
      },
    ]);
    expect(done.statusCode).toBe(200);
    const [logo, notes] = (await headOf(id)).tree.files;
    const image = await app.inject({ method: 'GET', url: `/files/${logo!.blobId}` });
    expect([image.statusCode, image.headers['content-type'], image.headers['content-disposition']]).toEqual([
      200,
      'image/png',
      'inline',
    ]);
    expect(image.rawPayload.equals(png)).toBe(true);
    const text = await app.inject({ method: 'GET', url: `/files/${notes!.blobId}` });
    expect([text.statusCode, text.headers['content-disposition'], text.body]).toEqual([
      200,
      'attachment',
      'hello',
    ]);
    const missing = await app.inject({ method: 'GET', url: '/files/nothing-here' });
    expect(missing.statusCode).toBe(404);
  });
});
