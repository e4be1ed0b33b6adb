/**
 * `serve --compat gitbook`: only the operations GitBook publishes, GitBook's 404 for the others, GitBook's
 * `X-RateLimit-*` headers on every response and its documented limit and 429; and the same headers in the normal mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '../../shared/client.ts';
import { operationList, type Operation } from '../../shared/contract/index.ts';
import { isPublishedByGitBook, optionalOperations } from '../../shared/gitbook/published.ts';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectError, send, UNKNOWN_ID, type RawAnswer } from '../test/http-helpers.ts';

const GITBOOK_404 = { error: { code: 404, message: 'Not found' } };

/** The operation's path with every parameter an id that names nothing. */
function pathOf(operation: Operation): string {
  const params = Object.fromEntries(
    Object.keys(operation.params.properties).map((name) => [name, UNKNOWN_ID]),
  );
  return buildPath(operation.path, params);
}

/** Asserts the three headers and answers them as numbers. */
function rateHeadersOf(answer: RawAnswer): { limit: number; remaining: number; reset: number } {
  const read = (name: string) => {
    const value = answer.headers.get(name);
    expect(value, `${name} on a ${answer.status}`).toMatch(/^\d+$/);
    return Number(value);
  };
  return {
    limit: read('x-ratelimit-limit'),
    remaining: read('x-ratelimit-remaining'),
    reset: read('x-ratelimit-reset'),
  };
}

const epochSeconds = (server: TestServer) => server.clock.now().getTime() / 1000;

describe('GitBook-compatible mode: operations', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ compat: 'gitbook', rateLimit: { requests: 100_000, windowMs: 60_000 } });
    admin = server.buildUser();
    server.buildOrg(admin);
  });
  afterAll(async () => server.close());

  it('answers GitBook\u2019s 404 to every operation GitBook does not publish, with the rate headers', async () => {
    const optional = operationList.filter((operation) => !isPublishedByGitBook(operation));
    expect(optional.map((operation) => operation.name).sort()).toEqual([...optionalOperations].sort());
    // Our eleven extensions GitBook lacks (the merge check, batch bodies, the four of pending email invites and
    // permanent deletes of trashed spaces, a page's keyed blocks, the four of "Inspect access"), and the 14 spec
    // operations GitBook no longer publishes. The six review operations are GitBook's own, and so are merge rules (fields of the organization and
    // the space): they are published.
    expect(optional.map((operation) => operation.name)).toEqual(
      expect.arrayContaining([
        'checkChangeRequestMerge',
        'listRevisionDocuments',
        'listOrganizationCustomFields',
        'listPageBlocksInRevision',
      ]),
    );
    expect(optional).toHaveLength(25);
    for (const operation of optional) {
      const answer = await send(server.baseUrl, operation.method, pathOf(operation), {
        token: admin.token,
        ...(operation.body !== undefined ? { body: {} } : {}),
      });
      expect(answer.status, operation.name).toBe(404);
      expect(answer.body, operation.name).toEqual(GITBOOK_404);
      rateHeadersOf(answer);
    }
  });

  it('routes every operation GitBook publishes, our extensions among them', async () => {
    const published = operationList.filter(isPublishedByGitBook);
    expect(published.filter((operation) => operation.extension).length).toBeGreaterThanOrEqual(19);
    for (const operation of published) {
      const answer = await send(server.baseUrl, operation.method, pathOf(operation), { token: admin.token });
      expect(answer.body, `${operation.method} ${operation.path}`).not.toEqual(GITBOOK_404);
      expect(answer.status, operation.name).toBeLessThan(500);
      rateHeadersOf(answer);
    }
  });

  it('serves no /v1/openapi.json (GitBook publishes none), and answers unknown paths alike', async () => {
    for (const path of ['/v1/openapi.json', '/v1/nothing-here', '/v1/orgs/x/y/z']) {
      const answer = await send(server.baseUrl, 'GET', path, { token: admin.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(GITBOOK_404);
    }
  });

  it('carries the headers on 400, 401 and malformed-path answers too', async () => {
    const badQuery = await send(server.baseUrl, 'GET', '/v1/orgs?limit=ten', { token: admin.token });
    expectError(badQuery, 400, 'limit');
    rateHeadersOf(badQuery);
    const noToken = await send(server.baseUrl, 'GET', '/v1/orgs');
    expectError(noToken, 401);
    expect(rateHeadersOf(noToken).limit).toBe(100_000);
    const badPath = await send(server.baseUrl, 'GET', '/v1/orgs/%E0%A4%A', { token: admin.token });
    expectError(badPath, 400);
    rateHeadersOf(badPath);
  });
});

