/**
 * A guarded fetch of a URL a caller names (content imports, uploaded files given by URL, later OpenAPI specs): the
 * server fetches on the caller's behalf, so the fetch must not become a way into the machine's own network.
 *
 * Rules:
 * - Only `http:` and `https:` URLs (400 naming the field otherwise).
 * - Every host is resolved first and every address it resolves to is checked: loopback, private, link-local,
 *   unique-local, multicast, CGNAT and reserved addresses are refused (400 naming the field) unless the policy
 *   allows private addresses (tests' local fixture servers, `serve --allow-private-fetch`). The check runs in the
 *   socket's own `lookup`, so the address connected to is the address checked (no rebinding between check and
 *   connect), and it runs again for every redirect.
 * - At most 5 redirects; one deadline for the whole fetch (10 s by default); at most 10 MB of body (`content-length`
 *   is checked first, then the bytes as they arrive).
 * - Failures of the remote (unreachable, timeout, non-2xx, too many redirects) are 422 naming the field; a body over
 *   the size cap is 413 naming the field. Never a 5xx: the caller chose the URL.
 * - Bodies are requested without compression (`accept-encoding: identity`), so the cap counts real bytes.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ApiError, badRequest } from '../errors.ts';

/**
 * `node:http` required, not imported: an ES import of it builds its module namespace, which reads every export,
 * `WebSocket` and the other getters that load Node's bundled undici among them (the server never uses them): 13 MB
 * more of the server's RSS (`import('node:http')` +17.8 MB against `require` +4.5 MB, Node 24).
 */
const { request: httpRequest } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/** Limits of a fetch. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** The limits used when neither the caller nor the server's network policy sets one. */
export const DEFAULT_FETCH_LIMITS: Readonly<FetchLimits> = {
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
};

export interface FetchOptions extends Partial<FetchLimits> {
  /** Reach private and loopback addresses too. */
  allowPrivateAddresses: boolean;
  /** How errors name the URL, e.g. "body field `url`". */
  field: string;
}

export interface Fetched {
  data: Uint8Array;
  /** The response's media type, without parameters, lower case; '' when absent. */
  contentType: string;
  /** The URL the body came from, after redirects. */
  url: string;
}

/**
 * The IPv4 address an IPv6 address embeds or maps, for the forms that carry one: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-translated (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, deprecated but still routed by some stacks),
 * NAT64 with the well-known prefix (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const [p0, p1, p2, p3, p4, p5, p6 = 0, p7 = 0] = parts;
  const zeroPrefix = (upTo: number) => parts.slice(0, upTo).every((part) => part === 0);
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4(p6, p7);
    case 'rfc6052':
      // The well-known prefix 64:ff9b::/96 only; the local-use 64:ff9b:1::/48 is refused as a whole (below).
      return p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0 ? ipv4(p6, p7) : undefined;
    case '6to4':
      return ipv4(p1 ?? 0, p2 ?? 0);
    default:
      // IPv4-compatible: 96 zero bits, then the IPv4 address (`::` and `::1` read as 0.0.0.0 and 0.0.0.1).
      return p0 === 0 && zeroPrefix(6) ? ipv4(p6, p7) : undefined;
  }
}

/**
 * Whether a fetch may not reach this IP address. Only global unicast addresses are reachable: ipaddr.js (a
 * maintained table of the IANA special-purpose registries) names every other range (loopback, private, link-local,
 * unique-local, CGNAT, multicast, documentation, benchmarking, reserved, Teredo, discard...). An IPv6 address that
 * embeds or maps an IPv4 address is judged by that IPv4 address, so `[::127.0.0.1]`, `[::ffff:10.0.0.1]`,
 * `[64:ff9b::192.168.0.1]` and `[2002:7f00:1::]` are refused while NAT64 and 6to4 forms of public addresses pass.
 */
export function isBlockedAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  if (embedded !== undefined) return embedded.range() !== 'unicast';
  return parsed.range() !== 'unicast';
}

