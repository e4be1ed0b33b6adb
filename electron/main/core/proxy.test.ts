// The API proxy against a REAL embedded server, plus small local HTTP servers that record hits or never answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResponse, HTTP_METHODS } from '../../../shared/bridge.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../server/test/harness.ts';
import { ApiProxy, CANCELLED_STATUS, checkApiPath, type ProxyTarget, type TargetLookup } from './proxy.ts';

type Method = (typeof HTTP_METHODS)[number];
type Mode = 'json' | 'html' | 'redirect' | 'empty';

interface Hit {
  method: string;
  url: string;
  authorization: string | undefined;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

let api: TestServer;
let owner: TestUser;
let orgId: string;
let recorder: Server;
let silent: Server;
let deadUrl: string;
const hits: Hit[] = [];
let mode: Mode = 'json';
const FOREIGN_TOKEN = 'foreign-secret-token-0123456789';
const ODD_TOKEN = 'odd\ntoken-with-newline-0123';
const targets = new Map<string, ProxyTarget>();
const answers: ApiResponse[] = [];

const proxy = new ApiProxy({
  timeoutMs: 20_000,
  resolve: async (profileId): Promise<TargetLookup> => {
    if (profileId === 'down')
      return { kind: 'unavailable', status: 503, message: 'The local sandbox is not running' };
    const target = targets.get(profileId);
    return target === undefined ? { kind: 'unknown' } : { kind: 'target', target };
  },
});
// Calls only the silent server: a short timeout keeps the test quick.
const quickProxy = new ApiProxy({ timeoutMs: 300, resolve: async () => ({ kind: 'unknown' }) });
const slowProxy = new ApiProxy({ timeoutMs: 60_000, resolve: async () => ({ kind: 'unknown' }) });

async function call(profileId: string, method: Method, path: string, extra: Partial<ApiRequest> = {}) {
  const answer = await proxy.request({ profileId, method, path, ...extra });
  answers.push(answer);
  return answer;
}
const messageOf = (answer: ApiResponse) => (answer.body as { error: { message: string } }).error.message;

beforeAll(async () => {
  api = await startTestServer();
  owner = api.buildUser();
  orgId = api.buildOrg(owner, { title: 'Proxy Org' }).id;
  recorder = await listen((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    if (mode === 'html') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
    } else if (mode === 'redirect') {
      res.writeHead(302, { location: 'http://evil.example/v1/orgs' }).end();
    } else if (mode === 'empty') {
      res.writeHead(204).end();
    } else {
      // A hostile server echoing the caller's credentials back.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ items: [], count: 0, echo: req.headers.authorization }));
    }
  });
  silent = await listen(() => undefined);
  const dead = await listen(() => undefined);
  deadUrl = urlOf(dead);
  await close(dead);
  targets.set('api', { baseUrl: api.baseUrl, token: owner.token });
  targets.set('foreign', { baseUrl: urlOf(recorder), token: FOREIGN_TOKEN });
  targets.set('prefixed', { baseUrl: `${urlOf(recorder)}/prefix/`, token: FOREIGN_TOKEN });
  targets.set('dead', { baseUrl: deadUrl, token: FOREIGN_TOKEN });
  targets.set('odd', { baseUrl: urlOf(recorder), token: ODD_TOKEN });
});

afterAll(async () => {
  await Promise.all([api.close(), close(recorder), close(silent)]);
});

