import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadRevision } from '../content/revisions.ts';
import {
  buildContentOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  sendRaw,
} from '../../test/factories.ts';

let server: TestServer;
let refusing: TestServer;
/** Allows loopback with a 1,000-byte cap (and a deadline no answer of the fixture comes near). */
let capped: TestServer;
/** Allows loopback with a 50 ms timeout, for a fixture route that never answers. */
let strict: TestServer;
let fixture: Server;
let fixtureUrl: string;

const ZIP = zipSync({
  'README.md': strToU8('# Home\n\nWelcome.'),
  'guide/README.md': strToU8('# The guide\n\nRead me.'),
  'guide/install-steps.md': strToU8('Install it.'),
  'reference/api.md': strToU8('# API\n\nCalls.'),
  'images/logo.png': new Uint8Array([1, 2, 3]),
  '.hidden/secret.md': strToU8('no'),
});

/** What the fixture serves, by path. */
const ROUTES: Record<string, (response: ServerResponse, request: IncomingMessage) => void> = {
  '/page.md': (r) =>
    r.writeHead(200, { 'content-type': 'text/markdown' }).end('# Getting started\n\nFirst steps.\n'),
  '/notes.md': (r) => r.writeHead(200).end('No heading here.\n'),
  '/page.html': (r) =>
    r
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<html><head><title>Release notes</title><script>alert(1)</script></head><body><h1>Release notes</h1><p>Some <b>bold</b> text.</p><script>evil()</script></body></html>',
      ),
  '/docs.zip': (r) => r.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.from(ZIP)),
  '/garbage.zip': (r) => r.writeHead(200).end('this is not a zip archive at all'),
  '/big.md': (r) => r.writeHead(200).end('x'.repeat(5000)),
  '/redirect': (r) => r.writeHead(302, { location: '/page.md' }).end(),
  '/slow': () => {
    // Never answers: the fetch's deadline ends it.
  },
};

