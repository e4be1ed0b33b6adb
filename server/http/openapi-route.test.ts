/**
 * `/v1/openapi.json` over HTTP: compressed as `Accept-Encoding` allows, one ETag per representation, 304 for a
 * matching `If-None-Match`. Raw `node:http` requests: `fetch` would decompress and hide what was sent.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { openApiDocument } from './openapi.ts';
import { chooseCoding } from './openapi-route.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.baseUrl}/v1/openapi.json`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const expected = JSON.stringify(openApiDocument());

describe('GET /v1/openapi.json', () => {
  it('sends brotli, gzip or the document as is, as Accept-Encoding allows, each a tenth of the size or less', async () => {
    const plain = await get({});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.body.toString('utf8')).toBe(expected);

    const gzip = await get({ 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(expected);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 10);

    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(expected);
    expect(br.body.length).toBeLessThan(gzip.body.length);

    for (const answer of [plain, gzip, br]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toMatch(/max-age/);
    }
    const tags = [plain, gzip, br].map((answer) => answer.headers.etag);
    expect(new Set(tags).size).toBe(3);
  });

  it('answers 304 without a body for a matching If-None-Match, and 200 for another', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const weak = await get({ 'accept-encoding': 'gzip', 'if-none-match': `"other", W/${etag}` });
    expect(weak.status).toBe(304);
    const changed = await get({ 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
    expect(gunzipSync(changed.body).toString('utf8')).toBe(expected);
  });

  it('answers HEAD with the headers only', async () => {
    const head = await get({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('chooseCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5, identity', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*, br;q=0', 'gzip'],
    ['deflate, identity', 'identity'],
    ['gzip;q=abc', 'gzip'], // a malformed weight is ignored
  ] as const)('%j → %s', (header, coding) => expect(chooseCoding(header)).toBe(coding));
});
