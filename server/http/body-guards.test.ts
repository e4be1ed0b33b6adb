/**
 * Request bodies are parsed only for callers who may send them, and never deeper than the nesting limit: over HTTP,
 * a deeply nested body is a 400 naming the body, and a caller who cannot reach the organization, space or
 * collection gets its 404 before the body is parsed (a malformed body does not change the answer).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentOrg, expectError, expectStatus, sendRaw } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { MAX_BODY_NESTING, nestsDeeperThan as nestsBytesDeeperThan } from './body-guards.ts';
import { LARGE_BODY } from './json-body.ts';

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

/** Sends the head of a request declaring a 1 MB body and only its first `sent` bytes; answers the raw response. */
function sendPartly(path: string, token: string, sent: string): Promise<string> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('close', () => resolve(response));
    socket.on('error', reject);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n${sent}`,
    );
  });
}

describe('bodies refused before they are read whole', () => {
  it('answers 400 and closes the connection before the rest of the body is sent', async () => {
    const { admin, orgId } = buildContentOrg(server);
    // The 999,000 bytes after these are never sent: the answer comes anyway, and the server closes the connection.
    const response = await sendPartly(`/v1/orgs/${orgId}/spaces`, admin.token, '['.repeat(1000));
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(response).toContain('deeper than 128 levels');
  });

  it('a caller outside the organization gets its 404 before any byte of the body', async () => {
    const { admin, foreign } = buildContentOrg(server);
    const response = await sendPartly(`/v1/orgs/${foreign.orgId}/spaces`, admin.token, '');
    expect(response).toMatch(/^HTTP\/1\.1 404 /);
    expect(response.toLowerCase()).toContain('connection: close');
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

describe('bodies of LARGE_BODY bytes or more, parsed on a worker thread', () => {
  const long = (seed: string) => `${seed} «ü» 🧪 `.repeat(Math.ceil(LARGE_BODY / 10));

  it('answer as a body parsed here: malformed JSON, a long field too long, a field not allowed', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const send = (rawBody: string) =>
      sendRaw(server, 'createSpace', { params: { organizationId: orgId }, rawBody, token: admin.token });
    expectError(await send(`{"title": "${long('a')}`), 400, 'the request body is not valid JSON');
    // The title's limit counts characters: a long text is refused, naming the field.
    expectError(await send(JSON.stringify({ title: long('b') })), 400, 'body field `title`');
    // Long texts deep in the body come back in their places: the validation names the field not allowed.
    expectError(
      await send(JSON.stringify({ title: 'Fine', extra: [{ a: long('c') }, long('d')] })),
      400,
      'body field `extra` is not allowed here',
    );
  });

  it('a large valid body is taken whole', async () => {
    const { admin, orgId } = buildContentOrg(server);
    // White space around the JSON is not part of it: a large body of white space and a small object.
    const created = await sendRaw(server, 'createSpace', {
      params: { organizationId: orgId },
      rawBody: `${' '.repeat(LARGE_BODY)}{"title": "Large 🧪"}`,
      token: admin.token,
    });
    expectStatus(created, 201);
    expect((created.body as { title: string }).title).toBe('Large 🧪');
  });
});
