import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsAdminBridge } from '../../../shared/bridge.ts';
import { bridgeTransport } from './api.ts';
import { httpBridge, ipcBridge } from './transport.ts';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];
/** What the server answers next: a status and a raw body. */
let reply: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('httpBridge', () => {
  it('POSTs the JSON request to /bridge/<channel> with the bridge header, and returns the BridgeResult', async () => {
    const value = { profiles: [], vault: { available: true }, problems: [] };
    reply = { status: 200, body: JSON.stringify({ ok: true, value }) };
    const result = await httpBridge(origin)('profiles.list', {});
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/bridge/profiles.list');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-docs-admin-bridge']).toBe('1');
    expect(JSON.parse(request.body)).toEqual({});
    expect(result).toEqual({ ok: true, value });
  });

  it('sends the request body as JSON', async () => {
    reply = { status: 200, body: JSON.stringify({ ok: true, value: { status: 200, body: { items: [] } } }) };
    await httpBridge(origin)('api.request', {
      profileId: 'local',
      method: 'GET',
      path: '/v1/orgs',
      query: { limit: 1 },
    });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      profileId: 'local',
      method: 'GET',
      path: '/v1/orgs',
      query: { limit: 1 },
    });
  });

  it('passes a bridge error through as it is', async () => {
    reply = {
      status: 404,
      body: JSON.stringify({ ok: false, error: { code: 404, message: 'no such profile' } }),
    };
    const result = await httpBridge(origin)('profiles.remove', { id: 'gone' });
    expect(result).toEqual({ ok: false, error: { code: 404, message: 'no such profile' } });
  });

  it('turns an answer that is not a BridgeResult into an error with the HTTP status', async () => {
    reply = { status: 403, body: 'forbidden' };
    const result = await httpBridge(origin)('profiles.list', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(403);
  });

  it('turns a host that does not answer into a 503', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await httpBridge(`http://127.0.0.1:${port}`)('profiles.list', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(503);
  });
});

describe('ipcBridge', () => {
  it('turns a rejected IPC call into a 503 error', async () => {
    const api = {
      'profiles.list': () => Promise.reject(new Error('channel closed')),
    } as unknown as DocsAdminBridge;
    const result = await ipcBridge(api)('profiles.list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 503 } });
  });
});

describe('bridgeTransport', () => {
  it('sends api.request with the profile id and returns the API status and body', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({
        ok: true,
        value: { status: 501, body: { error: { code: 501, message: 'later' } } },
      }),
    };
    const answer = await bridgeTransport(
      'p1',
      httpBridge(origin),
    )({ method: 'GET', path: '/v1/orgs/o/spaces' });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      profileId: 'p1',
      method: 'GET',
      path: '/v1/orgs/o/spaces',
    });
    expect(answer).toEqual({ status: 501, body: { error: { code: 501, message: 'later' } } });
  });

  it('turns a bridge failure into an error answer with its code', async () => {
    reply = { status: 400, body: JSON.stringify({ ok: false, error: { code: 400, message: 'bad path' } }) };
    const answer = await bridgeTransport('p1', httpBridge(origin))({ method: 'GET', path: '/v1/x' });
    expect(answer).toEqual({ status: 400, body: { error: { code: 400, message: 'bad path' } } });
  });
});
