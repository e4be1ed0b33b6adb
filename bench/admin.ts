/**
 * The `admin` suite (organization administration). On the server: the processing of a 5 MB OpenAPI document, from
 * its submission to `processingState: complete`, fetched from a URL (a local HTTP server; the API runs with
 * `--allow-private-fetch`) and sent as text. In Chromium: the first render of the custom fields grid of an
 * organization with 2,000 spaces and 20 fields, from the marks the screen sets itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchApp } from '../e2e/support/app.ts';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import type { OpenAPISpec } from '../shared/contract/resources/openapi.ts';
import { buildOpenApiDocument, seedAdminGrid, seedApiData, type AdminSeed } from './admin-seed.ts';
import { positiveInteger } from './options.ts';
import { waitForMarks, waitForPerformanceEntries } from './page-marks.ts';
import { median, table } from './report.ts';
import { ms, openApp, runsOf, step, verdict } from './screen-bench.ts';
import type { FirstRenderWatch } from './ui-probes.ts';

interface AdminOptions {
  runs: number;
  build: boolean;
  spaces: number;
  fields: number;
  /** Size of the OpenAPI document, in MB (10^6 bytes). */
  sizeMb: number;
  /** Measure the grid in Chromium (`--no-ui`: the OpenAPI half alone). */
  ui: boolean;
  /** Measure the OpenAPI processing (`--no-openapi`: the grid alone). */
  openapi: boolean;
}