beforeAll(async () => {
  server = await startTestServer({ allowPrivateFetch: true });
  refusing = await startTestServer();
  capped = await startTestServer({
    allowPrivateFetch: true,
    fetchLimits: { maxBytes: 1000, timeoutMs: 60_000 },
  });
  strict = await startTestServer({ allowPrivateFetch: true, fetchLimits: { maxBytes: 1000, timeoutMs: 50 } });
  fixture = createServer((request, response) => {
    const route = ROUTES[request.url ?? ''];
    if (route) route(response, request);
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
  await server.close();
  await refusing.close();
  await capped.close();
  await strict.close();
});

function setup(on: TestServer = server, options: { status?: 'archived' } = {}) {
  const org = buildContentOrg(on);
  const { id: spaceId } = on.buildSpace(org.orgId, { pages: [{ title: 'Getting started' }] });
  const request = on.buildChangeRequest(spaceId, org.admin.id, options);
  return { ...org, spaceId, params: { spaceId, changeRequestId: request.id } };
}

const importing = (
  ctx: ReturnType<typeof setup>,
  body: Record<string, unknown>,
  token = ctx.admin.token,
  on = server,
) => sendRaw(on, 'importContentInChangeRequest', { params: ctx.params, body, token });

async function headOf(ctx: ReturnType<typeof setup>) {
  return (await ctx.admin.client.call('getChangeRequestById', { params: ctx.params })).revision;
}

describe('POST .../change-requests/{changeRequestId}/content/import', () => {
  it('answers 401, 403, 404 and 409 before fetching anything', async () => {
    const ctx = setup();
    const body = { url: `${fixtureUrl}/page.md`, source: 'markdown' };
    await expectUnauthorized(server, 'importContentInChangeRequest', { params: ctx.params, body });
    expectError(await importing(ctx, body, ctx.member('read').token), 403, 'edit');
    expectError(await importing(ctx, body, ctx.member(null).token), 404);
    const archived = setup(server, { status: 'archived' });
    expectError(await importing(archived, body), 409, 'archived');
  });

  it('imports a markdown file as one page titled by its heading, after the existing pages', async () => {
    const ctx = setup();
    const before = await headOf(ctx);
    const answer = await importing(ctx, { url: `${fixtureUrl}/redirect`, source: 'markdown' });
    expectStatus(answer, 201);
    const result = answer.body as { revision: string; importedResources: number; totalResources: number };
    expect(result).toMatchObject({ importedResources: 1, totalResources: 1 });
    expect(await headOf(ctx)).toBe(result.revision);
    expect(loadRevision(server.db, result.revision).parents).toEqual([before]);
    const pages = (await ctx.admin.client.call('listPagesInChangeRequest', { params: ctx.params })).pages;
    expect(pages.map((p) => [p.title, p.slug])).toEqual([
      ['Getting started', 'getting-started'],
      ['Getting started', 'getting-started-2'],
    ]);
    const page = await ctx.admin.client.call('getPageInChangeRequestById', {
      params: { ...ctx.params, pageId: pages[1]!.id },
      query: { format: 'markdown' },
    });
    expect(page.markdown).toBe('First steps.\n');
    // Without a heading the file name is the title.
    await importing(ctx, { url: `${fixtureUrl}/notes.md`, source: 'markdown' });
    const again = (await ctx.admin.client.call('listPagesInChangeRequest', { params: ctx.params })).pages;
    expect(again.at(-1)?.title).toBe('Notes');
  });

  it('imports HTML (and a website) as markdown titled by <title>, without scripts', async () => {
    const ctx = setup();
    for (const source of ['html', 'website']) {
      expectStatus(await importing(ctx, { url: `${fixtureUrl}/page.html`, source }), 201);
    }
    const pages = (await ctx.admin.client.call('listPagesInChangeRequest', { params: ctx.params })).pages;
    expect(pages.map((p) => p.title)).toEqual(['Getting started', 'Release notes', 'Release notes']);
    const page = await ctx.admin.client.call('getPageInChangeRequestById', {
      params: { ...ctx.params, pageId: pages[1]!.id },
      query: { format: 'markdown' },
    });
    expect(page.markdown).toBe('Some **bold** text.\n');
  });

  it('imports a zip of markdown files as a page tree', async () => {
    const ctx = setup();
    const answer = await importing(ctx, { url: `${fixtureUrl}/docs.zip`, source: 'zip' });
    expectStatus(answer, 201);
    expect(answer.body).toMatchObject({ importedResources: 4, totalResources: 5 });
    const pages = (await ctx.admin.client.call('listPagesInChangeRequest', { params: ctx.params })).pages;
    const shape = pages.map((p) => [p.title, p.type, (p.pages ?? []).map((c) => c.title)]);
    expect(shape).toEqual([
      ['Getting started', 'document', []],
      ['Home', 'document', []],
      ['The guide', 'document', ['Install steps']],
      ['Reference', 'group', ['API']],
    ]);
  });

  it('answers 400 naming `source` for an unsupported source, and `url` for a bad scheme', async () => {
    const ctx = setup();
    expectError(
      await importing(ctx, { url: `${fixtureUrl}/page.md`, source: 'notion' }),
      400,
      'source',
      'markdown',
    );
    expectError(await importing(ctx, { url: 'ftp://example.com/a.md', source: 'markdown' }), 400, 'url');
  });

  it('answers 4xx naming `url` for a remote 404, an oversized body, a garbage zip and a timeout, writing nothing', async () => {
    const ctx = setup();
    const before = await headOf(ctx);
    expectError(
      await importing(ctx, { url: `${fixtureUrl}/nothing.md`, source: 'markdown' }),
      422,
      'url',
      '404',
    );
    expectError(await importing(ctx, { url: `${fixtureUrl}/garbage.zip`, source: 'zip' }), 422, 'url', 'zip');
    expectError(await importing(ctx, { url: `${fixtureUrl}/page.md`, source: 'zip' }), 422, 'url');
    expect(await headOf(ctx)).toBe(before);
    // A server whose fetches stop at 1,000 bytes (its deadline is far: on a loaded machine, a 50 ms one could end the
    // fetch of the 5,000 bytes first, and answer 422 instead of 413).
    const big = setup(capped);
    const bigBefore = await headOf(big);
    expectError(
      await importing(big, { url: `${fixtureUrl}/big.md`, source: 'markdown' }, big.admin.token, capped),
      413,
      'url',
    );
    expect(await headOf(big)).toBe(bigBefore);
    // A server whose fetches stop at 50 ms, asked for a route that never answers.
    const limited = setup(strict);
    const limitedBefore = await headOf(limited);
    expectError(
      await importing(
        limited,
        { url: `${fixtureUrl}/slow`, source: 'markdown' },
        limited.admin.token,
        strict,
      ),
      422,
      'url',
      'did not answer',
    );
    expect(await headOf(limited)).toBe(limitedBefore);
  });

  it('refuses loopback addresses unless the server allows private fetches', async () => {
    const ctx = setup(refusing);
    for (const url of [
      `${fixtureUrl}/page.md`,
      `http://localhost:${new URL(fixtureUrl).port}/page.md`,
      'http://[::1]/',
    ]) {
      expectError(
        await importing(ctx, { url, source: 'markdown' }, ctx.admin.token, refusing),
        400,
        'url',
        'private',
      );
    }
  });
});
