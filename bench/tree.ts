/**
 * The `tree` suite: the content tree on an organization of 10,000 more spaces in 500 collections. In Chromium: the
 * first rendered tree after the data arrives, expanding every collection, drop to settled for a move, and scrolling
 * the whole expanded tree. On the server: `POST /v1/spaces/{id}/move` under load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { dragOnto } from '../e2e/pages/drag.ts';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import type { LoadResult, Target } from './load.ts';
import { positiveInteger } from './options.ts';
import { profiled, sourceMapsWhenProfiling } from './page-profile.ts';
import { median, table } from './report.ts';
import type { ScrollFigures } from './scroll-probe.ts';
import { scrollTable, scrollVerdict } from './scroll-report.ts';
import {
  loadRow,
  LOAD_HEADER,
  loadServerAlone,
  ms,
  openApp,
  runsOf,
  scrollThrough,
  step,
  verdict,
} from './screen-bench.ts';
import { probeDrop, probeTreeExpand, TREE_WATCH } from './ui-probes.ts';
import { waitForMarks } from './page-marks.ts';
import { seedTree, type TreeSeed } from './tree-seed.ts';

interface TreeOptions {
  collections: number;
  spaces: number;
  runs: number;
  connections: number;
  /** Seconds of load on the move endpoint. */
  duration: number;
  build: boolean;
  /** Directory for CPU profiles of the page (`--cpu-prof`): first render, expand all, drops, scroll. */
  cpuProf: string | undefined;
}

function parseOptions(args: string[]): TreeOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      collections: { type: 'string', default: '500' },
      spaces: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      duration: { type: 'string', default: '10' },
      build: { type: 'boolean', default: true },
      'cpu-prof': { type: 'string' },
    },
  });
  return {
    collections: positiveInteger('collections', values.collections),
    spaces: positiveInteger('spaces', values.spaces),
    runs: positiveInteger('runs', values.runs),
    connections: positiveInteger('connections', values.connections),
    duration: positiveInteger('duration', values.duration),
    build: values.build,
    cpuProf: values['cpu-prof'],
  };
}

interface UiFigures {
  /** Per run: last list page parsed → first row in the DOM, and → painted. */
  first: { domMs: number; paintMs: number; sinceLoadMs: number }[];
  /** Per run: click on "Expand all" → every item a row, and → painted. */
  expand: { rowsMs: number; paintMs: number }[];
  /** Per run: mouse up → no move in flight. */
  drops: number[];
  /** The whole tree expanded, scrolled through one viewport per frame. */
  scroll: { scroll: ScrollFigures; step: number };
}

async function firstRender(page: Page, url: string): Promise<UiFigures['first'][number]> {
  await page.goto(url);
  await page.getByTestId('tree-row').first().waitFor({ timeout: 60_000 });
  // Measured on a reload: the app starts afresh on the content screen, as a person reopening it would.
  await page.reload();
  const marks = await waitForMarks(page, 'treeFirst', 'paintedAt', 60_000);
  return {
    domMs: marks['rowAt']! - marks['dataAt']!,
    paintMs: marks['paintedAt']! - marks['dataAt']!,
    // performance.now() counts from the navigation: this includes loading the app and fetching every list page.
    sinceLoadMs: marks['paintedAt']!,
  };
}

/** Waits until the tree reports `rows` rows (`equal`), or any other count. */
async function rowCount(page: Page, rows: number, equal: boolean): Promise<void> {
  await page.waitForFunction(
    ({ rows, equal }) =>
      ((
        globalThis as unknown as {
          document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };
        }
      ).document
        .querySelector('[data-testid="content-tree"]')
        ?.getAttribute('data-row-count') ===
        String(rows)) ===
      equal,
    { rows, equal },
    { timeout: 60_000 },
  );
}

async function expandAll(page: Page, rows: number): Promise<{ rowsMs: number; paintMs: number }> {
  await page.getByTestId('content-collapse-all').click();
  await rowCount(page, rows, false);
  await page.evaluate(probeTreeExpand, { rows });
  await page.getByTestId('content-expand-all').click();
  const marks = await waitForMarks(page, 'treeExpand', 'paintedAt');
  await page.getByTestId('content-collapse-all').click();
  return { rowsMs: marks['rowsAt']! - marks['clickAt']!, paintMs: marks['paintedAt']! - marks['clickAt']! };
}

/** Drags the last top-level space into the last top-level collection; answers mouse up → settled. */
async function drop(page: Page): Promise<number> {
  const topSpaces = page.locator('[data-testid="tree-row"][data-depth="0"][data-kind="space"]');
  const topCollections = page.locator('[data-testid="tree-row"][data-depth="0"][data-kind="collection"]');
  const tree = page.getByTestId('content-tree');
  // A drop opens its target: collapse again, so that the last collection sits just above the top-level spaces.
  await page.getByTestId('content-collapse-all').click();
  await tree.evaluate((element) => ((element as unknown as { scrollTop: number }).scrollTop = 1e9));
  const source = topSpaces.last();
  await source.waitFor();
  const target = topCollections.last();
  await target.waitFor();
  await page.evaluate(probeDrop, { tree: '[data-testid="content-tree"]' });
  await dragOnto(
    page,
    source,
    target,
    page.locator('[data-testid="drop-indicator"][data-placement="inside"]'),
  );
  const marks = await waitForMarks(page, 'treeDrop', 'settledAt');
  return marks['settledAt']! - marks['upAt']!;
}

