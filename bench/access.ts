/**
 * The `access` suite: 100,000 audit events and 10,000 spaces in "Acme Docs", in Chromium: the audit log's first
 * rows after its data arrives (target < 150 ms) and an action filter applied (< 200 ms); "Inspect access" of one
 * member over every space, collection and site (< 500 ms from its first request to every item shown), with the
 * server's own time beside it (the handler run in-process over the same database, every page).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import { listAccess } from '../server/domain/inspect/handlers.ts';
import { memberSubjectIn } from '../server/domain/inspect/subject.ts';
import { openDatabase } from '../server/storage/database.ts';
import { SqliteStore } from '../server/storage/store/sqlite-store.ts';
import { probeAccessPages, probeAuditFilter, type InspectMarks } from './access-probes.ts';
import { seedAccess, type AccessSeed } from './access-seed.ts';
import { positiveInteger } from './options.ts';
import { waitForMarks } from './page-marks.ts';
import { ms, runsOf, verdict } from './screen-bench.ts';
import { median, table } from './report.ts';

interface AccessOptions {
  spaces: number;
  events: number;
  runs: number;
  build: boolean;
}

function parseOptions(args: string[]): AccessOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      spaces: { type: 'string', default: '10000' },
      events: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '3' },
      build: { type: 'boolean', default: true },
    },
  });
  return {
    spaces: positiveInteger('spaces', values.spaces),
    events: positiveInteger('events', values.events),
    runs: positiveInteger('runs', values.runs),
    build: values.build,
  };
}

interface Figures {
  auditFirst: number[];
  auditPaint: number[];
  filters: number[];
  inspectAll: number[];
  inspectFirstRows: number[];
  inspectRoundTrips: number[];
  inspectPages: number[];
  items: number;
  server: number[];
}

async function auditFirstRows(page: Page, url: string): Promise<{ dom: number; paint: number }> {
  await page.goto(url);
  await page.reload();
  await page.getByTestId('audit-row').first().waitFor({ timeout: 30_000 });
  const marks = await waitForMarks(page, 'auditFirst', 'paintedAt');
  return { dom: marks['rowAt']! - marks['dataAt']!, paint: marks['paintedAt']! - marks['dataAt']! };
}

async function auditFilter(page: Page, url: string, seed: AccessSeed): Promise<number> {
  // A fresh page each run: a filter asked before would answer from the app's cache.
  await page.goto(url);
  await page.reload();
  await page.getByTestId('audit-row').first().waitFor({ timeout: 30_000 });
  const select = page.getByTestId('audit-filter-action');
  await page.evaluate(probeAuditFilter, { action: seed.filterAction });
  await select.selectOption({ label: seed.filterActionLabel });
  const marks = await waitForMarks(page, 'auditFilter', 'appliedAt');
  return marks['appliedAt']! - marks['changeAt']!;
}

async function inspect(page: Page, url: string): Promise<InspectMarks & { items: number }> {
  await page.goto(url);
  await page.reload();
  const marks = (await waitForMarks(page, 'inspectAccess', 'allAt', 60_000)) as InspectMarks;
  const count = await page.getByTestId('access-count').innerText();
  return { ...marks, items: Number(/\d+/.exec(count)?.[0] ?? 0) };
}

async function measure(app: RunningApp, seed: AccessSeed, runs: number): Promise<Omit<Figures, 'server'>> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(probeAccessPages);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('sidebar').waitFor({ timeout: 30_000 });
    await page.waitForURL(/#\/p\/[^/]+\/orgs\/[^/]+/, { timeout: 30_000 });
    const base = `${app.origin}/#/p/local/orgs/${seed.orgId}`;
    const figures: Omit<Figures, 'server'> = {
      auditFirst: [],
      auditPaint: [],
      filters: [],
      inspectAll: [],
      inspectFirstRows: [],
      inspectRoundTrips: [],
      inspectPages: [],
      items: 0,
    };
    for (let run = 0; run < runs; run++) {
      const first = await auditFirstRows(page, `${base}/audit`);
      figures.auditFirst.push(first.dom);
      figures.auditPaint.push(first.paint);
    }
    for (let run = 0; run < runs; run++) figures.filters.push(await auditFilter(page, `${base}/audit`, seed));
    for (let run = 0; run < runs; run++) {
      const marks = await inspect(page, `${base}/access?member=${seed.userId}`);
      figures.inspectAll.push(marks.allAt! - marks.requestAt!);
      figures.inspectFirstRows.push(marks.rowAt! - marks.firstDataAt!);
      figures.inspectRoundTrips.push(marks.roundTripsMs ?? 0);
      figures.inspectPages.push(marks.pages ?? 0);
      figures.items = marks.items;
    }
    await context.close();
    return figures;
  } finally {
    await browser.close();
  }
}

/** The server's work alone: every page of what the member reaches (as the screen asks them), in-process. */
async function serverTimes(dataDir: string, seed: AccessSeed, runs: number): Promise<number[]> {
  const db = openDatabase(join(dataDir, 'sandbox'));
  const store = new SqliteStore(db);
  try {
    const times: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      let page: string | undefined;
      do {
        const subject = await memberSubjectIn(store, seed.orgId, seed.userId);
        const answer = await listAccess(store, seed.orgId, subject, {
          limit: 2000,
          reach: 'reached',
          ...(page !== undefined ? { page } : {}),
        });
        page = answer.next?.page;
      } while (page !== undefined);
      // The first pass warms the statements; it is left out.
      if (run > 0) times.push(performance.now() - started);
    }
    return times;
  } finally {
    db.close();
  }
}

function report(f: Figures, seed: AccessSeed): string {
  const rows = [
    ['audit: data → first row in the DOM', runsOf(f.auditFirst), verdict(Math.max(...f.auditFirst), 150)],
    ['audit: data → first rows painted', runsOf(f.auditPaint), verdict(Math.max(...f.auditPaint), 150)],
    ['audit: action filter → only its rows shown', runsOf(f.filters), verdict(Math.max(...f.filters), 200)],
    [
      'inspect: first request → every item shown',
      runsOf(f.inspectAll),
      verdict(Math.max(...f.inspectAll), 500),
    ],
    ['inspect: first page → first row in the DOM', runsOf(f.inspectFirstRows), ''],
    [
      'inspect: sum of the pages’ round trips (page)',
      runsOf(f.inspectRoundTrips),
      `${f.inspectPages.join(', ')} pages`,
    ],
    ['inspect: server handler alone, every page', runsOf(f.server), `median ${ms(median(f.server))}`],
  ];
  return [
    `Acme Docs: ${seed.spaceCount} spaces, ${seed.eventCount} audit events; member inspected: ${f.items} items listed`,
    table(['measurement', 'runs', 'worst run against its target'], rows),
  ].join('\n');
}

/** Runs the suite and prints its table; only a broken setup fails it, never a time. */
export async function runAccessBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  if (options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-access-'));
  let app: RunningApp | undefined;
  try {
    console.log(
      `seeding the demo, ${options.spaces} spaces and ${options.events} audit events in Acme Docs…`,
    );
    const seed = seedAccess(dataDir, { spaces: options.spaces, events: options.events });
    app = await launchApp({ dataDir });
    console.log(`measuring in Chromium (${options.runs} runs each)…`);
    const figures = await measure(app, seed, options.runs);
    await app.stop();
    app = undefined;
    const server = await serverTimes(dataDir, seed, options.runs);
    console.log(report({ ...figures, server }, seed));
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
