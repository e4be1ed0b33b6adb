/** The `app` suite: startup to the overview, the renderer's initial bundle, the proxy's added latency. */
import { parseArgs } from 'node:util';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildRenderer, RENDERER_OUT } from '../e2e/support/renderer-build.ts';
import { sourceMapsWhenProfiling } from './page-profile.ts';
import { initialAssets, type InitialAsset } from './app-bundle.ts';
import { measureProxy, type ProxyFigures } from './app-proxy.ts';
import { measureStartup, type StartupRun } from './app-startup.ts';
import { positiveInteger } from './options.ts';
import { median, table } from './report.ts';

interface AppBenchOptions {
  runs: number;
  requests: number;
  build: boolean;
  /** Directory for CPU profiles of the page (`--cpu-prof`): each cold start's load, until the overview shows. */
  cpuProf: string | undefined;
}

function parseOptions(args: string[]): AppBenchOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      runs: { type: 'string', default: '5' },
      requests: { type: 'string', default: '2000' },
      build: { type: 'boolean', default: true },
      'cpu-prof': { type: 'string' },
    },
  });
  return {
    runs: positiveInteger('runs', values.runs),
    requests: positiveInteger('requests', values.requests),
    build: values.build,
    cpuProf: values['cpu-prof'],
  };
}

const ms = (value: number, digits = 0) => `${value.toFixed(digits)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (assets: InitialAsset[], kind: InitialAsset['kind'], size: 'rawBytes' | 'gzipBytes') =>
  assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[size], 0);

function startupTable(runs: StartupRun[]): string {
  const columns: [string, (run: StartupRun) => number][] = [
    ['spawn → URL printed', (r) => r.hostReadyMs],
    ['spawn → overview visible', (r) => r.launchToOverviewMs],
    ['page start → document', (r) => r.documentMs],
    ['page start → DOMContentLoaded', (r) => r.domContentLoadedMs],
    ['page start → overview in DOM', (r) => r.pageToOverviewMs],
  ];
  const rows = runs.map((run, i) => [`run ${i + 1}`, ...columns.map(([, pick]) => ms(pick(run)))]);
  rows.push(['median', ...columns.map(([, pick]) => ms(median(runs.map(pick))))]);
  return table(['', ...columns.map(([name]) => name)], rows);
}

function bundleTable(assets: InitialAsset[]): string {
  const rows = assets.map((a) => [a.file, a.kind, kb(a.rawBytes), kb(a.gzipBytes)]);
  for (const kind of ['js', 'css'] as const)
    rows.push([`total ${kind}`, kind, kb(sum(assets, kind, 'rawBytes')), kb(sum(assets, kind, 'gzipBytes'))]);
  return table(['initial asset (index.html)', 'kind', 'raw', 'gzip'], rows);
}

function proxyTable(figures: ProxyFigures): string {
  const { direct, bridge, hostOnly } = figures;
  return table(
    ['GET /v1/orgs, sequential', 'p50', 'p99'],
    [
      ['straight to the server', ms(direct.p50, 3), ms(direct.p99, 3)],
      ['through the bridge (host + proxy)', ms(bridge.p50, 3), ms(bridge.p99, 3)],
      ['(bridge app.info: host only, no API call)', ms(hostOnly.p50, 3), ms(hostOnly.p99, 3)],
      ['added by the bridge', ms(bridge.p50 - direct.p50, 3), ms(bridge.p99 - direct.p99, 3)],
      [
        'ratio bridge / direct',
        `${(bridge.p50 / direct.p50).toFixed(2)}×`,
        `${(bridge.p99 / direct.p99).toFixed(2)}×`,
      ],
    ],
  );
}

function targetsTable(runs: StartupRun[], assets: InitialAsset[], proxy: ProxyFigures): string {
  const overview = median(runs.map((r) => r.pageToOverviewMs));
  const js = sum(assets, 'js', 'gzipBytes');
  const added = proxy.bridge.p50 - proxy.direct.p50;
  const checks: [string, string, boolean][] = [
    ['overview rendered < 500 ms after the page starts loading (median)', ms(overview), overview < 500],
    ['overview rendered < 400 ms after the page starts loading (median)', ms(overview), overview < 400],
    ['initial JS ≤ 250 KB gzip', kb(js), js <= 250 * 1024],
    ['proxy overhead p50 < 0.5 ms', ms(added, 3), added < 0.5],
  ];
  return table(
    ['target', 'measured', 'status'],
    checks.map(([name, value, met]) => [name, value, met ? 'met' : 'not met']),
  );
}

/** Runs the suite and prints its tables; only a broken setup fails it, never a time. */
export async function runAppBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  sourceMapsWhenProfiling(options.cpuProf);
  if (options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const assets = initialAssets(RENDERER_OUT);

  console.log(`starting browser mode ${options.runs} times, each on a fresh data directory…`);
  const browser = await launchBrowser();
  const runs: StartupRun[] = [];
  try {
    for (let i = 0; i < options.runs; i++)
      runs.push(await measureStartup(browser, { dir: options.cpuProf, name: `app-startup-${i + 1}` }));
  } finally {
    await browser.close();
  }

  console.log(`timing ${options.requests} sequential requests on each path…`);
  const proxy = await measureProxy(options.requests);

  console.log(
    `\nStartup (Chromium already running; fresh data directory, so the demo is seeded each time)\n`,
  );
  console.log(startupTable(runs));
  console.log(`\nRenderer: what out/renderer/index.html loads first\n`);
  console.log(bundleTable(assets));
  console.log(`\nAPI proxy: ${proxy.requests} requests per path, loopback, keep-alive\n`);
  console.log(proxyTable(proxy));
  console.log(`\nTargets (information only)\n`);
  console.log(targetsTable(runs, assets, proxy));
}
