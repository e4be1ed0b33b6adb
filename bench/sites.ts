/**
 * The `sites` suite: the structure editor of a site with 20 groups, 200 sections and 1,000 variants. In Chromium:
 * the editor's first render after the structure arrives, drop to settled for a section moved by mouse, and scrolling
 * every row (groups, sections and variants, all expanded). On the server: `PATCH …/structure/sort` under load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { dragToPlacement } from '../e2e/pages/drag.ts';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import type { LoadResult, Target } from './load.ts';
import { positiveInteger } from './options.ts';
import { waitForMarks } from './page-marks.ts';
import { profiled, sourceMapsWhenProfiling } from './page-profile.ts';
import { median, table } from './report.ts';
import type { ScrollFigures } from './scroll-probe.ts';
import { scrollTable, scrollVerdict } from './scroll-report.ts';
import { seedSites, type SitesSeed } from './sites-seed.ts';
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
import { probeDrop, type FirstRenderWatch } from './ui-probes.ts';

interface SitesOptions {
  groups: number;
  sections: number;
  variants: number;
  runs: number;
  connections: number;
  duration: number;
  build: boolean;
  /** Directory for CPU profiles of the page (`--cpu-prof`): first render, drops, scroll. */
  cpuProf: string | undefined;
}

function parseOptions(args: string[]): SitesOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      groups: { type: 'string', default: '20' },
      sections: { type: 'string', default: '10' },
      variants: { type: 'string', default: '5' },
      runs: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      duration: { type: 'string', default: '10' },
      build: { type: 'boolean', default: true },
      'cpu-prof': { type: 'string' },
    },
  });
  return {
    groups: positiveInteger('groups', values.groups),
    sections: positiveInteger('sections', values.sections),
    variants: positiveInteger('variants', values.variants),
    runs: positiveInteger('runs', values.runs),
    connections: positiveInteger('connections', values.connections),
    duration: positiveInteger('duration', values.duration),
    build: values.build,
    cpuProf: values['cpu-prof'],
  };
}

/** The structure editor's watch: the site's structure, then a row of the editor. */
const EDITOR_WATCH: FirstRenderWatch = {
  paths: '^/v1/orgs/[^/]+/sites/[^/]+/structure$',
  row: '[data-testid="structure-row"]',
};
const EDITOR_TREE = '[data-testid="structure-tree"]';

interface UiFigures {
  /** Per run: structure parsed → first row in the DOM, and → painted. */
  first: { domMs: number; paintMs: number }[];
  /** Per run: mouse up → no move in flight. */
  drops: number[];
  /** Every row (the editor opens with every group and section expanded), scrolled one viewport per frame. */
  scroll: { scroll: ScrollFigures; step: number };
}

async function firstRender(page: Page, url: string): Promise<UiFigures['first'][number]> {
  await page.goto(url);
  await page.locator(EDITOR_WATCH.row).first().waitFor({ timeout: 60_000 });
  // Measured on a reload: the app starts afresh on the editor, as a person reopening it would.
  await page.reload();
  const marks = await waitForMarks(page, 'treeFirst', 'paintedAt', 60_000);
  return { domMs: marks['rowAt']! - marks['dataAt']!, paintMs: marks['paintedAt']! - marks['dataAt']! };
}

/** Drags the second section of the first group before the first one; answers mouse up → settled. */
async function drop(page: Page): Promise<number> {
  const sections = page.locator('[data-testid="structure-row"][data-kind="section"]');
  const first = sections.nth(0);
  const second = sections.nth(1);
  await second.waitFor();
  await page.evaluate(probeDrop, { tree: EDITOR_TREE });
  await dragToPlacement(
    page,
    second,
    first,
    'before',
    page.locator(`[data-testid="structure-drop-indicator"][data-placement="before"]`),
  );
  const marks = await waitForMarks(page, 'treeDrop', 'settledAt', 60_000);
  return marks['settledAt']! - marks['upAt']!;
}

