/**
 * The hostile inputs of the `abuse` suite, each as a member with the `create` role (or an outsider) would send it,
 * with what it answered and how long it took. Archives are served by a local fixture server (the API runs with
 * private fetches allowed).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildOpenApiDocument } from './admin-seed.ts';

/** What a hostile input answered. */
export interface HostileOutcome {
  /** The answer, as printed (a status, or a status and the final processing state). */
  answer: string;
  /** From the first request sent to the outcome known, ms. */
  ms: number;
}

/** Where the hostile requests go, and as whom. */
export interface AbuseTarget {
  baseUrl: string;
  orgId: string;
  /** A member with the `create` role. */
  attackerToken: string;
  /** A user who is a member of another organization only. */
  outsiderToken: string;
  /** A change request the attacker may write to: imports go there. */
  importParams: { spaceId: string; changeRequestId: string };
  fixtureUrl: string;
}

export interface HostileInput {
  label: string;
  run(target: AbuseTarget): Promise<HostileOutcome>;
}

/** An OpenAPI document whose `levels` schemas each refer twice to the next: 2^levels values once dereferenced. */
export function exponentialDocument(levels: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] =
      i === levels - 1 ? { type: 'string' } : { type: 'object', properties: { a: next, b: next } };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Exponential', version: '1' },
    paths: {
      '/x': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

/** Deflated zeros: `bytes` of output from about a thousandth of that compressed. */
function deflatedZeros(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(chunks)));
    deflate.on('error', reject);
    const block = Buffer.alloc(1024 * 1024);
    let left = bytes;
    const write = () => {
      while (left > 0) {
        left -= block.length;
        if (!deflate.write(block)) return void deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });
}

/** A one-entry zip (`name`, deflated `data`), its headers declaring `declaredSize` bytes uncompressed. */
function zipOf(name: string, data: Buffer, declaredSize: number, crc = 0): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

/** An honest zip of `text` as `name`. */
function honestZip(name: string, text: Buffer): Buffer {
  return zipOf(name, deflateRawSync(text), text.length, crc32(text));
}

/**
 * The archives served: a lying zip (about 0.5 MB, its header declaring 100 bytes, inflating to 512 MB), a high-ratio
 * zip (4 MB of zeros in about 4 KB, declared honestly), and a small honest one for the warm-up.
 */
export async function startArchiveFixture(): Promise<{ url: string; close(): Promise<void> }> {
  const files = new Map<string, Buffer>([
    ['/lying.zip', zipOf('notes.md', await deflatedZeros(512 * 1024 * 1024), 100)],
    ['/ratio.zip', honestZip('notes.md', Buffer.alloc(4 * 1024 * 1024))],
    ['/honest.zip', honestZip('README.md', Buffer.from('# Notes\n\nImported for the warm-up.\n'))],
  ]);
  const server: Server = createServer((request, response) => {
    const body = files.get(request.url ?? '');
    if (body) response.writeHead(200, { 'content-type': 'application/zip' }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function send(
  target: AbuseTarget,
  method: string,
  path: string,
  token: string,
  body?: string,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(target.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

let slugs = 0;

/** Creates a spec from a text and follows it until its processing is complete. */
async function processSpec(target: AbuseTarget, text: string): Promise<HostileOutcome> {
  const start = performance.now();
  const slug = `abuse-${++slugs}`;
  const created = await send(
    target,
    'POST',
    `/v1/orgs/${target.orgId}/openapi`,
    target.attackerToken,
    JSON.stringify({ slug, source: { text } }),
  );
  const createdMs = performance.now() - start;
  if (created.status !== 201) return { answer: `${created.status}`, ms: createdMs };
  for (;;) {
    const spec = await send(target, 'GET', `/v1/orgs/${target.orgId}/openapi/${slug}`, target.attackerToken);
    const body = spec.json as { processingState?: string; lastProcessErrorCode?: string };
    if (body.processingState === 'complete')
      return {
        answer: `201 in ${createdMs.toFixed(0)} ms, then complete${body.lastProcessErrorCode ? ` with ${body.lastProcessErrorCode}` : ''}`,
        ms: performance.now() - start,
      };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function importZip(target: AbuseTarget, path: string): Promise<HostileOutcome> {
  const start = performance.now();
  const { spaceId, changeRequestId } = target.importParams;
  const answer = await send(
    target,
    'POST',
    `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/import`,
    target.attackerToken,
    JSON.stringify({ source: 'zip', url: `${target.fixtureUrl}${path}` }),
  );
  const message = (answer.json as { error?: { message?: string } } | undefined)?.error?.message ?? '';
  return { answer: `${answer.status} ${message.slice(0, 70)}`.trim(), ms: performance.now() - start };
}

/** 1 MB bodies nested 500,000 levels deep, from 4 connections for `seconds`. */
function deepBodies(
  target: AbuseTarget,
  token: string,
  orgId: string,
  seconds: number,
): Promise<HostileOutcome> {
  const body = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.baseUrl,
        connections: 4,
        duration: seconds,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        requests: [{ method: 'POST', path: `/v1/orgs/${orgId}/spaces`, body }],
      },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.entries(result.statusCodeStats)
          .map(([status, { count }]) => `${count} × ${status}`)
          .join(', ');
        resolve({
          answer: `${statuses}; p50 ${result.latency.p50} ms each`,
          ms: performance.now() - start,
        });
      },
    );
  });
}

/** One legitimate request of each kind the hostile inputs use (the server's first ones compile and load code). */
export async function warmUp(target: AbuseTarget): Promise<void> {
  const spec = await processSpec(target, exponentialDocument(4));
  const imported = await importZip(target, '/honest.zip');
  const created = await send(
    target,
    'POST',
    `/v1/orgs/${target.orgId}/spaces`,
    target.attackerToken,
    JSON.stringify({ title: 'Warm-up' }),
  );
  if (!spec.answer.endsWith('then complete') || !imported.answer.startsWith('201') || created.status !== 201)
    throw new Error(`warm-up: ${spec.answer}; import ${imported.answer}; space ${created.status}`);
}

/** Every hostile input, in order. */
export const HOSTILE_INPUTS: readonly HostileInput[] = [
  {
    label: 'OpenAPI text, $ref expanding 2^40 (5 KB)',
    run: (target) => processSpec(target, exponentialDocument(40)),
  },
  {
    label: 'OpenAPI text, valid, 5 MB (heavy but legitimate)',
    run: (target) => processSpec(target, buildOpenApiDocument(5_000_000).text),
  },
  { label: 'zip whose header lies (0.5 MB → 512 MB)', run: (target) => importZip(target, '/lying.zip') },
  { label: 'zip of ratio 1,000 (4 KB → 4 MB)', run: (target) => importZip(target, '/ratio.zip') },
  {
    label: 'JSON nested 500,000 deep (1 MB), 4 conns, 5 s',
    run: (target) => deepBodies(target, target.attackerToken, target.orgId, 5),
  },
  {
    label: 'the same, from an outsider',
    run: (target) => deepBodies(target, target.outsiderToken, target.orgId, 5),
  },
];
