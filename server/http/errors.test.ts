import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/contract/index.ts';
import { buildApp } from '../app.ts';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectError, send } from '../test/http-helpers.ts';

describe('errors over HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  let orgId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = server.buildUser();
    orgId = server.buildOrg(admin).id;
  });
  afterAll(async () => server.close());

  describe('401', () => {
    it('answers a missing token', async () => {
      const message = expectError(await send(server.baseUrl, 'GET', '/v1/orgs'), 401);
      expect(message).toMatch(/missing/);
    });

    it('answers malformed Authorization headers', async () => {
      for (const header of [
        'Bearer',
        'Bearer short',
        'Basic dXNlcjpwYXNzd29yZA==',
        `Bearer ${'x'.repeat(600)}`,
        'Bearer a b c d e f g h i j',
      ]) {
        const message = expectError(
          await send(server.baseUrl, 'GET', '/v1/orgs', { headers: { authorization: header } }),
          401,
        );
        expect(message, header).toMatch(/malformed/);
      }
    });

    it('reads the scheme case-insensitively', async () => {
      const answer = await send(server.baseUrl, 'GET', '/v1/orgs', {
        headers: { authorization: `bearer ${admin.token}` },
      });
      expect(answer.status).toBe(200);
    });

    it('answers an unknown token', async () => {
      const message = expectError(
        await send(server.baseUrl, 'GET', '/v1/orgs', { token: 'a'.repeat(40) }),
        401,
      );
      expect(message).toMatch(/unknown/);
    });

    it('comes before validation of the request', async () => {
      expectError(await send(server.baseUrl, 'PATCH', `/v1/orgs/${orgId}`, { body: '{bad' }), 401);
    });
  });

  describe('400', () => {
    it('answers a malformed JSON body', async () => {
      const message = expectError(
        await send(server.baseUrl, 'PATCH', `/v1/orgs/${orgId}`, { token: admin.token, body: '{"title": ' }),
        400,
      );
      expect(message).toMatch(/JSON/);
    });

    it('answers a missing required body, with or without a JSON content type', async () => {
      const path = `/v1/orgs/${orgId}/teams`;
      expect(expectError(await send(server.baseUrl, 'PUT', path, { token: admin.token }), 400)).toMatch(
        /body/,
      );
      const withType = await send(server.baseUrl, 'PUT', path, {
        token: admin.token,
        contentType: 'application/json',
      });
      expect(expectError(withType, 400)).toMatch(/body/);
    });

    it('names a query parameter out of its bounds', async () => {
      for (const limit of ['-1', '1001', 'ten', '1.5']) {
        const answer = await send(server.baseUrl, 'GET', `/v1/orgs/${orgId}/members?limit=${limit}`, {
          token: admin.token,
        });
        expect(expectError(answer, 400), limit).toContain('limit');
      }
    });

    it('names an unknown body field', async () => {
      const answer = await send(server.baseUrl, 'PATCH', `/v1/orgs/${orgId}`, {
        token: admin.token,
        body: { title: 'Fine', colour: 'red' },
      });
      expect(expectError(answer, 400)).toContain('colour');
    });

    it('names a required body field', async () => {
      const answer = await send(server.baseUrl, 'PUT', `/v1/orgs/${orgId}/teams`, {
        token: admin.token,
        body: {},
      });
      expect(expectError(answer, 400)).toContain('title');
    });

    it('lists the allowed values of an enum, in the body and in the query', async () => {
      const member = server.buildMember(orgId, 'read');
      const body = await send(server.baseUrl, 'PATCH', `/v1/orgs/${orgId}/members/${member.id}`, {
        token: admin.token,
        body: { role: 'owner' },
      });
      const bodyMessage = expectError(body, 400);
      expect(bodyMessage).toContain('role');
      for (const role of ROLES) expect(bodyMessage).toContain(`"${role}"`);
      const query = await send(server.baseUrl, 'GET', `/v1/orgs/${orgId}/members?sort=age`, {
        token: admin.token,
      });
      const queryMessage = expectError(query, 400);
      expect(queryMessage).toContain('sort');
      for (const sort of ['joinedAt', 'lastSeenAt', 'name']) expect(queryMessage).toContain(sort);
    });

    it('explains a pattern with the schema description: a logo must be an http(s) URL', async () => {
      for (const logo of [
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        'ftp://example.com/logo.png',
      ]) {
        const answer = await send(server.baseUrl, 'PATCH', `/v1/orgs/${orgId}`, {
          token: admin.token,
          body: { logo },
        });
        const message = expectError(answer, 400);
        expect(message, logo).toContain('`logo`');
        expect(message, logo).toContain('http or https URL');
      }
    });

    it('names a field nested in the body', async () => {
      const answer = await send(server.baseUrl, 'POST', `/v1/orgs/${orgId}/invites`, {
        token: admin.token,
        body: { emails: [{ email: 'a@example.com', role: 'boss' }] },
      });
      expect(expectError(answer, 400)).toMatch(/emails\[0\]/);
    });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await send(server.baseUrl, 'PATCH', `/v1/orgs/${orgId}`, {
      token: admin.token,
      body: 'title=Plain',
      contentType: 'text/plain',
    });
    expect(expectError(answer, 415)).toMatch(/JSON/);
  });

  it('answers 415 for a body without a Content-Type, and accepts an empty body of any type', async () => {
    const response = await fetch(`${server.baseUrl}/v1/orgs/${orgId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}` },
      body: new Uint8Array(Buffer.from('{"title":"No type"}')),
    });
    expectError({ status: response.status, body: await response.json() }, 415);
    const ping = await send(server.baseUrl, 'POST', `/v1/orgs/${orgId}/ping`, {
      token: admin.token,
      contentType: 'text/plain',
    });
    expect(ping.status).toBe(200);
  });

  it('answers 400 in the error shape for paths the router cannot decode', async () => {
    for (const path of [`/v1/orgs/%`, `/v1/orgs/%E0%A4%A/members`, `/v1/orgs/%FF`]) {
      expect(expectError(await send(server.baseUrl, 'GET', path, { token: admin.token }), 400), path).toMatch(
        /path/,
      );
    }
    const long = await send(server.baseUrl, 'GET', `/v1/orgs/${'x'.repeat(1000)}`, { token: admin.token });
    expect(expectError(long, 400)).toMatch(/path parameter/);
    const bounded = await send(server.baseUrl, 'GET', `/v1/orgs/${'x'.repeat(300)}`, { token: admin.token });
    expect(expectError(bounded, 400)).toContain('organizationId');
  });

  describe('404 for unknown routes', () => {
    it('answers outside and inside /v1, with and without a token', async () => {
      for (const [method, path] of [
        ['GET', '/nope'],
        ['GET', '/v1/nope'],
        ['POST', `/v1/orgs/${orgId}/nope`],
        ['DELETE', '/v1/orgs'],
        ['GET', '/v1'],
      ] as const) {
        expect(expectError(await send(server.baseUrl, method, path), 404), path).toContain(path);
        expectError(await send(server.baseUrl, method, path, { token: admin.token }), 404);
      }
    });
  });

  it('answers 501 for an operation not implemented yet', async () => {
    // Every operation has a handler now: an app with an empty handler map stands for a server that lacks some.
    const app = buildApp({ ...server.appStorage, clock: server.clock, rateLimit: null, handlers: {} });
    try {
      const answer = await app.inject({
        method: 'GET',
        url: '/v1/orgs/abc/translations',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(expectError({ status: answer.statusCode, body: answer.json() }, 501)).toContain(
        'listTranslations',
      );
    } finally {
      await app.close();
    }
  });

  it('answers 404 for an organization the caller is not in, as for one that does not exist', async () => {
    const stranger = server.buildUser();
    const hidden = expectError(
      await send(server.baseUrl, 'GET', `/v1/orgs/${orgId}`, { token: stranger.token }),
      404,
    );
    const absent = expectError(
      await send(server.baseUrl, 'GET', '/v1/orgs/nothing-here', { token: stranger.token }),
      404,
    );
    expect(hidden.replace(orgId, 'X')).toBe(absent.replace('nothing-here', 'X'));
  });
});