describe('GitBook-compatible mode: its documented rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ compat: 'gitbook' });
  });
  afterAll(async () => server.close());

  it('allows 60 requests a minute per token, counting down, then answers GitBook\u2019s 429', async () => {
    const ada = server.buildUser();
    const start = epochSeconds(server);
    for (let i = 1; i <= 60; i++) {
      const answer = await send(server.baseUrl, 'GET', '/v1/orgs', { token: ada.token });
      expect(answer.status).toBe(200);
      expect(rateHeadersOf(answer)).toEqual({ limit: 60, remaining: 60 - i, reset: Math.ceil(start + 60) });
    }
    const refused = await send(server.baseUrl, 'GET', '/v1/orgs', { token: ada.token });
    // GitBook's documentation: HTTP 429, the three headers, and this body.
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 429, message: 'API rate limit exceeded. Please try again in 60 seconds' },
    });
    expect(rateHeadersOf(refused)).toEqual({ limit: 60, remaining: 0, reset: Math.ceil(start + 60) });
    expect(refused.headers.get('retry-after')).toBeNull();

    // Another token has its own window.
    const grace = server.buildUser();
    expect((await send(server.baseUrl, 'GET', '/v1/orgs', { token: grace.token })).status).toBe(200);

    server.clock.advance(45_500);
    const later = await send(server.baseUrl, 'GET', '/v1/orgs', { token: ada.token });
    expect(later.body).toEqual({
      error: { code: 429, message: 'API rate limit exceeded. Please try again in 15 seconds' },
    });
    server.clock.advance(14_500);
    const next = await send(server.baseUrl, 'GET', '/v1/orgs', { token: ada.token });
    expect(next.status).toBe(200);
    expect(rateHeadersOf(next)).toEqual({ limit: 60, remaining: 59, reset: Math.ceil(start + 120) });
  });

  it('takes a shorter window when told (`--rate-limit-window`)', async () => {
    const quick = await startTestServer({ compat: 'gitbook', rateLimit: { requests: 2, windowMs: 6_000 } });
    try {
      const user = quick.buildUser();
      const start = epochSeconds(quick);
      for (let i = 0; i < 2; i++) await send(quick.baseUrl, 'GET', '/v1/orgs', { token: user.token });
      const refused = await send(quick.baseUrl, 'GET', '/v1/orgs', { token: user.token });
      expect(refused.body).toEqual({
        error: { code: 429, message: 'API rate limit exceeded. Please try again in 6 seconds' },
      });
      expect(rateHeadersOf(refused)).toEqual({ limit: 2, remaining: 0, reset: Math.ceil(start + 6) });
      quick.clock.advance(6_000);
      expect((await send(quick.baseUrl, 'GET', '/v1/orgs', { token: user.token })).status).toBe(200);
    } finally {
      await quick.close();
    }
  });
});

describe('normal mode: the same headers, and our 429 with Retry-After', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimit: { requests: 3, windowMs: 60_000 } });
  });
  afterAll(async () => server.close());

  it('counts down on every response and refuses with both Retry-After and the headers', async () => {
    const ada = server.buildUser();
    const start = epochSeconds(server);
    const served = await send(server.baseUrl, 'GET', '/v1/openapi.json', { token: ada.token });
    expect(served.status).toBe(200);
    expect(rateHeadersOf(served)).toEqual({ limit: 3, remaining: 3, reset: Math.ceil(start + 60) });
    for (let i = 1; i <= 3; i++) {
      const answer = await send(server.baseUrl, 'GET', '/v1/orgs', { token: ada.token });
      expect(rateHeadersOf(answer).remaining).toBe(3 - i);
    }
    const unknown = await send(server.baseUrl, 'GET', '/v1/orgs/nothing/here/at/all', { token: ada.token });
    expectError(unknown, 404, 'no operation');
    expect(rateHeadersOf(unknown).remaining).toBe(0);
    server.clock.advance(20_000);
    const refused = await send(server.baseUrl, 'GET', '/v1/orgs', { token: ada.token });
    expectError(refused, 429, 'too many requests');
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(rateHeadersOf(refused)).toEqual({ limit: 3, remaining: 0, reset: Math.ceil(start + 60) });
  });
});
