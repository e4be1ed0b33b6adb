/**
 * Serves the built renderer for the `app://docs-admin/` protocol: files under one folder only (no path tricks),
 * with the app's Content-Security-Policy on every response. Pure Node (fetch `Request`/`Response`), no `electron`.
 */
import { contentTypeOf, RENDERER_CSP } from './core/static-files.ts';
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './origin.ts';

/** The policy the renderer runs under, sent as a response header (the page's meta tag cannot set `frame-ancestors`). */
export const CONTENT_SECURITY_POLICY = RENDERER_CSP;

/** The headers every response of the protocol carries. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
}

/**
 * The file under `rootDir` that an `app://docs-admin/...` URL names, or null when the URL is foreign or malformed,
 * or its decoded path would leave the folder (`..` segments, encoded or not, backslashes, NUL bytes).
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  if (path === '' || path === '/') path = '/index.html';
  const root = resolve(rootDir);
  const file = resolve(root, `.${path}`);
  const inside = relative(root, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  return file;
}

function plain(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** The `protocol.handle` handler serving files from `rootDir`: GET and HEAD only, 404 for anything not there. */
export function createAppFileHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
    const file = resolveAppFile(rootDir, request.url);
    if (file === null) return plain(404, 'not found');
    let body: Uint8Array;
    try {
      body = await readFile(file);
    } catch {
      return plain(404, 'not found');
    }
    const type = contentTypeOf(file);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...securityHeaders(), 'Content-Type': type },
    });
  };
}
