/**
 * Browser mode's host: the built renderer and the bridge over HTTP on 127.0.0.1 (random port), for one person's
 * browser. A per-launch secret in the printed URL becomes an HttpOnly, SameSite=Strict cookie; every request needs
 * it, a `Host` of this host (DNS rebinding), and for the bridge an `Origin` of this host plus the bridge header.
 * No CORS headers, ever. The protocol is described in `shared/bridge.ts`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve, sep } from 'node:path';
import {
  BRIDGE_HTTP_PREFIX,
  BRIDGE_LAUNCH_PARAM,
  BRIDGE_REQUEST_HEADER,
  bridgeSessionCookie,
  CHANNEL_NAMES,
  type ChannelName,
} from '../../../shared/bridge.ts';
import { Admission } from './admission.ts';
import type { BridgeHandlers } from './bridge-handlers.ts';
import { bridgeAnswerJson } from './json-text.ts';
import { contentTypeOf, RENDERER_CSP } from './static-files.ts';

/** The Content-Security-Policy of every answer. */
export const BROWSER_CSP = RENDERER_CSP;

/**
 * The largest bridge request body accepted: the largest API body the contract allows (a change request's content
 * write with twenty 1 MB files, base64-encoded) plus room for the bridge's envelope.
 */
export const BRIDGE_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Bodies above this size (or of unknown size, counted at the limit) are admitted while the large bodies being
 * handled weigh at most `LARGE_BODY_BUDGET` bytes together; the others wait, unread (TCP holds them back), in
 * arrival order. A call holds several copies of its body (the bytes, the text, the parsed value, what the proxy
 * sends on): without a bound, sixteen 31 MB calls at once took the host's memory up by 1.2 GB.
 */
export const LARGE_BODY_THRESHOLD = 1024 * 1024;
export const LARGE_BODY_BUDGET = BRIDGE_BODY_LIMIT;

/** `33554432` → `32 MB`. */
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': BROWSER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** What the host is started with. */
export interface BrowserHostOptions {
  handlers: BridgeHandlers;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Bytes of large bodies read and handled at once (default `LARGE_BODY_BUDGET`). */
  largeBodyBudget?: number;
}

/** A running host. */
export interface BrowserHost {
  /** The address to open: `http://127.0.0.1:<port>/?launch=<secret>`. */
  url: string;
  port: number;
  /** Large bridge calls being handled and waiting for a slot (diagnostics and tests). */
  largeBodies(): { active: number; waiting: number; weight: number };
  close(): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares two secrets in constant time (whatever their lengths). */
function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8' });
}

function bridgeError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { ok: false, error: { code: status, message } });
}

/**
 * The 413, naming the real limit. The connection stays open while the rest of the body is read and dropped (closing
 * a socket with unread data resets it, and the client could lose the answer), up to `DISCARD_LIMIT`.
 */
function tooLarge(res: ServerResponse): void {
  bridgeError(
    res,
    413,
    `the request is larger than ${megabytes(BRIDGE_BODY_LIMIT)}, the most the bridge takes`,
  );
}

/** Bytes of a refused body read and dropped before the connection is cut. */
const DISCARD_LIMIT = 2 * BRIDGE_BODY_LIMIT;

class TooLarge extends Error {}

/** The declared body size, or undefined when the body is chunked (the HTTP parser holds a body to its length). */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header === undefined || !/^\d+$/.test(header) ? undefined : Number(header);
}

