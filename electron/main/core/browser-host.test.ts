// The browser-mode host: a real HTTP server on 127.0.0.1, raw requests (so paths and headers go out unchanged).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeHandlers, type BridgeHandlers } from './bridge-handlers.ts';
import { operationList } from '../../../shared/contract/index.ts';
import {
  BRIDGE_BODY_LIMIT,
  BROWSER_CSP,
  LARGE_BODY_THRESHOLD,
  startBrowserHost,
  type BrowserHost,
} from './browser-host.ts';
import { ProfileStore } from './profiles.ts';
import { ApiProxy } from './proxy.ts';
import { MemoryVault } from './vault.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let dir: string;
let handlers: BridgeHandlers;
let host: BrowserHost;
let secret: string;
let cookie: string;
let origin: string;
let hostHeader: string;

function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; port?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port ?? host.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        // A connection per request: a kept-alive one could be reused just as the host's idle timer closes it
        // (the tests build 32 MB bodies between requests, which takes seconds on a loaded machine).
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const authed = (extra: Record<string, string> = {}) => ({ host: hostHeader, cookie, ...extra });
const bridgeHeaders = (extra: Record<string, string> = {}) =>
  authed({ origin, 'content-type': 'application/json', 'x-docs-admin-bridge': '1', ...extra });
const bridge = (channel: string, body: unknown, headers = bridgeHeaders()) =>
  raw(`/bridge/${channel}`, { method: 'POST', headers, body: JSON.stringify(body) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-admin-host-'));
  const staticDir = join(dir, 'static');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><title>Docs Admin</title><div id="root"></div>\n',
  );
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log("app");\n');
  writeFileSync(join(dir, 'package.json'), '{"secret":"outside the static folder"}\n');
  const profiles = new ProfileStore({ dataDir: join(dir, 'data') });
  profiles.load();
  handlers = createBridgeHandlers({
    info: { version: '9.9.9', mode: 'browser', platform: 'test' },
    profiles,
    vault: new MemoryVault(),
    sessionVault: new MemoryVault(),
    sandbox: { baseUrl: undefined, token: () => undefined, problem: () => 'not started in this test' },
    proxy: new ApiProxy({ resolve: async () => ({ kind: 'unknown' }) }),
    openExternal: () => undefined,
  });
  host = await startBrowserHost({ handlers, staticDir });
  secret = new URL(host.url).searchParams.get('launch')!;
  cookie = `docs_admin_session_${host.port}=${secret}`;
  origin = `http://127.0.0.1:${host.port}`;
  hostHeader = `127.0.0.1:${host.port}`;
});

afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('launch', () => {
  it('prints a loopback URL with a 256-bit secret', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]{43}$/);
  });

  it('trades the launch secret for an HttpOnly, SameSite=Strict cookie and sends the browser to /', async () => {
    const answer = await raw(`/?launch=${secret}`, { headers: { host: hostHeader } });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['set-cookie']).toEqual([
      `docs_admin_session_${host.port}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
  });

  it('refuses a wrong launch secret without setting a cookie', async () => {
    const answer = await raw(`/?launch=${secret.slice(0, -2)}xx`, { headers: { host: hostHeader } });
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).not.toContain(secret);
  });
});

describe('refusals', () => {
  it('refuses every request without the cookie (401), with a tiny body and no hint', async () => {
    for (const path of ['/', '/index.html', '/assets/app-1234.js']) {
      const answer = await raw(path, { headers: { host: hostHeader } });
      expect(answer.status).toBe(401);
      expect(answer.body.length).toBeLessThan(100);
      expect(answer.body).not.toContain(secret);
    }
    const wrong = await raw('/', {
      headers: { host: hostHeader, cookie: `docs_admin_session_${host.port}=guess` },
    });
    expect(wrong.status).toBe(401);
    const noCookieBridge = await bridge('app.info', {}, bridgeHeaders({ cookie: '' }));
    expect(noCookieBridge.status).toBe(401);
  });

  it('refuses a foreign Host, even with the cookie or the launch secret (DNS rebinding)', async () => {
    for (const foreign of [
      'evil.example',
      `evil.example:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      '127.0.0.1',
    ]) {
      expect((await raw('/', { headers: authed({ host: foreign }) })).status).toBe(403);
      expect((await raw(`/?launch=${secret}`, { headers: { host: foreign } })).status).toBe(403);
    }
    expect((await bridge('app.info', {}, bridgeHeaders({ host: `attacker.test:${host.port}` }))).status).toBe(
      403,
    );
  });

  it('refuses a bridge call from a foreign Origin, or with none', async () => {
    for (const foreign of [
      'http://evil.example',
      `http://127.0.0.1:${host.port + 1}`,
      'null',
      `https://127.0.0.1:${host.port}`,
    ]) {
      const answer = await bridge('app.info', {}, bridgeHeaders({ origin: foreign }));
      expect(answer.status).toBe(403);
    }
    const headers = bridgeHeaders();
    delete (headers as Record<string, string | undefined>).origin;
    expect((await bridge('app.info', {}, headers)).status).toBe(403);
  });

  it('refuses a bridge call without the bridge header', async () => {
    const headers = bridgeHeaders();
    delete (headers as Record<string, string | undefined>)['x-docs-admin-bridge'];
    expect((await bridge('app.info', {}, headers)).status).toBe(403);
    expect((await bridge('app.info', {}, bridgeHeaders({ 'x-docs-admin-bridge': '0' }))).status).toBe(403);
  });

  it('takes bodies as large as the largest the API accepts, with room for the envelope', () => {
    const largest = Math.max(...operationList.map((operation) => operation.bodyLimit ?? 0));
    expect(largest).toBeGreaterThan(1024 * 1024);
    expect(BRIDGE_BODY_LIMIT).toBeGreaterThan(largest);
  });

  it('refuses GET on a bridge path, an unknown channel, a form content type, a huge or broken body', async () => {
    const get = await raw('/bridge/app.info', { headers: bridgeHeaders() });
    expect(get.status).toBe(405);
    expect((await bridge('app.nope', {})).status).toBe(404);
    expect((await bridge('__proto__', {})).status).toBe(404);
    const form = await bridge('app.info', {}, bridgeHeaders({ 'content-type': 'text/plain' }));
    expect(form.status).toBe(415);
    const huge = await raw('/bridge/app.info', {
      method: 'POST',
      headers: bridgeHeaders(),
      body: JSON.stringify({ pad: 'x'.repeat(BRIDGE_BODY_LIMIT) }),
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toEqual({
      ok: false,
      error: { code: 413, message: 'the request is larger than 32 MB, the most the bridge takes' },
    });
    const broken = await raw('/bridge/app.info', { method: 'POST', headers: bridgeHeaders(), body: '{nope' });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ ok: false, error: { code: 400 } });
  });

  it('never serves a file outside the static folder', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/assets/../../package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2fpackage.json',
      '/..%5cpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const answer = await raw(path, { headers: authed() });
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('outside the static folder');
    }
    expect((await raw('/assets', { headers: authed() })).status).toBe(404);
    expect((await raw('/%E0%A4%A', { headers: authed() })).status).toBe(400);
  });
});

