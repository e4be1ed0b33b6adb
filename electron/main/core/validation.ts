/** Checks of what the renderer sends: bridge requests against their TypeBox schemas, base URLs and tokens. */
import type { Static, TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';

/** A check's answer: the value, or a message naming the field. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

function fieldOf(path: string): string {
  const field = path.replace(/^\//, '').replace(/\//g, '.');
  return field === '' ? 'request' : field;
}

function describe(error: ValueError): string {
  switch (error.type) {
    case ValueErrorType.StringPattern:
      return 'must have a visible character and no control or bidirectional-override characters';
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.StringMinLength:
      return (error.schema as { minLength?: number }).minLength === 1
        ? 'must not be empty'
        : error.message.toLowerCase();
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1);
  }
}

/** Checks a request against its schema; the message names the first field that is wrong. */
export function checkRequest<S extends TSchema>(schema: S, request: unknown): Checked<Static<S>> {
  if (Value.Check(schema, request)) return { ok: true, value: request };
  const first = Value.Errors(schema, request).First();
  if (first === undefined) return { ok: false, message: 'the request is not valid' };
  return { ok: false, message: `${fieldOf(first.path)} ${describe(first)}` };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a URL's host is this computer (where plain http is allowed). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Checks a profile's base URL and answers it normalized: http(s) only, no user name or password, no query or
 * fragment, https unless the host is this computer; the trailing slash and a trailing `/v1` are dropped (the
 * contract's paths start with `/v1/`, so `https://api.gitbook.com/v1` and `https://api.gitbook.com` are the same).
 */
export function checkBaseUrl(text: string): Checked<string> {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'baseUrl is not a URL (for example https://api.gitbook.com)' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'baseUrl must be an https:// address' };
  if (url.username !== '' || url.password !== '')
    return {
      ok: false,
      message: 'baseUrl must not contain a user name or password (the token goes in its own field)',
    };
  if (url.search !== '' || url.hash !== '' || trimmed.includes('?') || trimmed.includes('#'))
    return { ok: false, message: 'baseUrl must not contain a query (?) or a fragment (#)' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return {
      ok: false,
      message: 'baseUrl must use https:// (plain http:// is allowed only for 127.0.0.1, localhost and [::1])',
    };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { ok: true, value: `${url.origin}${path}` };
}

/** Checks a token as typed: surrounding spaces are dropped; what is left must be visible ASCII characters. */
export function checkToken(text: string): Checked<string> {
  const token = text.trim();
  if (token === '') return { ok: false, message: 'token must not be empty' };
  if (!/^[\x21-\x7E]+$/.test(token))
    return { ok: false, message: 'token must consist of visible ASCII characters, without spaces' };
  return { ok: true, value: token };
}
