/**
 * `npm run bench -- bridge`: memory of browser mode's host under concurrent large bridge calls. For 1 to 16
 * concurrent 31 MB `api.request` calls, a fresh host child each time, it prints the host's resident memory before
 * the burst and its peak (`VmHWM`, Linux) during it, with large bodies admitted within the host's byte budget (its
 * default, 32 MB) and, for comparison, without a bound (as before). Target (printed): the growth stays flat as calls are added.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LARGE_BODY_BUDGET } from '../electron/main/core/browser-host.ts';

const CALLS = [1, 2, 4, 8, 16];
const BODY_MB = 31;
const UNBOUNDED = 1024 ** 4;

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status (this benchmark needs Linux)`);
  return Number(match[1]) / 1024;
}

interface Host {
  pid: number;
  port: number;
  secret: string;
  stop(): Promise<void>;
}

async function startHost(budget: number): Promise<Host> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bridge-host-child.ts'), String(budget)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the host child exited (code ${code}) before starting`)));
  });
  const { port, url } = JSON.parse(line) as { port: number; url: string };
  return {
    pid: child.pid as number,
    port,
    secret: new URL(url).searchParams.get('launch') ?? '',
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function call(host: Host, body: Buffer): Promise<number> {
  const headers = {
    host: `127.0.0.1:${host.port}`,
    cookie: `docs_admin_session_${host.port}=${host.secret}`,
    origin: `http://127.0.0.1:${host.port}`,
    'content-type': 'application/json',
    'content-length': String(body.length),
    'x-docs-admin-bridge': '1',
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port: host.port, path: '/bridge/api.request', method: 'POST', headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** One burst on a fresh host: resident memory before, peak during, and the answers' statuses. */
async function burst(budget: number, calls: number, body: Buffer) {
  const host = await startHost(budget);
  try {
    const before = memoryMb(host.pid, 'VmRSS');
    const statuses = await Promise.all(Array.from({ length: calls }, () => call(host, body)));
    const peak = memoryMb(host.pid, 'VmHWM');
    return { before, peak, ok: statuses.every((status) => status === 200) };
  } finally {
    await host.stop();
  }
}

export async function runBridgeBench(): Promise<void> {
  const pad = 'x'.repeat(BODY_MB * 1024 * 1024);
  const body = Buffer.from(
    JSON.stringify({ profileId: 'local', method: 'POST', path: '/v1/x', body: { pad } }),
  );
  console.log(`bridge: ${BODY_MB} MB api.request calls at once, host child peak RSS growth (MB)`);
  console.log('calls | within a 32 MB budget | unbounded (before)');
  const growth: Record<string, number[]> = { bounded: [], unbounded: [] };
  for (const calls of CALLS) {
    const row: string[] = [String(calls).padStart(5)];
    for (const [label, budget] of [
      ['bounded', LARGE_BODY_BUDGET],
      ['unbounded', UNBOUNDED],
    ] as const) {
      const { before, peak, ok } = await burst(budget, calls, body);
      growth[label]!.push(peak - before);
      row.push(`${(peak - before).toFixed(0).padStart(6)} (from ${before.toFixed(0)})${ok ? '' : ' FAILED'}`);
    }
    console.log(row.join(' | '));
  }
  const first = growth.bounded![0]!;
  const last = growth.bounded!.at(-1)!;
  const flat = last <= first * 1.5;
  console.log(
    `target: growth flat as calls are added (16 calls within 1.5× of 1): ${flat ? 'met' : 'not met'} ` +
      `(${last.toFixed(0)} MB at 16 calls vs ${growth.unbounded!.at(-1)!.toFixed(0)} MB unbounded)`,
  );
}
