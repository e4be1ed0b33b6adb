/**
 * Request bodies are parsed only for callers who may send them, and never deeper than the nesting limit: over HTTP,
 * a deeply nested body is a 400 naming the body, and a caller who cannot reach the organization, space or
 * collection gets its 404 before the body is parsed (a malformed body does not change the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentOrg, expectError, expectStatus, sendRaw } from '../domain/spaces/testing.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { MAX_BODY_NESTING, nestsDeeperThan as nestsBytesDeeperThan } from './body-guards.ts';

const nestsDeeperThan = (text: string, limit: number) => nestsBytesDeeperThan(Buffer.from(text), limit);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** Arrays nested `levels` deep: `[[[…]]]`. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('the nesting limit of JSON bodies', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(MAX_BODY_NESTING), MAX_BODY_NESTING)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_NESTING + 1), MAX_BODY_NESTING)).toBe(true);
    expect(nestsDeeperThan(`{"a":${nested(MAX_BODY_NESTING - 1)}}`, MAX_BODY_NESTING)).toBe(false);
    expect(nestsDeeperThan(`{"a":${nested(MAX_BODY_NESTING)}}`, MAX_BODY_NESTING)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[{'.repeat(1000) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a \\" [{ \\\\' }), 1)).toBe(false);
    // Multi-byte characters never read as brackets or quotes.
    expect(nestsDeeperThan(JSON.stringify({ text: '«[»🧪{ÿ' }), 1)).toBe(false);
  });

  it('answers 400 naming the body for 500,000 levels (a 1 MB body), before any parse', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const body = nested(500_000);
    expect(body.length).toBe(1_000_000);
    expectError(
      await sendRaw(server, 'createSpace', {
        params: { organizationId: orgId },
        rawBody: body,
        token: admin.token,
      }),
      400,
      'request body nests arrays and objects deeper than 128 levels',
    );
    // The same body inside an object, and a body just over the limit.
    expectError(
      await sendRaw(server, 'createSpace', {
        params: { organizationId: orgId },
        rawBody: `{"title":${nested(MAX_BODY_NESTING)}}`,
        token: admin.token,
      }),
      400,
      'request body',
    );
    // Brackets in a string are text.
    const created = await sendRaw(server, 'createSpace', {
      params: { organizationId: orgId },
      body: { title: `Brackets ${'[{'.repeat(20)}` },
      token: admin.token,
    });
    expectStatus(created, 201);
  });
});

describe('bodies are read after the caller is known to reach what the path names', () => {
  it('a caller outside the organization gets its 404 whatever the body, malformed or deep', async () => {
    const { admin, foreign } = buildContentOrg(server);
    for (const rawBody of ['{"title": not json', nested(500_000)]) {
      expectError(
        await sendRaw(server, 'createSpace', {
          params: { organizationId: foreign.orgId },
          rawBody,
          token: admin.token,
        }),
        404,
        `no organization with id \`${foreign.orgId}\``,
      );
      expectError(
        await sendRaw(server, 'postCommentInSpace', {
          params: { spaceId: foreign.spaceId },
          rawBody,
          token: admin.token,
        }),
        404,
        `no space with id \`${foreign.spaceId}\``,
      );
      expectError(
        await sendRaw(server, 'updateCollectionById', {
          params: { collectionId: foreign.collectionId },
          rawBody,
          token: admin.token,
        }),
        404,
        `no collection with id \`${foreign.collectionId}\``,
      );
    }
  });

  it('without a valid token the answer is 401, and a member gets the parse error', async () => {
    const { admin, orgId } = buildContentOrg(server);
    expectError(
      await sendRaw(server, 'createSpace', {
        params: { organizationId: orgId },
        rawBody: '{"title": not json',
      }),
      401,
    );
    expectError(
      await sendRaw(server, 'createSpace', {
        params: { organizationId: orgId },
        rawBody: '{"title": not json',
        token: admin.token,
      }),
      400,
      'not valid JSON',
    );
  });
});
