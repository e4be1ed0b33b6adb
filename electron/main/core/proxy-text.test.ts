// Browser mode's JSON-text path, whole: a local API serving large bodies → the proxy → the bridge handlers →
// the browser host over real HTTP. A clean body reaches the browser byte for byte; a token anywhere in a body, in
// any spelling JSON allows, never does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeHandlers } from './bridge-handlers.ts';
import { startBrowserHost, type BrowserHost } from './browser-host.ts';
import { bridgeAnswerJson, JsonText } from './json-text.ts';
import { ProfileStore } from './profiles.ts';
import { ApiProxy, type ProxyTarget } from './proxy.ts';
import { passableJson } from './redaction.ts';
import { MemoryVault } from './vault.ts';

// Printable ASCII with a '"', a '\' and a '/': each has a second spelling in JSON.
const TOKEN = 'gb_api_q"uo\\te/sl-0123456789';
const ESCAPED = JSON.stringify(TOKEN).slice(1, -1);
const PLAIN_TOKEN = 'gb_api_plain0123456789abcdef';

let dir: string;
let api: Server;
let host: BrowserHost;
let served = '';
let token = TOKEN;
let cookie: string;
let port: number;

/** Every spelling of `token` a JSON string may use for it. */
function spellings(secret: string): string[] {
  const unicode = [...secret]
    .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
  const oneUnicode = `\\u${secret.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(secret).slice(2, -1)}`;
  const slashes = JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/');
  return [...new Set([JSON.stringify(secret).slice(1, -1), unicode, oneUnicode, slashes])];
}

/** About 1 MB of a page tree's JSON, with `marker` spliced into the string `at` (start, middle or end). */
function largeBody(insert?: { spelled: string; at: 'first' | 'middle' | 'last' | 'key' }): string {
  const pages = Array.from({ length: 4000 }, (_, index) => ({
    id: `page-${index}`,
    title: `Page ${index} — “quoted” café ✓`,
    path: `chapter/page-${index}`,
    description: 'A line\nand a tab\tin a description',
  }));
  let text = JSON.stringify({ pages, count: pages.length });
  if (insert !== undefined) {
    const marker = `Bearer ${insert.spelled}`;
    if (insert.at === 'first') text = text.replace('"page-0"', `"${marker}page-0"`);
    if (insert.at === 'middle') text = text.replace('"page-2000"', `"x${marker}y"`);
    if (insert.at === 'last') text = text.replace('"count":', `"last":"${marker}","count":`);
    if (insert.at === 'key') text = text.replace('"count":', `"${marker}":1,"count":`);
  }
  return text;
}

/** A bridge call of `api.request` through the host, as the renderer makes it: the raw answer text. */
function bridgeCall(path: string): Promise<{ status: number; text: string }> {
  const body = JSON.stringify({ profileId: 'local', method: 'GET', path });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/bridge/api.request',
        method: 'POST',
        agent: false,
        headers: {
          host: `127.0.0.1:${port}`,
          cookie,
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'x-docs-admin-bridge': '1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every string of a parsed value, keys included. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}

/** Asserts that the token is in no spelling in the answer's text and in no string of its value. */
function expectNoToken(text: string, secret: string): void {
  for (const spelled of [secret, ...spellings(secret)]) expect(text).not.toContain(spelled);
  const strings = stringsOf(JSON.parse(text));
  expect(strings.filter((item) => item.includes(secret))).toEqual([]);
  expect(strings.some((item) => item.includes('Bearer [token]'))).toBe(true);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-admin-proxy-text-'));
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Docs Admin</title>\n');
  api = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(served);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const profiles = new ProfileStore({ dataDir: join(dir, 'data') });
  profiles.load();
  const handlers = createBridgeHandlers({
    info: { version: '1', mode: 'browser', platform: 'test' },
    profiles,
    vault: new MemoryVault(),
    sessionVault: new MemoryVault(),
    sandbox: { baseUrl: undefined, token: () => undefined, problem: () => 'not started in this test' },
    proxy: new ApiProxy({
      resolve: async () => ({ kind: 'target', target: { baseUrl, token } satisfies ProxyTarget }),
    }),
    openExternal: () => undefined,
    jsonText: true,
  });
  host = await startBrowserHost({ handlers, staticDir });
  port = host.port;
  cookie = `docs_admin_session_${port}=${new URL(host.url).searchParams.get('launch')!}`;
});

afterAll(async () => {
  await host.close();
  await new Promise<void>((resolve) => {
    api.close(() => resolve());
    api.closeAllConnections();
  });
  rmSync(dir, { recursive: true, force: true });
});

describe('a clean JSON body in browser mode', () => {
  it('reaches the browser byte for byte, inside the bridge answer', async () => {
    // Spacing and characters JSON.stringify would not reproduce as they are.
    served = `{ "pages" : [ {"title":"caf\u00e9 ✓ \\n"} ],\n  "big": ${largeBody()} }`;
    const answer = await bridgeCall('/v1/orgs');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(`{"ok":true,"value":{"status":200,"body":${served}}}`);
    expect(JSON.parse(answer.text)).toEqual({ ok: true, value: { status: 200, body: JSON.parse(served) } });
  });

  it('is still refused as not JSON when it is not (the 502 in the error shape)', async () => {
    served = `${largeBody()} trailing`;
    const answer = JSON.parse((await bridgeCall('/v1/orgs')).text) as {
      value: { status: number; body: { error: { message: string } } };
    };
    expect(answer.value.status).toBe(502);
    expect(answer.value.body.error.message).toMatch(/not JSON/);
  });
});

describe('a token in a large body, in browser mode', () => {
  for (const secret of [TOKEN, PLAIN_TOKEN])
    for (const [index, spelled] of spellings(secret).entries())
      for (const at of ['first', 'middle', 'last', 'key'] as const)
        it(`is redacted: ${secret === TOKEN ? 'quoted' : 'plain'} token, spelling ${index}, ${at} string`, async () => {
          token = secret;
          served = largeBody({ spelled, at });
          expect(JSON.stringify(stringsOf(JSON.parse(served)))).toContain(
            JSON.stringify(secret).slice(1, -1),
          );
          const answer = await bridgeCall('/v1/orgs');
          expect(answer.status).toBe(200);
          expectNoToken(answer.text, secret);
        });
});

describe('passableJson and bridgeAnswerJson', () => {
  it('passes a text only without the token, its escaped form, \\u or \\/ escapes', () => {
    expect(passableJson('{"a":"b\\n\\"c"}', TOKEN)).toBe(true);
    expect(passableJson(`{"a":"${ESCAPED}"}`, TOKEN)).toBe(false);
    expect(passableJson(`{"a":"\\u0067"}`, TOKEN)).toBe(false);
    expect(passableJson(`{"a":"\\/"}`, TOKEN)).toBe(false);
    expect(passableJson(`["${TOKEN}"]`, TOKEN)).toBe(false);
  });

  it('splices a JsonText body into a successful answer only; anything else is JSON.stringify', () => {
    const text = '{ "a" : [1,2] }';
    expect(bridgeAnswerJson({ ok: true, value: { status: 200, body: new JsonText(text) } })).toBe(
      `{"ok":true,"value":{"status":200,"body":${text}}}`,
    );
    const failed = { ok: false, error: { code: 400, message: 'no' } };
    expect(bridgeAnswerJson(failed)).toBe(JSON.stringify(failed));
    // Serialized anywhere else, a JsonText is its value.
    expect(JSON.stringify({ body: new JsonText(text) })).toBe('{"body":{"a":[1,2]}}');
  });
});