function parseOptions(args: string[]): AdminOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      runs: { type: 'string', default: '3' },
      build: { type: 'boolean', default: true },
      spaces: { type: 'string', default: '2000' },
      fields: { type: 'string', default: '20' },
      'size-mb': { type: 'string', default: '5' },
      ui: { type: 'boolean', default: true },
      openapi: { type: 'boolean', default: true },
    },
  });
  return {
    runs: positiveInteger('runs', values.runs),
    build: values.build,
    spaces: positiveInteger('spaces', values.spaces),
    fields: positiveInteger('fields', values.fields),
    sizeMb: positiveInteger('size-mb', values['size-mb']),
    ui: values.ui,
    openapi: values.openapi,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// OpenAPI processing

/** How often the suite asks for the spec's state while it is processed (the resolution of the figures). */
const POLL_MS = 10;
/** Longest wait for one processing. */
const PROCESS_TIMEOUT_MS = 120_000;

/** The API alone (`server/cli.ts serve --allow-private-fetch`, no rate limit) on a seeded data directory. */
async function startApiServer(dataDir: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      join(import.meta.dirname, '..', 'server', 'cli.ts'),
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--allow-private-fetch',
      '--rate-limit',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`serve exited (code ${code}) before listening`));
    child.once('exit', onExit);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match === null) return;
      child.off('exit', onExit);
      lines.close();
      resolve(match[1]!);
    });
  });
  return { baseUrl, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A local HTTP server answering the document at `/openapi.json`. */
async function serveDocument(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const body = Buffer.from(text);
  const server: Server = createServer((request, response) => {
    if (request.url !== '/openapi.json') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/openapi.json`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface ProcessRun {
  /** Submission sent → the 201 answer received. */
  submitMs: number;
  /** Submission sent → the spec seen `complete` (polled every POLL_MS). */
  completeMs: number;
}

/** Submits a spec and polls it until it is complete; throws if it fails or never completes. */
async function processOnce(
  baseUrl: string,
  token: string,
  orgId: string,
  slug: string,
  source: { url: string } | { text: string },
): Promise<ProcessRun> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const created = await fetch(`${baseUrl}/v1/orgs/${orgId}/openapi`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ slug, source }),
  });
  const submitMs = performance.now() - started;
  if (created.status !== 201)
    throw new Error(`createOpenAPISpec answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  await created.arrayBuffer();
  for (;;) {
    const answer = await fetch(`${baseUrl}/v1/orgs/${orgId}/openapi/${slug}`, { headers });
    const spec = (await answer.json()) as OpenAPISpec;
    if (answer.status !== 200) throw new Error(`getOpenAPISpecBySlug answered ${answer.status}`);
    if (spec.processingState === 'complete') {
      if (spec.lastProcessErrorCode !== undefined)
        throw new Error(`${slug}: processing failed with ${spec.lastProcessErrorCode}`);
      return { submitMs, completeMs: performance.now() - started };
    }
    if (performance.now() - started > PROCESS_TIMEOUT_MS)
      throw new Error(`${slug}: still ${spec.processingState} after ${PROCESS_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface OpenApiFigures {
  bytes: number;
  paths: number;
  schemas: number;
  /** The first submission of the server process (cold), not counted. */
  warmUp: ProcessRun;
  url: ProcessRun[];
  text: ProcessRun[];
}

async function measureOpenApi(runs: number, sizeMb: number): Promise<OpenApiFigures> {
  const document = buildOpenApiDocument(sizeMb * 1e6);
  const bytes = Buffer.byteLength(document.text);
  console.log(
    `generated an OpenAPI 3.0 document of ${(bytes / 1e6).toFixed(2)} MB (${document.paths} paths, ${document.schemas} schemas)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-admin-api-'));
  const { orgId, token } = seedApiData(dataDir);
  const served = await serveDocument(document.text);
  const api = await startApiServer(dataDir);
  try {
    console.log(`measuring OpenAPI processing (${runs} runs by URL, ${runs} by text, after one warm-up)…`);
    const warmUp = await processOnce(api.baseUrl, token, orgId, 'bench-warm-up', { url: served.url });
    const url: ProcessRun[] = [];
    const text: ProcessRun[] = [];
    for (let run = 0; run < runs; run++) {
      url.push(await processOnce(api.baseUrl, token, orgId, `bench-url-${run + 1}`, { url: served.url }));
      text.push(
        await processOnce(api.baseUrl, token, orgId, `bench-text-${run + 1}`, { text: document.text }),
      );
    }
    return { bytes, paths: document.paths, schemas: document.schemas, warmUp, url, text };
  } finally {
    await api.stop();
    await served.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Custom fields grid

/** The marks the Custom fields screen sets (`renderer/src/screens/custom-fields/`). */
const MARKS = { data: 'custom-fields:data', firstRows: 'custom-fields:first-rows' } as const;

/** The first-render probe: the spaces, collections and field lists parsed by the app, then a grid row. */
const GRID_WATCH: FirstRenderWatch = {
  paths: '^/v1/orgs/[^/]+/(spaces|collections|custom-fields)$',
  row: '[data-testid="cf-row"]',
};

interface GridRun {
  /** `custom-fields:data` → `custom-fields:first-rows`. */
  firstRowsMs: number;
  /** The last list parsed by the app (probe) → the first row painted (probe). */
  probeMs: number;
  /** Navigation start → `custom-fields:first-rows`. */
  fromNavigationMs: number;
  /** `custom-fields:first-rows` → every cell on screen showing its value (±1 frame). */
  valuesMs: number;
  /** Rows and cells in the DOM at the end. */
  rows: number;
  cells: number;
}

async function loadGrid(page: Page, url: string, seed: AdminSeed): Promise<GridRun> {
  // A new document each run: performance.now() counts from this navigation and the marks start afresh.
  await page.goto('about:blank');
  await page.goto(url);
  const entries = await waitForPerformanceEntries(page, Object.values(MARKS), 60_000);
  const probe = await waitForMarks(page, 'treeFirst', 'paintedAt', 60_000);
  const counts = await page.getByTestId('cf-counts').innerText();
  if (!counts.includes(`${seed.spaces.toLocaleString('en')} spaces × ${seed.fields} fields`))
    throw new Error(`the grid shows "${counts}", not ${seed.spaces} spaces × ${seed.fields} fields`);
  const loadedAt = await page.waitForFunction(
    () => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document;
      const done =
        doc.querySelector('[data-testid="cf-cell"]') !== null &&
        doc.querySelector('[data-testid="cf-cell"][data-state="loading"]') === null;
      return done ? (globalThis as unknown as { performance: { now(): number } }).performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const valuesAt = (await loadedAt.jsonValue()) as number;
  const rows = await page.getByTestId('cf-row').count();
  const cells = await page.getByTestId('cf-cell').count();
  const first = entries[MARKS.firstRows]!.startTime;
  return {
    firstRowsMs: first - entries[MARKS.data]!.startTime,
    probeMs: probe['paintedAt']! - probe['dataAt']!,
    fromNavigationMs: first,
    valuesMs: valuesAt - first,
    rows,
    cells,
  };
}

async function measureGrid(options: AdminOptions): Promise<{ seed: AdminSeed; runs: GridRun[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-admin-'));
  try {
    console.log(
      `seeding the demo, then an organization of ${options.spaces} spaces × ${options.fields} custom fields…`,
    );
    const seed = seedAdminGrid(dataDir, { spaces: options.spaces, fields: options.fields });
    const app = await launchApp({ dataDir });
    try {
      const { browser, page } = await openApp(app, GRID_WATCH);
      try {
        const url = `${app.origin}/#/p/local/orgs/${seed.orgId}/custom-fields`;
        console.log(
          `measuring the grid's first render in Chromium (${options.runs} runs after one warm-up)…`,
        );
        await step(page, 'admin', 'grid warm-up', () => loadGrid(page, url, seed));
        const runs: GridRun[] = [];
        for (let run = 0; run < options.runs; run++)
          runs.push(await step(page, 'admin', `grid, run ${run + 1}`, () => loadGrid(page, url, seed)));
        return { seed, runs };
      } finally {
        await browser.close();
      }
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

function openApiReport(figures: OpenApiFigures): string {
  const url = median(figures.url.map((run) => run.completeMs));
  const text = median(figures.text.map((run) => run.completeMs));
  return [
    `OpenAPI document: ${(figures.bytes / 1e6).toFixed(2)} MB, ${figures.paths} paths, ${figures.schemas} schemas (state polled every ${POLL_MS} ms)`,
    '',
    table(
      ['measure', 'runs', 'median'],
      [
        [
          'by URL: submitted → 201 answer',
          runsOf(figures.url.map((r) => r.submitMs)),
          ms(median(figures.url.map((r) => r.submitMs))),
        ],
        ['by URL: submitted → complete', runsOf(figures.url.map((r) => r.completeMs)), ms(url)],
        [
          'by text: submitted → 201 answer',
          runsOf(figures.text.map((r) => r.submitMs)),
          ms(median(figures.text.map((r) => r.submitMs))),
        ],
        ['by text: submitted → complete', runsOf(figures.text.map((r) => r.completeMs)), ms(text)],
        ['warm-up (first of the process, by URL, not counted)', ms(figures.warmUp.completeMs), ''],
      ],
    ),
    '',
    'Targets (information only):',
    `  processing by URL: ${verdict(url, 3000)}`,
    `  processing by text: ${verdict(text, 3000)}`,
  ].join('\n');
}

function gridReport(seed: AdminSeed, runs: GridRun[]): string {
  const first = median(runs.map((run) => run.firstRowsMs));
  const last = runs.at(-1)!;
  return [
    `custom fields grid: ${seed.spaces.toLocaleString('en')} spaces × ${seed.fields} fields (${seed.values.toLocaleString('en')} values); ${last.rows} rows and ${last.cells} cells in the DOM`,
    '',
    table(
      ['measure', 'runs', 'median'],
      [
        [`${MARKS.data} → ${MARKS.firstRows}`, runsOf(runs.map((r) => r.firstRowsMs)), ms(first)],
        [
          'lists parsed (probe) → first row painted (probe)',
          runsOf(runs.map((r) => r.probeMs)),
          ms(median(runs.map((r) => r.probeMs))),
        ],
        [
          'navigation → first rows painted',
          runsOf(runs.map((r) => r.fromNavigationMs)),
          ms(median(runs.map((r) => r.fromNavigationMs))),
        ],
        [
          'first rows → values of the rows on screen (±1 frame)',
          runsOf(runs.map((r) => r.valuesMs)),
          ms(median(runs.map((r) => r.valuesMs))),
        ],
      ],
    ),
    '',
    'Targets (information only):',
    `  grid first render: ${verdict(first, 200)}`,
  ].join('\n');
}

/** Runs the suite and prints its tables; only a broken setup fails it, never a time. */
export async function runAdminBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const sections: string[] = [];
  if (options.openapi) sections.push(openApiReport(await measureOpenApi(options.runs, options.sizeMb)));
  if (options.ui) {
    if (options.build) {
      console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
      await buildRenderer();
    }
    const { seed, runs } = await measureGrid(options);
    sections.push(gridReport(seed, runs));
  }
  console.log(`\n${sections.join('\n\n')}`);
}