describe('serving', () => {
  it('serves index.html with the security headers and no cache', async () => {
    for (const path of ['/', '/index.html']) {
      const answer = await raw(path, { headers: authed() });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<title>Docs Admin</title>');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-security-policy']).toBe(BROWSER_CSP);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(BROWSER_CSP).toContain("script-src 'self';");
    expect(BROWSER_CSP).not.toContain('unsafe-eval');
  });

  it('serves assets with their content type and accepts localhost as Host', async () => {
    const answer = await raw('/assets/app-1234.js', { headers: authed({ host: `localhost:${host.port}` }) });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['content-security-policy']).toBe(BROWSER_CSP);
  });

  it('answers a correct bridge call with its BridgeResult', async () => {
    const answer = await bridge('app.info', {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      value: { version: '9.9.9', mode: 'browser', platform: 'test' },
    });
    const fromLocalhost = await bridge(
      'profiles.list',
      {},
      bridgeHeaders({ host: `localhost:${host.port}`, origin: `http://localhost:${host.port}` }),
    );
    expect(JSON.parse(fromLocalhost.body)).toMatchObject({
      ok: true,
      value: { profiles: [{ id: 'local' }] },
    });
    const invalid = await bridge('profiles.rename', { id: 'x' });
    expect(invalid.status).toBe(200);
    expect(JSON.parse(invalid.body)).toEqual({
      ok: false,
      error: { code: 400, message: 'name is required' },
    });
  });

  it('sends no CORS header, not even to a preflight', async () => {
    const answers = [
      await raw('/bridge/app.info', {
        method: 'OPTIONS',
        headers: bridgeHeaders({ 'access-control-request-method': 'POST' }),
      }),
      await bridge('app.info', {}),
      await bridge('app.info', {}, bridgeHeaders({ origin: 'http://evil.example' })),
      await raw('/', { headers: authed() }),
    ];
    for (const answer of answers) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('large bodies', () => {
  it('refuses a chunked body once it passes the limit, naming the limit', async () => {
    const answer = await raw('/bridge/app.info', {
      method: 'POST',
      headers: bridgeHeaders({ 'transfer-encoding': 'chunked' }),
      body: JSON.stringify({ pad: 'x'.repeat(BRIDGE_BODY_LIMIT) }),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { message: expect.stringContaining('32 MB') } });
  });

  it('admits large calls up to its byte budget; the others wait unread, small calls pass, all are answered', async () => {
    const held: (() => void)[] = [];
    let inside = 0;
    let mostInside = 0;
    const gatedHandlers: BridgeHandlers = {
      ...handlers,
      'api.request': async () => {
        inside++;
        mostInside = Math.max(mostInside, inside);
        await new Promise<void>((resolve) => held.push(resolve));
        inside--;
        return { ok: true, value: { status: 204, body: null } };
      },
    };
    const large = JSON.stringify({ pad: 'x'.repeat(2 * LARGE_BODY_THRESHOLD) });
    // Room for two of these bodies, not three.
    const largeBodyBudget = 2.5 * Buffer.byteLength(large);
    const gated = await startBrowserHost({
      handlers: gatedHandlers,
      staticDir: join(dir, 'static'),
      largeBodyBudget,
    });
    try {
      const gatedSecret = new URL(gated.url).searchParams.get('launch')!;
      const headers = {
        host: `127.0.0.1:${gated.port}`,
        cookie: `docs_admin_session_${gated.port}=${gatedSecret}`,
        origin: `http://127.0.0.1:${gated.port}`,
        'content-type': 'application/json',
        'x-docs-admin-bridge': '1',
      };
      const calls = Array.from({ length: 6 }, () =>
        raw('/bridge/api.request', { method: 'POST', headers, body: large, port: gated.port }),
      );
      await until(() => held.length === 2 && gated.largeBodies().waiting === 4);
      expect(gated.largeBodies()).toEqual({ active: 2, waiting: 4, weight: 2 * Buffer.byteLength(large) });
      // A small call is not queued behind them.
      const small = await raw('/bridge/app.info', { method: 'POST', headers, body: '{}', port: gated.port });
      expect(small.status).toBe(200);
      for (let released = 0; released < 6; released++) {
        await until(() => held.length > 0);
        held.shift()!();
      }
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(mostInside).toBe(2);
      expect(gated.largeBodies()).toEqual({ active: 0, waiting: 0, weight: 0 });
    } finally {
      await gated.close();
    }
  });
});

/** Waits for a condition that other work under way makes true (the test's own timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