/**
 * Reads a body of at most `limit` bytes; a declared length is read into one buffer (no second copy). A larger body
 * fails with `TooLarge` at once (declared) or as soon as it passes the limit, and is then read and dropped.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(req);
    let refused = declared !== undefined && declared > limit;
    let whole = declared !== undefined && !refused ? Buffer.allocUnsafe(declared) : undefined;
    let chunks: Buffer[] = [];
    let size = 0;
    if (refused) reject(new TooLarge());
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (refused) {
        if (size > DISCARD_LIMIT) req.socket.destroy();
        return;
      }
      if (size > (declared ?? limit)) {
        refused = true;
        whole = undefined;
        chunks = [];
        return reject(new TooLarge());
      }
      if (whole) chunk.copy(whole, size - chunk.length);
      else chunks.push(chunk);
    });
    req.once('end', () => {
      if (!refused) resolve(whole ?? Buffer.concat(chunks));
    });
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('the request was cut before the end of its body'));
    });
  });
}

/** Starts the host on 127.0.0.1. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const secret = randomBytes(32).toString('base64url');
  const root = resolve(options.staticDir);
  const channelNames = new Set<string>(CHANNEL_NAMES);
  const admission = new Admission(options.largeBodyBudget ?? LARGE_BODY_BUDGET);
  let port = 0;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  async function serveStatic(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return send(res, 400, 'Bad request');
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return send(res, 404, 'Not found');
    const relative = decoded === '/' ? '/index.html' : decoded;
    const file = resolve(root, `.${relative}`);
    if (!file.startsWith(root + sep)) return send(res, 404, 'Not found');
    try {
      if (!(await stat(file)).isFile()) return send(res, 404, 'Not found');
      const body = await readFile(file);
      const isIndex = file === resolve(root, 'index.html');
      const cache = isIndex
        ? 'no-store'
        : relative.startsWith('/assets/')
          ? 'private, max-age=31536000, immutable'
          : 'no-cache';
      send(res, 200, body, {
        'content-type': contentTypeOf(file),
        'cache-control': cache,
      });
    } catch {
      send(res, 404, 'Not found');
    }
  }

  async function serveBridge(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return bridgeError(res, 405, 'bridge calls are POST requests');
    }
    const origin = req.headers.origin;
    if (origin === undefined || !allowedOrigins().has(origin))
      return bridgeError(res, 403, 'this origin may not call the bridge');
    if (req.headers[BRIDGE_REQUEST_HEADER] !== '1')
      return bridgeError(res, 403, `bridge calls need the ${BRIDGE_REQUEST_HEADER} header`);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return bridgeError(res, 415, 'bridge calls send application/json');
    const name = rawPath.slice(BRIDGE_HTTP_PREFIX.length);
    if (!channelNames.has(name))
      return bridgeError(res, 404, `there is no bridge channel "${name.slice(0, 64)}"`);
    const declared = declaredLength(req);
    // A body declared over the limit is never kept: it takes no room.
    const large =
      declared === undefined || (declared > LARGE_BODY_THRESHOLD && declared <= BRIDGE_BODY_LIMIT);
    const leave = large ? await admission.enter(declared ?? BRIDGE_BODY_LIMIT) : undefined;
    try {
      await answerBridge(req, res, name as ChannelName);
    } finally {
      leave?.();
    }
  }

  /** Reads, parses and answers one bridge call. */
  async function answerBridge(req: IncomingMessage, res: ServerResponse, name: ChannelName): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req, BRIDGE_BODY_LIMIT);
    } catch (error) {
      if (error instanceof TooLarge) return tooLarge(res);
      throw error;
    }
    let request: unknown;
    try {
      request = JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      return bridgeError(res, 400, 'the request body is not JSON');
    }
    const handler = options.handlers[name] as (request: unknown) => Promise<unknown>;
    // An API body the proxy passed as its JSON text is written as it is (json-text.ts).
    send(res, 200, bridgeAnswerJson(await handler(request)), {
      'content-type': 'application/json; charset=utf-8',
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts().has(host)) return send(res, 403, 'Forbidden');
    const target = req.url ?? '/';
    const queryAt = target.indexOf('?');
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const query = new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1));
    if (!rawPath.startsWith('/')) return send(res, 400, 'Bad request');

    const launch = query.get(BRIDGE_LAUNCH_PARAM);
    if (rawPath === '/' && launch !== null && req.method === 'GET') {
      if (!sameSecret(launch, secret)) return send(res, 401, 'Unauthorized');
      return send(res, 302, 'Found', {
        location: '/',
        'set-cookie': `${bridgeSessionCookie(port)}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
      });
    }
    if (!sameSecret(cookieValue(req.headers.cookie, bridgeSessionCookie(port)), secret))
      return send(res, 401, 'Unauthorized: open the address Docs Admin printed when it started.');

    if (rawPath.startsWith(BRIDGE_HTTP_PREFIX)) return serveBridge(req, res, rawPath);
    return serveStatic(req, res, rawPath);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?${BRIDGE_LAUNCH_PARAM}=${secret}`,
    port,
    largeBodies: () => admission.state(),
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}