async function measureUi(app: RunningApp, seed: SitesSeed, options: SitesOptions): Promise<UiFigures> {
  const { runs, cpuProf } = options;
  const { browser, context, page } = await openApp(app, EDITOR_WATCH);
  try {
    const url = `${app.origin}/#/p/local/orgs/${seed.orgId}/sites/${seed.siteId}`;
    const first: UiFigures['first'] = [];
    await profiled(page, cpuProf, 'sites-first-render', async () => {
      for (let run = 0; run < runs; run++)
        first.push(await step(page, 'sites', `first render, run ${run + 1}`, () => firstRender(page, url)));
    });
    const drops: number[] = [];
    await profiled(page, cpuProf, 'sites-drops', async () => {
      for (let run = 0; run < runs; run++)
        drops.push(await step(page, 'sites', `drop, run ${run + 1}`, () => drop(page)));
    });
    const scroll = await profiled(page, cpuProf, 'sites-scroll', () =>
      step(page, 'sites', 'scroll', () =>
        scrollThrough(page, { container: EDITOR_TREE, seen: { row: EDITOR_WATCH.row, key: 'data-key' } }),
      ),
    );
    await context.close();
    return { first, drops, scroll };
  } finally {
    await browser.close();
  }
}

/** The sort endpoint under load: each request moves a section before another section of its group. */
function sortTarget(baseUrl: string, seed: SitesSeed): Target {
  let turn = 0;
  return {
    label: 'PATCH …/structure/sort',
    baseUrl,
    headers: { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' },
    next: () => {
      const group = seed.sectionsByGroup[turn % seed.sectionsByGroup.length]!;
      const item = group[(turn * 7) % group.length]!;
      let before = group[(turn * 7 + 3) % group.length]!;
      if (before === item) before = group[(turn * 7 + 1) % group.length]!;
      turn++;
      return {
        method: 'PATCH',
        path: `/v1/orgs/${seed.orgId}/sites/${seed.siteId}/structure/sort`,
        body: JSON.stringify({
          item: { type: 'site-section', id: item },
          position: { before: { type: 'site-section', id: before } },
        }),
      };
    },
  };
}

function report(seed: SitesSeed, ui: UiFigures, sort: LoadResult): string {
  const firstPaint = median(ui.first.map((run) => run.paintMs));
  const drop = median(ui.drops);
  const sections = seed.sectionsByGroup.reduce((sum, group) => sum + group.length, 0);
  const measured = table(
    ['measure', 'runs', 'median'],
    [
      [
        'structure parsed → first row in the DOM',
        runsOf(ui.first.map((r) => r.domMs)),
        ms(median(ui.first.map((r) => r.domMs))),
      ],
      ['structure parsed → first rows painted', runsOf(ui.first.map((r) => r.paintMs)), ms(firstPaint)],
      ['mouse up → move settled (server answered)', runsOf(ui.drops), ms(drop)],
    ],
  );
  const scrolling = scrollTable(ui.scroll.scroll, ui.scroll.step, {
    title: 'scrolling every row of the editor',
    rows: 'rows seen while scrolling',
    reachedEnd: 'reached the end',
  });
  const server = table(LOAD_HEADER, [loadRow('PATCH …/structure/sort', sort)]);
  return [
    `site of ${seed.groupIds.length} groups, ${sections} sections and ${seed.siteSpaceCount} variants`,
    '',
    measured,
    '',
    scrolling,
    '',
    server,
    '',
    'Targets (information only):',
    `  editor first render: ${verdict(firstPaint, 200)}`,
    `  drop to settled: ${verdict(drop, 100)}`,
    `  no dropped frames while scrolling: ${scrollVerdict(ui.scroll.scroll)}`,
  ].join('\n');
}

/** Runs the suite and prints its tables; only a broken setup fails it, never a time. */
export async function runSitesBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  sourceMapsWhenProfiling(options.cpuProf);
  if (options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-sites-'));
  let app: RunningApp | undefined;
  try {
    console.log(
      `seeding the demo, then a site of ${options.groups} groups × ${options.sections} sections × ${options.variants} variants…`,
    );
    const seed = seedSites(dataDir, {
      groups: options.groups,
      sections: options.sections,
      variants: options.variants,
    });
    app = await launchApp({ dataDir });
    console.log(`measuring in Chromium (${options.runs} runs each)…`);
    const ui = await measureUi(app, seed, options);
    await app.stop();
    app = undefined;
    const sort = await loadServerAlone(dataDir, (baseUrl) => sortTarget(baseUrl, seed), {
      connections: options.connections,
      duration: options.duration,
    });
    console.log(`\n${report(seed, ui, sort)}`);
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
