/**
 * Child process: the real server on a seeded data directory (argv[2]; `--allow-private-fetch` after it lets the
 * server fetch from the benchmark's local fixtures), or on a PostgreSQL database (`--database postgres://…`, no data
 * directory: `serve --database`'s storage); prints `{"port": n}` once listening. `--compat`: in
 * GitBook-compatible mode (`serve --compat gitbook`), with `--rate-limit <requests a minute>` (default GitBook's 60);
 * otherwise without a rate limit. It measures its own event loop's delay (`perf_hooks.monitorEventLoopDelay`) and
 * answers `{ stats, reset }` messages on its IPC channel with that and its RSS (bench/children.ts `stats`).
 */
import type { AddressInfo } from 'node:net';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp, GITBOOK_RATE_LIMIT } from '../server/app.ts';
import { openDatabase } from '../server/storage/database.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    compat: { type: 'boolean', default: false },
    'rate-limit': { type: 'string' },
    'allow-private-fetch': { type: 'boolean', default: false },
    database: { type: 'string' },
  },
});
const dataDir = positionals[0];
if (dataDir === undefined && values.database === undefined) {
  console.error(
    'usage: node bench/serve-child.ts <data-dir> | --database postgres://… [--allow-private-fetch] [--compat [--rate-limit <requests a minute>]]',
  );
  process.exit(1);
}

// PostgreSQL's store (and `pg`) loaded only when asked, as `serve` does: a server on SQLite never holds them.
const postgres =
  values.database === undefined
    ? undefined
    : (await import('../server/storage/store/postgres-store.ts')).PostgresStore.open({
        connectionString: values.database,
      });
const storage = postgres !== undefined ? { postgres } : { db: openDatabase(dataDir as string) };
const perMinute = Number(values['rate-limit'] ?? GITBOOK_RATE_LIMIT.requests);
const allowPrivateFetch = values['allow-private-fetch'];
// Bundled (bench/server-bundle.ts), the job worker is out/bench/server/jobs/worker.js beside this file, as the app's
// build puts it beside its cli.js; from source, the runner finds server/jobs/worker.ts itself.
const jobs = import.meta.url.endsWith('.js')
  ? { runner: { workerUrl: new URL(['.', 'jobs', 'worker.js'].join('/'), import.meta.url) } }
  : {};
const app = values.compat
  ? buildApp({
      ...storage,
      compat: 'gitbook',
      rateLimit: { requests: perMinute, windowMs: 60_000 },
      logger: false,
      allowPrivateFetch,
      jobs,
      warmUp: true,
    })
  : buildApp({ ...storage, rateLimit: null, logger: false, allowPrivateFetch, jobs, warmUp: true });
// Each request's time inside the server (from routing to the last byte written): beside the client's latency, it
// tells a wait in the server from a wait before it (connections, the client's own process).
const requestMicros = createHistogram();
let measuredSince = performance.now();
let slowest = { ms: 0, atS: 0 };
const started = new WeakMap<object, number>();
app.addHook('onRequest', (request, _reply, done) => {
  started.set(request, performance.now());
  done();
});
app.addHook('onResponse', (request, _reply, done) => {
  const start = started.get(request);
  if (start !== undefined) {
    const now = performance.now();
    requestMicros.record(Math.max(1, Math.round((now - start) * 1000)));
    if (now - start > slowest.ms) slowest = { ms: now - start, atS: (now - measuredSince) / 1000 };
  }
  done();
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const ms = (nanoseconds: number) => nanoseconds / 1e6;
process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || !('stats' in message)) return;
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const stats = {
    rssMb: mb(memory.rss),
    heap: { usedMb: mb(memory.heapUsed), totalMb: mb(memory.heapTotal), externalMb: mb(memory.external) },
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoop: { p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max) },
    requests: {
      count: requestMicros.count,
      p99Ms: requestMicros.count > 0 ? requestMicros.percentile(99) / 1000 : 0,
      maxMs: slowest.ms,
      maxAtS: slowest.atS,
    },
  };
  if ('reset' in message && message.reset === true) {
    delay.reset();
    requestMicros.reset();
    slowest = { ms: 0, atS: 0 };
    measuredSince = performance.now();
  }
  process.send?.({ stats });
});
// The IPC channel must not keep the child alive on its own.
process.channel?.unref();

// Exit normally on SIGTERM, so that `--cpu-prof` gets to write its profile.
process.on('SIGTERM', () => {
  void app.close().then(async () => {
    storage.db?.close();
    await storage.postgres?.close();
    process.exit(0);
  });
});