/** Thrown inside the socket's lookup; turned into the 400 by `fetchUrl`. */
class BlockedAddressError extends Error {
  readonly host: string;
  readonly address: string;
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}`);
    this.host = host;
    this.address = address;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for sockets that resolves every address of the host and refuses the host if any is blocked. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses;
      const blocked = allowPrivate ? undefined : list.find((entry) => isBlockedAddress(entry.address));
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
      if (list.length === 0) {
        const missing: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
        missing.code = 'ENOTFOUND';
        return callback(missing, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

const remoteFailure = (field: string, message: string) => new ApiError(422, `${field}: ${message}`);

/** The remote did not answer, or did not finish sending, within the timeout (a 422 like other remote failures). */
export class FetchTimeoutError extends ApiError {
  constructor(field: string, message: string) {
    super(422, `${field}: ${message}`);
    this.name = 'FetchTimeoutError';
  }
}

/** The URL parsed and checked for its scheme, or a 400 naming the field. */
function parseTarget(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${field}: \`${raw.slice(0, 200)}\` is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest(`${field}: only http and https URLs can be fetched, not \`${url.protocol}\``);
  return url;
}

/** One request, answering the response once its headers arrive. */
function requestOnce(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup(allowPrivate) as never,
      signal,
      headers: {
        accept: '*/*',
        'accept-encoding': 'identity',
        'user-agent': 'docs-admin-fetch/1',
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

/** Reads a body up to `maxBytes`; answers undefined when it is larger. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    response.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        response.destroy();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    response.on('error', reject);
    // A connection cut before the end (resolving first above makes this a no-op after a complete body).
    response.on('close', () => {
      if (!response.complete && total <= maxBytes)
        reject(new Error('the connection closed before the end of the body'));
    });
  });
}

/** The host of a URL as an IP address when it is one (IPv6 without brackets). */
const literalAddress = (url: URL): string | undefined => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 ? host : undefined;
};

/** Describes a network failure in words a caller can act on. */
function describeFailure(error: unknown, host: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host \`${host}\` could not be resolved`;
    case 'ECONNREFUSED':
      return `\`${host}\` refused the connection`;
    case 'ECONNRESET':
      return `\`${host}\` closed the connection`;
    default:
      return `\`${host}\` could not be reached (${code ?? (error as Error | undefined)?.message ?? 'unknown error'})`;
  }
}

/** Fetches a URL under the rules above. */
export async function fetchUrl(raw: string, options: FetchOptions): Promise<Fetched> {
  const { field, allowPrivateAddresses } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects;
  let url = parseTarget(raw, field);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
  try {
    for (let hop = 0; ; hop++) {
      // Sockets skip `lookup` for IP literals: those are checked here.
      const literal = literalAddress(url);
      if (literal !== undefined && !allowPrivateAddresses && isBlockedAddress(literal))
        throw badRequest(
          `${field}: \`${url.host}\` is a private, loopback or reserved address, which this server does not fetch`,
        );
      let response: IncomingMessage;
      try {
        response = await requestOnce(url, allowPrivateAddresses, controller.signal);
      } catch (error) {
        if (error instanceof BlockedAddressError)
          throw badRequest(
            `${field}: \`${error.host}\` resolves to a private, loopback or reserved address (${error.address}), which this server does not fetch`,
          );
        if (controller.signal.aborted)
          throw new FetchTimeoutError(field, `\`${url.host}\` did not answer within ${seconds}`);
        throw remoteFailure(field, describeFailure(error, url.host));
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        response.resume();
        if (hop >= maxRedirects)
          throw remoteFailure(field, `more than ${maxRedirects} redirects from \`${raw.slice(0, 200)}\``);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw remoteFailure(field, `\`${url.host}\` redirected to an invalid URL`);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          throw remoteFailure(field, `\`${url.host}\` redirected to a \`${next.protocol}\` URL`);
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw remoteFailure(field, `\`${url.host}\` answered HTTP ${status}`);
      }
      const declared = Number(response.headers['content-length']);
      const tooLarge = () =>
        new ApiError(413, `${field}: the content is larger than ${Math.round(maxBytes / 1024)} KB`);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      let data: Uint8Array | undefined;
      try {
        data = await readBody(response, maxBytes);
      } catch (error) {
        if (controller.signal.aborted)
          throw new FetchTimeoutError(field, `\`${url.host}\` did not send the content within ${seconds}`);
        throw remoteFailure(field, describeFailure(error, url.host));
      }
      if (data === undefined) throw tooLarge();
      const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      return { data, contentType, url: url.href };
    }
  } finally {
    clearTimeout(timer);
  }
}
