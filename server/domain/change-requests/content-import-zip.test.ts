/**
 * Zip imports that lie or explode, over HTTP: what inflation actually produces is capped, whatever the archive
 * declares. A lying zip (sizes under-declared), a high-ratio zip, an entry over the per-file cap and a corrupt
 * entry are each a 422 naming `url`, with nothing written; an honest zip still imports.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildContentOrg, expectError, expectStatus, sendRaw } from '../../test/factories.ts';

const MB = 1024 * 1024;
const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;

/** Rewrites every local and central header of a zip to declare `size` bytes uncompressed (a lie). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 4 <= copy.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === LOCAL) view.setUint32(at + 22, size, true);
    if (signature === CENTRAL) view.setUint32(at + 24, size, true);
  }
  return copy;
}

/** Flips a byte of the first entry's stored data (a CRC mismatch). */
function corrupt(zip: Uint8Array): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  copy[start + 2] = copy[start + 2]! ^ 0xff;
  return copy;
}

/** Text that deflate cannot shrink much (random base64): its size is what the headers honestly declare. */
const incompressible = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64')
    .slice(0, bytes);

const ARCHIVES: Record<string, Uint8Array> = {
  '/honest.zip': zipSync({ 'README.md': strToU8('# Home\n\nWelcome.'), 'guide.md': strToU8('Read me.') }),
  // 2 MB of markdown whose headers say 100 bytes.
  '/lying.zip': declareSize(zipSync({ 'notes.md': strToU8('A line of notes.\n'.repeat(120_000)) }), 100),
  // 4 MB of one letter: about 4 KB compressed, a ratio near 1,000.
  '/ratio.zip': zipSync({ 'bomb.md': strToU8('a'.repeat(4 * MB)) }),
  // 6 MB that barely compresses: honest headers, but over the 5 MB a file may inflate to.
  '/large-entry.zip': zipSync({ 'large.md': strToU8(incompressible(6 * MB)) }, { level: 1 }),
  '/corrupt.zip': corrupt(zipSync({ 'page.md': strToU8('Some text.') }, { level: 0 })),
};

let server: TestServer;
let fixture: Server;
let fixtureUrl: string;

beforeAll(async () => {
  server = await startTestServer({ allowPrivateFetch: true });
  fixture = createServer((request, response) => {
    const archive = ARCHIVES[request.url ?? ''];
    if (archive) response.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.from(archive));
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
  await server.close();
});

function setup() {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, { pages: [{ title: 'Getting started' }] });
  const request = server.buildChangeRequest(spaceId, org.admin.id);
  return { ...org, params: { spaceId, changeRequestId: request.id } };
}

const importZip = (ctx: ReturnType<typeof setup>, path: string) =>
  sendRaw(server, 'importContentInChangeRequest', {
    params: ctx.params,
    body: { url: `${fixtureUrl}${path}`, source: 'zip' },
    token: ctx.admin.token,
  });

async function headOf(ctx: ReturnType<typeof setup>) {
  return (await ctx.admin.client.call('getChangeRequestById', { params: ctx.params })).revision;
}

describe('zip imports under hard caps on what inflation produces', () => {
  it('imports an honest zip', async () => {
    const ctx = setup();
    const answer = await importZip(ctx, '/honest.zip');
    expectStatus(answer, 201);
    expect(answer.body).toMatchObject({ importedResources: 2, totalResources: 2 });
  });

  it('answers 422 naming `url` for a zip whose headers under-declare its size, writing nothing', async () => {
    const ctx = setup();
    const before = await headOf(ctx);
    expectError(
      await importZip(ctx, '/lying.zip'),
      422,
      'url',
      'more than the 100 bytes its header declares',
    );
    expect(await headOf(ctx)).toBe(before);
  });

  it('answers 422 naming `url` for a high-ratio zip, writing nothing', async () => {
    const ctx = setup();
    const before = await headOf(ctx);
    expectError(await importZip(ctx, '/ratio.zip'), 422, 'url', 'more than 100 times its compressed size');
    expect(await headOf(ctx)).toBe(before);
  });

  it('answers 422 naming `url` for a file over 5 MB uncompressed and for a corrupt entry', async () => {
    const ctx = setup();
    const before = await headOf(ctx);
    expectError(await importZip(ctx, '/large-entry.zip'), 422, 'url', 'larger than 5 MB uncompressed');
    expectError(await importZip(ctx, '/corrupt.zip'), 422, 'url', 'CRC-32');
    expect(await headOf(ctx)).toBe(before);
    // The server went on answering.
    expectStatus(await importZip(ctx, '/honest.zip'), 201);
  });
});
