/**
 * The `mixed` suite: the mixed workload of an administrator (bench/mixed-workload.ts) on the demo data, from 64
 * connections for 30 s with the rate limit off, against Node's hello-world measured in the same run. Prints req/s,
 * latency p50/p99/max overall and per kind of request, the server's event-loop delay (measured inside the server
 * child) and its RSS before, right after, and 10 s after the load.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon, { type RequestParams, type Result } from 'autocannon';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { seedApiData } from './admin-seed.ts';
import { startChild, type ChildStats, type ServerChild } from './children.ts';
import { load, type LoadResult } from './load.ts';
import {
  discoverMixedData,
  MIXED_KINDS,
  mixedRequest,
  type MixedData,
  type MixedKind,
} from './mixed-workload.ts';
import { positiveInteger } from './options.ts';
import { table } from './report.ts';
import { helloTarget } from './targets.ts';

interface MixedOptions {
  connections: number;
  duration: number;
  /** Seconds to wait after the load before reading the RSS again. */
  settle: number;
  cpuProf: string | undefined;
  /** Seconds per kind of request loaded alone first, for the server's CPU time per request of each (0: none). */
  byKind: number;
}

function parseOptions(args: string[]): MixedOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      connections: { type: 'string', default: '64' },
      duration: { type: 'string', default: '30' },
      settle: { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
      'by-kind': { type: 'string', default: '0' },
    },
  });
  return {
    connections: positiveInteger('connections', values.connections),
    duration: positiveInteger('duration', values.duration),
    settle: positiveInteger('settle', values.settle),
    cpuProf: values['cpu-prof'],
    byKind: values['by-kind'] === '0' ? 0 : positiveInteger('by-kind', values['by-kind']),
  };
}

/** Latencies of one kind of request (or of all), in microseconds, and the answers that were not 2xx. */
interface KindFigures {
  micros: RecordableHistogram;
  non2xx: number;
  statuses: Map<number, number>;
  /** When the slowest answer came, seconds since the load began. */
  maxAtS: number;
}

const newFigures = (): KindFigures => ({
  micros: createHistogram(),
  non2xx: 0,
  statuses: new Map(),
  maxAtS: 0,
});

interface MixedResult {
  result: Result;
  all: KindFigures;
  byKind: Map<MixedKind, KindFigures>;
}