describe('413 for a body over the limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ bodyLimit: 1024 });
  });
  afterAll(async () => server.close());

  it('answers in the error shape, and accepts a body under the limit', async () => {
    const admin = server.buildUser();
    const org = server.buildOrg(admin);
    const path = `/v1/orgs/${org.id}/teams`;
    const large = await send(server.baseUrl, 'PUT', path, {
      token: admin.token,
      body: { title: 'T', members: Array(200).fill('x'.repeat(10)) },
    });
    expectError(large, 413);
    const small = await send(server.baseUrl, 'PUT', path, {
      token: admin.token,
      body: { title: 'Small team' },
    });
    expect(small.status).toBe(201);
  });
});

describe('429 when a token exceeds its rate', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimit: { requests: 3, windowMs: 60_000 } });
  });
  afterAll(async () => server.close());

  it('refuses the token with Retry-After until the window refills, without touching other tokens', async () => {
    const first = server.buildUser();
    const second = server.buildUser();
    for (let i = 0; i < 3; i++)
      expect((await send(server.baseUrl, 'GET', '/v1/orgs', { token: first.token })).status).toBe(200);
    const refused = await send(server.baseUrl, 'GET', '/v1/orgs', { token: first.token });
    expectError(refused, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused requests do not postpone the refill.
    expectError(await send(server.baseUrl, 'GET', '/v1/orgs', { token: first.token }), 429);

    expect((await send(server.baseUrl, 'GET', '/v1/orgs', { token: second.token })).status).toBe(200);

    server.clock.advance(retryAfter * 1000);
    expect((await send(server.baseUrl, 'GET', '/v1/orgs', { token: first.token })).status).toBe(200);
    server.clock.advance(60_000);
    for (let i = 0; i < 3; i++)
      expect((await send(server.baseUrl, 'GET', '/v1/orgs', { token: first.token })).status).toBe(200);
    expectError(await send(server.baseUrl, 'GET', '/v1/orgs', { token: first.token }), 429);
  });
});
