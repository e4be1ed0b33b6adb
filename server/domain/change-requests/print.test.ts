import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { send } from '../../test/http-helpers.ts';
import { buildContentOrg, expectError, expectUnauthorized, UNKNOWN_ID } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function setup() {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, {
    title: 'Handbook',
    pages: [
      {
        title: 'Intro <b>',
        markdown:
          '# Hello\n\nSome **bold**. <script>alert(1)</script> [bad](javascript:alert(1)) [good](https://example.com)\n\n![remote](https://example.com/x.png)',
        pages: [{ title: 'Child page', markdown: 'Child body' }],
      },
      { title: 'Second', markdown: 'Second body' },
    ],
  });
  const request = server.buildChangeRequest(spaceId, org.admin.id, { subject: 'Rewrite the intro' });
  const params = { spaceId, changeRequestId: request.id };
  return { ...org, spaceId, request, params };
}

async function pageIds(ctx: ReturnType<typeof setup>) {
  const pages = (await ctx.admin.client.call('listPagesInChangeRequest', { params: ctx.params })).pages;
  return { intro: pages[0]!.id, child: pages[0]!.pages![0]!.id, second: pages[1]!.id };
}

async function open(url: string) {
  const response = await fetch(url);
  return { response, text: await response.text() };
}

describe('GET .../change-requests/{changeRequestId}/pdf', () => {
  it('answers 401, and 404 for an unknown request or a guest', async () => {
    const ctx = setup();
    await expectUnauthorized(server, 'getChangeRequestPDF', { params: ctx.params });
    expectError(
      await ctx.admin.client.request('getChangeRequestPDF', {
        params: { ...ctx.params, changeRequestId: UNKNOWN_ID },
      }),
      404,
    );
    expectError(await ctx.member(null).client.request('getChangeRequestPDF', { params: ctx.params }), 404);
  });

  it('answers 400 naming `page` for a page not in the request and for `only` without a page', async () => {
    const ctx = setup();
    expectError(
      await ctx.admin.client.request('getChangeRequestPDF', {
        params: ctx.params,
        query: { page: UNKNOWN_ID },
      }),
      400,
      'page',
      UNKNOWN_ID,
    );
    expectError(
      await ctx.admin.client.request('getChangeRequestPDF', { params: ctx.params, query: { only: true } }),
      400,
      'page',
    );
  });

  it('gives a reader a URL of a print-ready page, safe and without scripts', async () => {
    const ctx = setup();
    const { url } = await ctx.member('read').client.call('getChangeRequestPDF', { params: ctx.params });
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/print/[A-Za-z0-9_-]{43}$`));
    const { response, text } = await open(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).toContain('Rewrite the intro');
    expect(text).toContain('change request #1');
    expect(text).toContain('Intro &lt;b&gt;');
    expect(text).toContain('<strong>bold</strong>');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toMatch(/<script/i);
    expect(text).not.toContain('javascript:');
    expect(text).toContain('<a href="https://example.com">good</a>');
    expect(text).not.toContain('<img');
    expect(text).toContain('break-before: page');
    const order = ['Intro &lt;b&gt;', 'Child page', 'Second'].map((title) => text.indexOf(`>${title}</h1>`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    // The token is the only credential: no header needed, and it does not appear in the page.
    expect(text).not.toContain(url.split('/').at(-1)!);
  });

  it('prints a page with its descendants, or that page only', async () => {
    const ctx = setup();
    const { intro } = await pageIds(ctx);
    const tree = await ctx.admin.client.call('getChangeRequestPDF', {
      params: ctx.params,
      query: { page: intro },
    });
    const treeText = (await open(tree.url)).text;
    expect(treeText).toContain('Child page');
    expect(treeText).not.toContain('Second body');
    const only = await ctx.admin.client.call('getChangeRequestPDF', {
      params: ctx.params,
      query: { page: intro, only: true },
    });
    const onlyText = (await open(only.url)).text;
    expect(onlyText).toContain('Intro &lt;b&gt;');
    expect(onlyText).not.toContain('Child page');
  });

  it('expires after an hour, and unknown tokens answer 404', async () => {
    const ctx = setup();
    const { url } = await ctx.admin.client.call('getChangeRequestPDF', { params: ctx.params });
    server.clock.advance(59 * 60 * 1000);
    expect((await open(url)).response.status).toBe(200);
    server.clock.advance(60 * 1000);
    const expired = await send(server.baseUrl, 'GET', new URL(url).pathname);
    expectError(expired, 404, 'expired');
    expectError(await send(server.baseUrl, 'GET', `/print/${'A'.repeat(43)}`), 404);
    expectError(await send(server.baseUrl, 'GET', '/print/short'), 404);
  });

  it('stores only a hash of the token', async () => {
    const ctx = setup();
    const { url } = await ctx.admin.client.call('getChangeRequestPDF', { params: ctx.params });
    const token = url.split('/').at(-1)!;
    const rows = server.db.all(server.db.q.selectFrom('print_links').selectAll());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });
});
