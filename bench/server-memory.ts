/**
 * Where the `server` suite's child spends its memory (a profiling aid, no targets): the bundled server child, started
 * as `server` starts it (SERVER_NODE_FLAGS, SERVER_ENV), on the same seed, through each endpoint's warm-up and then
 * each endpoint's load with an idle gap after it (where the anchor's turn would be). It samples /proc/<pid>/status
 * every 20 ms (RSS, anonymous and file-backed, threads: a job worker thread is one more), the child's V8 heap every
 * 250 ms, the write-ahead log's size, and /proc/<pid>/smaps once at the start and at the end of each load, grouped by
 * kind of mapping, roughly (the node binary's pages; V8's heap pages, anonymous mappings under 1 MB; glibc's arenas,
 * anonymous mappings of 1–64 MB; its main heap, `[heap]`). It prints each phase's peak and the child's VmHWM.
 *
 *   node bench/server-memory.ts [--duration s] [--gap s] [--only members|team|patch] [--node-flags="--a --b"]
 *                               [--child out/…/serve-child.js] [--timeline file]
 *
 * `--node-flags` are added after SERVER_NODE_FLAGS; `--child` runs another bundle (default: bundled afresh, as `server`
 * does); `--timeline` writes one line per 200 ms.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from './children.ts';
import { load } from './load.ts';
import { positiveInteger } from './options.ts';
import { seedOrganization } from './seed.ts';
import { bundleServeChild } from './server-bundle.ts';
import { memberPagePaths, serverTargets } from './targets.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { DATABASE_FILE } from '../server/storage/database.ts';

const ENDPOINTS = ['members', 'team', 'patch'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    gap: { type: 'string', default: '10' },
    only: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    child: { type: 'string' },
    timeline: { type: 'string' },
  },
  strict: true,
});
const duration = positiveInteger('duration', values.duration);
const gapMs = positiveInteger('gap', values.gap) * 1000;
if (values.only !== undefined && !(ENDPOINTS as readonly string[]).includes(values.only))
  throw new Error(`--only takes ${ENDPOINTS.join(', ')}, not \`${values.only}\``);
const endpoints = ENDPOINTS.filter((endpoint) => values.only === undefined || values.only === endpoint);

const mb = (kb: number) => kb / 1024;
const fixed = (value: number) => value.toFixed(1);

interface Status {
  rss: number;
  hwm: number;
  anon: number;
  file: number;
  threads: number;
}

function status(pid: number): Status {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    rss: mb(field('VmRSS')),
    hwm: mb(field('VmHWM')),
    anon: mb(field('RssAnon')),
    file: mb(field('RssFile')),
    threads: field('Threads'),
  };
}

/** What a mapping of /proc/<pid>/smaps is, by its file or, anonymous, by its size (kB). */
function kindOf(path: string, sizeKb: number): string {
  if (path !== '') return path.replace(/.*\//, '');
  if (sizeKb < 1024) return 'anon <1 MB (V8 pages)';
  if (sizeKb <= 64 * 1024) return 'anon 1-64 MB (malloc arenas)';
  return 'anon >64 MB';
}

/** Resident MB by kind of mapping, largest first (kinds under 0.5 MB left out). */
function smaps(pid: number): string {
  const groups = new Map<string, number>();
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      kind = kindOf(head[3] ?? '', (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) groups.set(kind, (groups.get(kind) ?? 0) + mb(Number(rss[1])));
  }
  return [...groups]
    .filter(([, size]) => size >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([name, size]) => `${name} ${fixed(size)}`)
    .join(', ');
}

interface Phase {
  label: string;
  peak: Status | undefined;
  maxThreads: number;
  heap: { usedMb: number; totalMb: number };
}

const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-memory-'));
try {
  const seeded = seedOrganization(dataDir, { members: 10_000, teams: 500 });
  const serveChild = values.child !== undefined ? resolve(values.child) : await bundleServeChild();
  const flags = [...SERVER_NODE_FLAGS, ...values['node-flags'].split(' ').filter(Boolean)];
  const server = await startChild(serveChild, [dataDir], flags, SERVER_ENV);
  const wal = () =>
    (statSync(join(dataDir, `${DATABASE_FILE}-wal`), { throwIfNoEntry: false })?.size ?? 0) / 2 ** 20;
  const phases: Phase[] = [];
  const timeline: string[] = [];
  let phase: Phase | undefined;
  let heapNow = { usedMb: 0, totalMb: 0 };
  const begin = (label: string) => {
    phase = { label, peak: undefined, maxThreads: 0, heap: { usedMb: 0, totalMb: 0 } };
    phases.push(phase);
  };
  const started = performance.now();
  let samples = 0;
  const sampler = setInterval(() => {
    if (phase === undefined) return;
    const now = status(server.pid);
    if (phase.peak === undefined || now.rss > phase.peak.rss) phase.peak = now;
    phase.maxThreads = Math.max(phase.maxThreads, now.threads);
    if (samples++ % 10 === 0)
      timeline.push(
        `${fixed((performance.now() - started) / 1000)} s  ${phase.label.padEnd(20)} rss ${fixed(now.rss)} anon ${fixed(now.anon)} file ${fixed(now.file)} threads ${now.threads} wal ${fixed(wal())} MB heap ${fixed(heapNow.usedMb)}/${fixed(heapNow.totalMb)}`,
      );
  }, 20);
  const heapSampler = setInterval(() => {
    const current = phase;
    server.stats().then(
      ({ heap }) => {
        heapNow = heap;
        if (current === undefined) return;
        current.heap.usedMb = Math.max(current.heap.usedMb, heap.usedMb);
        current.heap.totalMb = Math.max(current.heap.totalMb, heap.totalMb);
      },
      () => undefined,
    );
  }, 250);
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  const mappings: string[] = [];
  let hwm = 0;
  try {
    begin('started');
    await sleep(1000);
    mappings.push(`at the start: ${smaps(server.pid)}`);
    const targets = serverTargets(server.baseUrl, seeded, await memberPagePaths(server.baseUrl, seeded));
    for (const endpoint of endpoints) {
      begin(`warm-up ${endpoint}`);
      await load(targets[endpoint as Endpoint], { connections: 64, duration: Math.min(2, duration) });
    }
    begin('idle after warm-ups');
    await sleep(gapMs);
    for (const endpoint of endpoints) {
      begin(`load ${endpoint}`);
      const { result, p99Ms } = await load(targets[endpoint], { connections: 64, duration });
      phase!.label += ` (${Math.round(result.requests.average)} req/s, p99 ${p99Ms.toFixed(2)} ms)`;
      mappings.push(`at the end of ${endpoint}: ${smaps(server.pid)}`);
      begin(`idle after ${endpoint}`);
      await sleep(gapMs);
    }
  } finally {
    clearInterval(sampler);
    clearInterval(heapSampler);
    hwm = status(server.pid).hwm;
    await server.stop();
  }
  console.log(
    'phase                                            peak RSS MB (anon + file)  threads  V8 heap MB used/total',
  );
  for (const { label, peak, maxThreads, heap } of phases)
    console.log(
      `${label.padEnd(48)} ${peak === undefined ? '-' : `${fixed(peak.rss)} (${fixed(peak.anon)} + ${fixed(peak.file)})`.padEnd(26)} ${String(maxThreads).padEnd(8)} ${fixed(heap.usedMb)}/${fixed(heap.totalMb)}`,
    );
  console.log(`\nresident MB by mapping:\n${mappings.join('\n')}\n\nserver child VmHWM ${fixed(hwm)} MB`);
  if (values.timeline !== undefined) writeFileSync(values.timeline, `${timeline.join('\n')}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