/** Expands every collection (every item a row), then scrolls the whole tree through. */
async function scrollAll(page: Page, rows: number): Promise<UiFigures['scroll']> {
  await page.getByTestId('content-expand-all').click();
  await rowCount(page, rows, true);
  return scrollThrough(page, {
    container: '[data-testid="content-tree"]',
    rowCount: { attribute: 'data-row-count', minus: 0 },
    seen: { row: '[data-testid="tree-row"]', key: 'data-key' },
  });
}

async function measureUi(app: RunningApp, seed: TreeSeed, options: TreeOptions): Promise<UiFigures> {
  const { runs, cpuProf } = options;
  const { browser, context, page } = await openApp(app, TREE_WATCH);
  try {
    const url = `${app.origin}/#/p/local/orgs/${seed.orgId}/content`;
    const first: UiFigures['first'] = [];
    await profiled(page, cpuProf, 'tree-first-render', async () => {
      for (let run = 0; run < runs; run++)
        first.push(await step(page, 'tree', `first render, run ${run + 1}`, () => firstRender(page, url)));
    });
    const expand: UiFigures['expand'] = [];
    await profiled(page, cpuProf, 'tree-expand-all', async () => {
      for (let run = 0; run < runs; run++)
        expand.push(
          await step(page, 'tree', `expand all, run ${run + 1}`, () => expandAll(page, seed.itemCount)),
        );
    });
    const drops: number[] = [];
    await profiled(page, cpuProf, 'tree-drops', async () => {
      for (let run = 0; run < runs; run++)
        drops.push(await step(page, 'tree', `drop, run ${run + 1}`, () => drop(page)));
    });
    const scroll = await profiled(page, cpuProf, 'tree-scroll', () =>
      step(page, 'tree', 'scroll', () => scrollAll(page, seed.itemCount)),
    );
    await context.close();
    return { first, expand, drops, scroll };
  } finally {
    await browser.close();
  }
}

/** The move endpoint under load: each request sends another space to the end of another collection. */
function moveTarget(baseUrl: string, seed: TreeSeed): Target {
  let turn = 0;
  return {
    label: 'POST /v1/spaces/{id}/move',
    baseUrl,
    headers: { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' },
    next: () => {
      const space = seed.spaceIds[(turn * 7919) % seed.spaceIds.length]!;
      const parent = seed.collectionIds[(turn * 31 + 7) % seed.collectionIds.length]!;
      turn++;
      return { method: 'POST', path: `/v1/spaces/${space}/move`, body: JSON.stringify({ parent }) };
    },
  };
}

function report(seed: TreeSeed, ui: UiFigures, moves: LoadResult): string {
  const firstPaint = median(ui.first.map((run) => run.paintMs));
  const expandPaint = median(ui.expand.map((run) => run.paintMs));
  const drop = median(ui.drops);
  const measured = table(
    ['measure', 'runs', 'median'],
    [
      [
        'lists parsed → first row in the DOM',
        runsOf(ui.first.map((r) => r.domMs)),
        ms(median(ui.first.map((r) => r.domMs))),
      ],
      ['lists parsed → first rows painted', runsOf(ui.first.map((r) => r.paintMs)), ms(firstPaint)],
      [
        'reload → first rows painted (app start and all list pages)',
        runsOf(ui.first.map((r) => r.sinceLoadMs)),
        ms(median(ui.first.map((r) => r.sinceLoadMs))),
      ],
      [
        '"Expand all" → every item a row',
        runsOf(ui.expand.map((r) => r.rowsMs)),
        ms(median(ui.expand.map((r) => r.rowsMs))),
      ],
      ['"Expand all" → painted', runsOf(ui.expand.map((r) => r.paintMs)), ms(expandPaint)],
      ['mouse up → move settled (server answered)', runsOf(ui.drops), ms(drop)],
    ],
  );
  const scrolling = scrollTable(ui.scroll.scroll, ui.scroll.step, {
    title: 'scrolling the whole expanded tree',
    rows: 'rows in the tree',
    reachedEnd: 'reached the end',
  });
  const server = table(LOAD_HEADER, [loadRow('POST /v1/spaces/{id}/move', moves)]);
  return [
    `content tree of ${seed.itemCount} items (${seed.collectionIds.length} seeded collections, ${seed.spaceIds.length} seeded spaces)`,
    '',
    measured,
    '',
    scrolling,
    '',
    server,
    '',
    'Targets (information only):',
    `  first rendered tree: ${verdict(firstPaint, 150)}`,
    `  expand all: ${verdict(expandPaint, 300)}`,
    `  drop to settled: ${verdict(drop, 100)}`,
    `  no dropped frames while scrolling: ${scrollVerdict(ui.scroll.scroll)}`,
  ].join('\n');
}

/** Runs the suite and prints its tables; only a broken setup fails it, never a time. */
export async function runTreeBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  sourceMapsWhenProfiling(options.cpuProf);
  if (options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-tree-'));
  let app: RunningApp | undefined;
  try {
    console.log(
      `seeding the demo, then ${options.spaces} spaces in ${options.collections} collections in Acme Docs…`,
    );
    const started = performance.now();
    const seed = seedTree(dataDir, { collections: options.collections, spaces: options.spaces });
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    app = await launchApp({ dataDir });
    console.log(`measuring in Chromium (${options.runs} runs each)…`);
    const ui = await measureUi(app, seed, options);
    await app.stop();
    app = undefined;
    const moves = await loadServerAlone(dataDir, (baseUrl) => moveTarget(baseUrl, seed), {
      connections: options.connections,
      duration: options.duration,
    });
    console.log(`\n${report(seed, ui, moves)}`);
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