/** Runs the workload: one autocannon run whose every request is the next kind's next request. */
function loadMixed(
  baseUrl: string,
  token: string,
  data: MixedData,
  options: Pick<MixedOptions, 'connections' | 'duration'>,
  kinds: readonly MixedKind[] = MIXED_KINDS,
): Promise<MixedResult> {
  const all = newFigures();
  const byKind = new Map(MIXED_KINDS.map((kind) => [kind, newFigures()] as const));
  const turns = new Map<MixedKind, number>();
  let sent = 0;
  // Autocannon calls `onResponse` then emits `response` (with the latency) synchronously for the same answer.
  let answered: MixedKind | undefined;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const start = performance.now();
  return new Promise((resolvePromise, reject) => {
    const tracker = autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.duration,
        headers,
        requests: [
          {
            setupRequest: (request: RequestParams, context: Record<string, unknown>): RequestParams => {
              const kind = kinds[sent++ % kinds.length]!;
              const turn = turns.get(kind) ?? 0;
              turns.set(kind, turn + 1);
              context.kind = kind;
              const spec = mixedRequest(data, kind, turn);
              // Fresh headers and body each time: autocannon writes Content-Length into the headers it is given.
              return { ...request, ...spec, headers: { ...headers }, body: spec.body ?? '' };
            },
            onResponse: (_status: number, _body: string, context: Record<string, unknown>) => {
              answered = context.kind as MixedKind;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolvePromise({ result, all, byKind })),
    );
    tracker.on('response', (_client: unknown, status: number, _bytes: number, milliseconds: number) => {
      const micros = Math.max(1, Math.round(milliseconds * 1000));
      for (const figures of [all, answered === undefined ? undefined : byKind.get(answered)]) {
        if (figures === undefined) continue;
        if (micros > figures.micros.max) figures.maxAtS = (performance.now() - start) / 1000;
        figures.micros.record(micros);
        figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
        if (status < 200 || status >= 300) figures.non2xx++;
      }
      answered = undefined;
    });
  });
}

/** Sends each kind's first request once: a kind that does not answer 2xx means a broken setup. */
async function warmUp(baseUrl: string, token: string, data: MixedData): Promise<void> {
  for (const kind of MIXED_KINDS) {
    const spec = mixedRequest(data, kind, 0);
    const response = await fetch(baseUrl + spec.path, {
      method: spec.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(spec.body !== undefined ? { body: spec.body } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`warm-up: ${kind} answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

const ms = (micros: number) => (micros / 1000).toFixed(1);
const mb = (value: number) => `${value.toFixed(0)} MB`;

function kindRows(mixed: MixedResult): string[][] {
  const row = (label: string, figures: KindFigures, seconds: number) => [
    label,
    (figures.micros.count / seconds).toFixed(0),
    ms(figures.micros.percentile(50)),
    ms(figures.micros.percentile(99)),
    ms(figures.micros.max),
    figures.maxAtS.toFixed(1),
    String(figures.non2xx),
  ];
  const seconds = mixed.result.duration;
  return [
    ...MIXED_KINDS.map((kind) => row(kind, mixed.byKind.get(kind)!, seconds)),
    row('all', mixed.all, seconds),
  ];
}

interface Judged {
  reqPerS: number;
  helloReqPerS: number;
  p99Ms: number;
  maxMs: number;
  rssStart: number;
  rssSettled: number;
}

function targetsTable(judged: Judged): string {
  const percent = (100 * judged.reqPerS) / judged.helloReqPerS;
  const growth = judged.rssSettled - judged.rssStart;
  const rows: [string, string, boolean][] = [
    ['req/s ≥ 5% of hello-world', `${percent.toFixed(1)}%`, percent >= 5],
    ['p99 < 100 ms', `${judged.p99Ms.toFixed(1)} ms`, judged.p99Ms < 100],
    ['max < 500 ms', `${judged.maxMs.toFixed(1)} ms`, judged.maxMs < 500],
    [
      'RSS within 50 MB of its start, 10 s after',
      `${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB`,
      growth < 50,
    ],
  ];
  return table(
    ['target', 'measured', 'status'],
    rows.map(([name, value, met]) => [name, value, met ? 'met' : 'not met']),
  );
}

function printFigures(
  mixed: MixedResult,
  hello: LoadResult,
  before: ChildStats,
  after: ChildStats,
  settled: ChildStats,
  settle: number,
): void {
  const reqPerS = mixed.result.requests.average;
  const helloReqPerS = hello.result.requests.average;
  console.log(
    `\n${table(['request', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'max at s', 'non-2xx'], kindRows(mixed))}`,
  );
  console.log(
    `\nmixed: ${reqPerS.toFixed(0)} req/s (${((100 * reqPerS) / helloReqPerS).toFixed(1)}% of hello-world's ${helloReqPerS.toFixed(0)} req/s, p50 ${hello.p50Ms.toFixed(2)} ms, p99 ${hello.p99Ms.toFixed(2)} ms); errors ${mixed.result.errors}, timeouts ${mixed.result.timeouts}`,
  );
  const cpuPerRequest = (after.cpuMs - before.cpuMs) / mixed.all.micros.count;
  console.log(`server CPU per request: ${cpuPerRequest.toFixed(2)} ms (user + system, every thread)`);
  const statuses = [...mixed.all.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`answers: ${statuses}`);
  console.log(
    `event-loop delay during the load: p50 ${after.eventLoop.p50Ms.toFixed(1)} ms, p99 ${after.eventLoop.p99Ms.toFixed(1)} ms, max ${after.eventLoop.maxMs.toFixed(1)} ms`,
  );
  console.log(
    `inside the server (routing to last byte): p99 ${after.requests.p99Ms.toFixed(1)} ms, max ${after.requests.maxMs.toFixed(1)} ms at ${after.requests.maxAtS.toFixed(1)} s`,
  );
  console.log(
    `server RSS: ${mb(before.rssMb)} before, ${mb(after.rssMb)} right after the load, ${mb(settled.rssMb)} ${settle} s after`,
  );
  const heap = ({ heap: { usedMb, totalMb, externalMb } }: ChildStats) =>
    `${mb(usedMb)} used of ${mb(totalMb)}, ${mb(externalMb)} external`;
  console.log(
    `V8 heap: ${heap(before)} before; ${heap(after)} right after; ${heap(settled)} ${settle} s after`,
  );
  console.log(
    `\nTargets (information only):\n${targetsTable({
      reqPerS,
      helloReqPerS,
      p99Ms: mixed.all.micros.percentile(99) / 1000,
      maxMs: mixed.all.micros.max / 1000,
      rssStart: before.rssMb,
      rssSettled: settled.rssMb,
    })}`,
  );
}

/** Each kind alone for `byKind` seconds: its req/s, latency and the server's CPU time per request. */
async function measureByKind(server: ServerChild, token: string, data: MixedData, options: MixedOptions) {
  const rows: string[][] = [];
  for (const kind of MIXED_KINDS) {
    const before = await server.stats();
    const run = await loadMixed(server.baseUrl, token, data, { ...options, duration: options.byKind }, [
      kind,
    ]);
    const after = await server.stats();
    const count = run.all.micros.count;
    rows.push([
      kind,
      (count / run.result.duration).toFixed(0),
      ms(run.all.micros.percentile(50)),
      ms(run.all.micros.percentile(99)),
      ((after.cpuMs - before.cpuMs) / count).toFixed(2),
      String(run.all.non2xx),
    ]);
  }
  console.log(`\neach kind alone, ${options.byKind} s:`);
  console.log(table(['request', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/request', 'non-2xx'], rows));
}

/** Runs the suite: seed the demo, start both children, measure hello-world then the workload, print. */
export async function runMixedBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-mixed-'));
  const children: ServerChild[] = [];
  try {
    const { orgId, token } = seedApiData(dataDir);
    const profileDir = options.cpuProf === undefined ? undefined : resolve(options.cpuProf);
    const nodeFlags = [
      ...SERVER_NODE_FLAGS,
      ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    ];
    const server = await startChild(join(import.meta.dirname, 'serve-child.ts'), [dataDir], nodeFlags);
    children.push(server);
    const hello = await startChild(join(import.meta.dirname, 'hello-child.ts'));
    children.push(hello);
    const data = await discoverMixedData(server.baseUrl, token, orgId);
    console.log(
      `server child pid ${server.pid}; ${data.spaceIds.length} spaces and ${data.changeRequestPages.length} change request pages to cycle through`,
    );
    await warmUp(server.baseUrl, token, data);

    if (options.byKind > 0) await measureByKind(server, token, data, options);

    console.log(`measuring hello-world (${options.connections} connections, ${options.duration} s)…`);
    const helloMeasured = await load(helloTarget(hello.baseUrl), options);
    await hello.stop();

    const before = await server.stats({ reset: true });
    console.log(`measuring the mixed workload (${options.connections} connections, ${options.duration} s)…`);
    const mixed = await loadMixed(server.baseUrl, token, data, options);
    const after = await server.stats();
    await new Promise((done) => setTimeout(done, options.settle * 1000));
    const settled = await server.stats();
    printFigures(mixed, helloMeasured, before, after, settled, options.settle);

    if (profileDir !== undefined) {
      await server.stop();
      const files = readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile'));
      console.log(
        `\nCPU profiles of the server child (figures include profiling overhead): ${profileDir}: ${files.join(', ')}`,
      );
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
