import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { fetchUrl, isBlockedAddress } from './fetch-url.ts';

let fixture: Server;
let base: string;

beforeAll(async () => {
  fixture = createServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/ok') response.writeHead(200, { 'content-type': 'Text/Plain; charset=utf-8' }).end('fine');
    else if (url.startsWith('/loop')) response.writeHead(302, { location: `/loop${url.length}` }).end();
    else if (url === '/to-ftp') response.writeHead(301, { location: 'ftp://example.com/' }).end();
    else if (url === '/declared-big')
      response.writeHead(200, { 'content-length': '100000' }).end('x'.repeat(100_000));
    else response.writeHead(500).end('boom');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

/** The ApiError a fetch fails with. */
async function failure(
  url: string,
  options: Partial<Parameters<typeof fetchUrl>[1]> = {},
): Promise<ApiError> {
  try {
    await fetchUrl(url, { field: 'field `url`', allowPrivateAddresses: true, ...options });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the fetch succeeded');
}

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '2001:db8::1',
    '100::1',
    'not an address',
  ])('blocks %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  /** Every IPv6 form that embeds or maps an IPv4 address, each with loopback, private and reserved addresses. */
  const EMBEDDING: readonly (readonly [string, (ipv4: string) => string])[] = [
    ['IPv4-compatible', (ipv4) => `::${ipv4}`],
    ['IPv4-mapped', (ipv4) => `::ffff:${ipv4}`],
    ['IPv4-mapped, hexadecimal', (ipv4) => `::ffff:${hexPair(ipv4)}`],
    ['IPv4-translated', (ipv4) => `::ffff:0:${ipv4}`],
    ['NAT64', (ipv4) => `64:ff9b::${ipv4}`],
    ['NAT64, hexadecimal', (ipv4) => `64:ff9b::${hexPair(ipv4)}`],
    ['6to4', (ipv4) => `2002:${hexPair(ipv4)}::1`],
  ];
  const NON_PUBLIC = [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.2.1',
    '240.0.0.1',
  ];
  it.each(EMBEDDING.flatMap(([form, write]) => NON_PUBLIC.map((ipv4) => [form, write(ipv4)] as const)))(
    'blocks the %s form %s',
    (_form, address) => expect(isBlockedAddress(address)).toBe(true),
  );
  it.each(['64:ff9b:1::a00:1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'fec0::1', '2001:2::1'])(
    'blocks %s (local-use NAT64, Teredo, site-local, benchmarking: refused as a whole)',
    (address) => expect(isBlockedAddress(address)).toBe(true),
  );

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('allows %s', (address) => expect(isBlockedAddress(address)).toBe(false));
});

/** `a.b.c.d` as the two hexadecimal groups of an IPv6 address. */
function hexPair(ipv4: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

describe('fetchUrl', () => {
  it('answers the body and the media type', async () => {
    const fetched = await fetchUrl(`${base}/ok`, { field: 'url', allowPrivateAddresses: true });
    expect(Buffer.from(fetched.data).toString()).toBe('fine');
    expect(fetched.contentType).toBe('text/plain');
    expect(fetched.url).toBe(`${base}/ok`);
  });

  it('refuses loopback hosts and literals unless allowed', async () => {
    const refused = await failure(`${base}/ok`, { allowPrivateAddresses: false });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('field `url`');
    const named = await failure(`http://localhost:${new URL(base).port}/ok`, {
      allowPrivateAddresses: false,
    });
    expect(named.status).toBe(400);
    expect(named.message).toContain('private');
  });

  it('refuses other schemes and non-URLs with a 400', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const error = await failure(url);
      expect(error.status).toBe(400);
      expect(error.message).toContain('field `url`');
    }
  });

  it('follows at most 5 redirects and only to http(s)', async () => {
    const loop = await failure(`${base}/loop`);
    expect(loop.status).toBe(422);
    expect(loop.message).toContain('5 redirects');
    const ftp = await failure(`${base}/to-ftp`);
    expect(ftp.status).toBe(422);
    expect(ftp.message).toContain('ftp:');
  });

  it('answers 422 for an error status and 413 past the size cap', async () => {
    const status = await failure(`${base}/error`);
    expect(status.status).toBe(422);
    expect(status.message).toContain('HTTP 500');
    const big = await failure(`${base}/declared-big`, { maxBytes: 1000 });
    expect(big.status).toBe(413);
  });

  it('answers 422 when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(`http://127.0.0.1:${port}/`);
    expect(error.status).toBe(422);
    expect(error.message).toContain('refused');
  });
});