describe('ApiProxy against the embedded server', () => {
  it('passes status and body through', async () => {
    const answer = await call('api', 'GET', '/v1/orgs');
    expect(answer.status).toBe(200);
    const body = answer.body as { items: { id: string; title: string }[] };
    expect(body.items.map((org) => org.title)).toContain('Proxy Org');
  });

  it('passes query and body through', async () => {
    const patched = await call('api', 'PATCH', `/v1/orgs/${orgId}`, { body: { title: 'Renamed Org' } });
    expect(patched.status).toBe(200);
    expect((patched.body as { title: string }).title).toBe('Renamed Org');
    const members = await call('api', 'GET', `/v1/orgs/${orgId}/members`, { query: { limit: 1 } });
    expect(members.status).toBe(200);
    expect((members.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it('passes the API errors through as they are', async () => {
    const answer = await call('api', 'GET', '/v1/orgs/nope-not-an-org');
    expect(answer.status).toBe(404);
    expect((answer.body as { error: { code: number } }).error.code).toBe(404);
    targets.set('bad-token', { baseUrl: api.baseUrl, token: 'not-a-real-token-000000' });
    expect((await call('bad-token', 'GET', '/v1/orgs')).status).toBe(401);
  });

  it('answers an unknown profile and an unavailable one in the error shape', async () => {
    const unknown = await call('nobody', 'GET', '/v1/orgs');
    expect(unknown.status).toBe(404);
    const down = await call('down', 'GET', '/v1/orgs');
    expect(down).toEqual({
      status: 503,
      body: { error: { code: 503, message: 'The local sandbox is not running' } },
    });
  });
});

describe('refusals', () => {
  const refused: [string, Method, string, RegExp][] = [
    ['an absolute URL', 'GET', 'http://evil/v1/orgs', /absolute URL/],
    ['a protocol-relative URL', 'GET', '//evil/v1/orgs', /"\/\/"/],
    ['a .. segment', 'GET', '/v1/orgs/../orgs', /"\."/],
    ['a trailing .. segment', 'GET', `/v1/orgs/..`, /"\."/],
    ['a . segment', 'GET', '/v1/./orgs', /"\."/],
    ['an encoded ..', 'GET', '/v1/%2e%2e/orgs', /encoded/],
    ['an encoded .. in capitals', 'GET', '/v1/orgs/%2E%2E', /encoded/],
    ['an encoded slash', 'GET', '/v1/orgs/a%2Fb', /encoded/],
    ['an encoded slash in lower case', 'GET', '/v1/orgs/a%2fb', /encoded/],
    ['a backslash', 'GET', '/v1\\orgs', /backslash/],
    ['a control character', 'GET', '/v1/orgs\r\nX-Injected: 1', /control/],
    ['a query in the path', 'GET', '/v1/orgs?x=1', /"\?"/],
    ['a fragment in the path', 'GET', '/v1/orgs#x', /"#"/],
    ['an empty segment', 'GET', '/v1//orgs', /empty segment/],
    ['a stray percent', 'GET', '/v1/orgs/a%zz', /percent/],
    ['a space', 'GET', '/v1/orgs/a b', /not allowed/],
    ['an unknown path', 'GET', '/v1/nowhere', /not a path of the API/],
    ['a method the path does not take', 'DELETE', '/v1/orgs', /takes GET/],
    ['a path outside /v1', 'GET', '/health', /start with \/v1\//],
    ['another version', 'GET', '/v2/orgs', /start with \/v1\//],
  ];

  it.each(refused)('refuses %s without calling anything', async (_label, method, path, message) => {
    const before = hits.length;
    const answer = await call('foreign', method, path);
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { code: number } }).error.code).toBe(400);
    expect(messageOf(answer)).toMatch(message);
    expect(hits.length).toBe(before);
  });

  it('sends the sandbox’s own operations (creating an organization) to the local sandbox only', async () => {
    const before = hits.length;
    const answer = await call('foreign', 'POST', '/v1/orgs', { body: { title: 'Copy' } });
    expect(answer.status).toBe(403);
    expect(messageOf(answer)).toMatch(/local sandbox/);
    expect(hits.length).toBe(before);
    // The local profile's call goes through (the recorder stands in for the sandbox).
    targets.set('local', { baseUrl: urlOf(recorder), token: FOREIGN_TOKEN });
    try {
      await call('local', 'POST', '/v1/orgs', { body: { title: 'Copy' } });
      expect(hits.slice(before).map((hit) => `${hit.method} ${hit.url}`)).toEqual(['POST /v1/orgs']);
    } finally {
      targets.delete('local');
    }
  });

  it('refuses before looking the profile up', async () => {
    expect((await call('nobody', 'GET', 'http://evil/v1/orgs')).status).toBe(400);
  });

  it('accepts every path of the contract with its parameters filled in', () => {
    expect(checkApiPath('GET', `/v1/orgs/${orgId}/members`)).toBeUndefined();
    expect(checkApiPath('DELETE', '/v1/spaces/abc')).toBeUndefined();
    expect(checkApiPath('GET', "/v1/orgs/a-b_c.d~e!$&'()*+,;=:@%20")).toBeUndefined();
  });

  it('does contact the foreign host for an accepted path (the recorder works), on its own origin only', async () => {
    const before = hits.length;
    const answer = await call('foreign', 'GET', '/v1/orgs', { query: { limit: 2, tag: ['a', 'b'] } });
    expect(answer.status).toBe(200);
    expect(hits.length).toBe(before + 1);
    expect(hits.at(-1)).toMatchObject({ method: 'GET', url: '/v1/orgs?limit=2&tag=a&tag=b' });
    expect(hits.at(-1)?.authorization).toBe(`Bearer ${FOREIGN_TOKEN}`);
    await call('prefixed', 'GET', '/v1/orgs');
    expect(hits.at(-1)?.url).toBe('/prefix/v1/orgs');
  });
});

describe('failures in the error shape', () => {
  it('turns a silent server into a 504 after the timeout', async () => {
    const answer = await quickProxy.call(
      { baseUrl: urlOf(silent), token: FOREIGN_TOKEN },
      { method: 'GET', path: '/v1/orgs' },
    );
    answers.push(answer);
    expect(answer.status).toBe(504);
    expect(answer.reached).toBe(false);
    expect(messageOf(answer)).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+: no answer within 300 ms$/);
  });

  it('turns a closed port into a 503', async () => {
    const answer = await call('dead', 'GET', '/v1/orgs');
    expect(answer.status).toBe(503);
    expect(messageOf(answer)).toBe(`cannot reach ${deadUrl}: connection refused`);
  });

  it('cancels a call by its request id', async () => {
    const pending = slowProxy.call(
      { baseUrl: urlOf(silent), token: FOREIGN_TOKEN },
      { method: 'GET', path: '/v1/orgs', requestId: 'req-1' },
    );
    await vi.waitFor(() => expect(slowProxy.cancel('req-1')).toBe(true), { timeout: 5_000, interval: 10 });
    const answer = await pending;
    answers.push(answer);
    expect(answer.status).toBe(CANCELLED_STATUS);
    expect(answer.reached).toBe(false);
    expect(slowProxy.cancel('req-1')).toBe(false);
  });

  it('turns a body that is not JSON into the error shape', async () => {
    mode = 'html';
    try {
      const answer = await call('foreign', 'GET', '/v1/orgs');
      expect(answer.status).toBe(502);
      expect(messageOf(answer)).toMatch(/not JSON \(text\/html\)/);
    } finally {
      mode = 'json';
    }
  });

  it('does not follow redirects', async () => {
    mode = 'redirect';
    try {
      const answer = await call('foreign', 'GET', '/v1/orgs');
      expect(answer.status).toBe(502);
      expect(messageOf(answer)).toMatch(/redirect \(302\)/);
    } finally {
      mode = 'json';
    }
  });

  it('answers an empty body as null', async () => {
    mode = 'empty';
    try {
      expect(await call('foreign', 'DELETE', '/v1/spaces/s1')).toEqual({ status: 204, body: null });
    } finally {
      mode = 'json';
    }
  });

  it('refuses a body on GET and a token that cannot be a header', async () => {
    expect((await call('foreign', 'GET', '/v1/orgs', { body: { a: 1 } })).status).toBe(400);
    const before = hits.length;
    const odd = await call('odd', 'GET', '/v1/orgs');
    expect(odd.status).toBe(401);
    expect(hits.length).toBe(before);
  });
});

describe('token confinement', () => {
  it('never shows a token in any answer or message', async () => {
    // The hostile recorder echoes the Authorization header: the proxy redacts it.
    const echoed = await call('foreign', 'GET', '/v1/orgs');
    expect((echoed.body as { echo: string }).echo).toBe('Bearer [token]');
    const text = JSON.stringify(answers);
    expect(answers.length).toBeGreaterThan(30);
    for (const token of [owner.token, FOREIGN_TOKEN, ODD_TOKEN, 'token-with-newline-0123']) {
      expect(text).not.toContain(token);
    }
  });
});
