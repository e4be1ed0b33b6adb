/**
 * The `review` suite: a change request that edits 500 of a space's 1,000 pages (about 2 MB of markdown), on a main
 * content that moved on meanwhile. In Chromium, on the request's Changes tab: the first diff on screen, every page's
 * diff computed in the worker, and the main thread's long tasks meanwhile (the marks the tab sets itself). On the
 * server: `POST …/update` (a three-way merge of the whole tree) and `POST …/merge`, timed over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type {
  ChangeRequest,
  ChangeRequestMergeResult,
  ChangeRequestUpdateResult,
} from '../shared/contract/resources/changeRequests.ts';
import type { Static } from '@sinclair/typebox';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { startChild } from './children.ts';
import { positiveInteger } from './options.ts';
import { waitForMarks, waitForPerformanceEntries } from './page-marks.ts';
import { median, table } from './report.ts';
import { DEFAULT_REVIEW_SIZE, seedReview, type ReviewSeed, type ReviewSpace } from './review-seed.ts';
import { ms, openApp, step } from './screen-bench.ts';
import { probeLongTasks, type FirstRenderWatch, type LongTask } from './ui-probes.ts';

interface ReviewOptions {
  runs: number;
  build: boolean;
  /** Measure in Chromium too (`--no-ui`: the server half alone). */
  ui: boolean;
}

function parseOptions(args: string[]): ReviewOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      runs: { type: 'string', default: '3' },
      build: { type: 'boolean', default: true },
      ui: { type: 'boolean', default: true },
    },
  });
  return { runs: positiveInteger('runs', values.runs), build: values.build, ui: values.ui };
}

/** The marks and measures the Changes tab sets (`renderer/src/screens/change-requests/`). */
const MARKS = {
  data: 'review:changes-data',
  firstDiff: 'review:first-diff',
  allDiffs: 'review:all-diffs',
  worker: 'review:all-diffs-worker',
} as const;

/**
 * The first-render probe: when the app has parsed both page trees (the request's and its base revision's), and
 * when the first row of the changed-pages tree is in the DOM, then painted. It shows where `review:changes-data`
 * falls between the data and the first rows.
 */
const CHANGES_WATCH: FirstRenderWatch = {
  paths: '^/v1/spaces/[^/]+/(change-requests/[^/]+/content|revisions/[^/]+)/pages$',
  row: '[data-testid="review-row"]',
};

/** Where the Changes tab of a seeded request is. */
const changesUrl = (app: RunningApp, seed: ReviewSeed, space: ReviewSpace) =>
  `${app.origin}/#/p/local/orgs/${seed.orgId}/spaces/${space.spaceId}/change-requests/${space.changeRequestId}?tab=changes`;

/** One load of the Changes tab, in performance.now() terms (from the start of the navigation). */
interface UiRun {
  /** Both page trees parsed by the app (the first-render probe). */
  treesAt: number;
  /** The first row of the changed pages painted (the first-render probe). */
  rowsPaintedAt: number;
  dataAt: number;
  firstDiffAt: number;
  /** Batch posted to the worker → all results back. */
  allDiffsMs: number;
  allDiffsEnd: number;
  /** The worker's own compute time for the batch. */
  workerMs: number;
  /** Main-thread tasks over 50 ms from the changes data to the end of the diffs. */
  longest: number;
  longTasks: number;
  /** Every long task of the load (app start included): start after the changes data, duration, and whether counted. */
  tasks: { afterDataMs: number; durationMs: number; counted: boolean }[];
}

async function loadChanges(page: Page, url: string, changedPages: number): Promise<UiRun> {
  // A new document, not a change of the hash in the one open since the launch (the app drops the launch secret from
  // its URL): performance.now() counts from this navigation, and the long-task probe is installed before the app.
  await page.goto('about:blank');
  await page.goto(url);
  const entries = await waitForPerformanceEntries(page, Object.values(MARKS), 180_000);
  const first = await waitForMarks(page, 'treeFirst', 'paintedAt');
  // The batch must have held every changed page: the tab counts them, and shows its progress until all are in.
  const changed = (await page.getByTestId('review-changed-count').textContent()) ?? '';
  if (!changed.startsWith(`${changedPages} changed`))
    throw new Error(`the tab shows "${changed}", not ${changedPages} changed pages`);
  const progress = page.getByTestId('review-progress');
  await progress.waitFor({ state: 'detached', timeout: 5_000 }).catch(async () => {
    throw new Error(`not every changed page was diffed: "${await progress.textContent()}"`);
  });
  // Long-task entries are delivered a little after the task: let the observer catch up.
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (globalThis as unknown as { longTasks?: LongTask[] }).longTasks);
  if (tasks === undefined) throw new Error('the long-task probe is not installed in the page');
  const all = entries[MARKS.allDiffs]!;
  const from = entries[MARKS.data]!.startTime;
  const to = all.startTime + all.duration;
  const during = tasks.filter((task) => task.startTime + task.duration > from && task.startTime < to);
  return {
    treesAt: first['dataAt']!,
    rowsPaintedAt: first['paintedAt']!,
    dataAt: from,
    firstDiffAt: entries[MARKS.firstDiff]!.startTime,
    allDiffsMs: all.duration,
    allDiffsEnd: to,
    workerMs: entries[MARKS.worker]!.duration,
    longest: Math.max(0, ...during.map((task) => task.duration)),
    longTasks: during.length,
    tasks: tasks.map((task) => ({
      afterDataMs: task.startTime - from,
      durationMs: task.duration,
      counted: during.includes(task),
    })),
  };
}

/**
 * Each run in a new browser-mode launch (its sandbox server starts afresh): one load of the tab reads about 1,000
 * bodies, most of the sandbox's rate limit (1,200 requests a minute per token), so a second load within the minute
 * would be answered 429 and measure an incomplete batch.
 */
async function measureUi(dataDir: string, seed: ReviewSeed, spaces: ReviewSpace[]): Promise<UiRun[]> {
  const runs: UiRun[] = [];
  for (const [index, space] of spaces.entries()) {
    const app = await launchApp({ dataDir });
    try {
      const { browser, context, page } = await openApp(app, CHANGES_WATCH);
      try {
        await context.addInitScript(probeLongTasks);
        runs.push(
          await step(page, 'review', `Changes tab, run ${index + 1}`, () =>
            loadChanges(page, changesUrl(app, seed, space), seed.changedPages),
          ),
        );
        await context.close();
      } finally {
        await browser.close();
      }
    } finally {
      await app.stop();
    }
  }
  return runs;
}

/** Round trips to the server alone, per request updated then merged: a read of the request, its update, its merge. */
interface ServerRun {
  getMs: number;
  /** One changed page's markdown read from the request (median of `BODY_READS` reads). */
  bodyMs: number;
  updateMs: number;
  /** The merge after the update: the merge base is the space's revision, so the result is the request's tree. */
  mergeMs: number;
}

/** What the server half measures, on which seeded requests. */
interface ServerFigures {
  /** The first update and merge of the server process (cold), not counted. */
  warmUp: ServerRun;
  updated: ServerRun[];
  /** Merges of outdated requests without an update first: the three-way merge happens in the merge. */
  direct: number[];
}

/** A server child on the seeded database, and a timed call to it (status 200 required). */
async function serverAlone(dataDir: string, token: string) {
  const server = await startChild(
    join(import.meta.dirname, 'serve-child.ts'),
    [join(dataDir, 'sandbox')],
    [...SERVER_NODE_FLAGS],
  );
  const call = async <T>(method: 'GET' | 'POST', path: string): Promise<{ ms: number; body: T }> => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return { ms: elapsed, body: JSON.parse(text) as T };
  };
  return { call, stop: () => server.stop() };
}

type Call = Awaited<ReturnType<typeof serverAlone>>['call'];
type UpdateAnswer = Static<typeof ChangeRequestUpdateResult>;
type MergeAnswer = Static<typeof ChangeRequestMergeResult>;

const requestPath = (space: ReviewSpace) =>
  `/v1/spaces/${space.spaceId}/change-requests/${space.changeRequestId}`;

/** Reads a seeded request, checking that it is outdated (so that its update or merge is a three-way merge). */
async function readOutdated(call: Call, space: ReviewSpace) {
  const read = await call<ChangeRequest>('GET', requestPath(space));
  if (!read.body.outdated)
    throw new Error(`change request ${requestPath(space)} is not outdated: no three-way merge to time`);
  return read;
}

/** How many bodies each run reads, one at a time, for the body-read figure. */
const BODY_READS = 20;

async function updateThenMerge(call: Call, space: ReviewSpace): Promise<ServerRun> {
  const path = requestPath(space);
  const before = await readOutdated(call, space);
  const reads: number[] = [];
  for (const pageId of space.changedPageIds.slice(0, BODY_READS))
    reads.push((await call('GET', `${path}/content/page/${pageId}?format=markdown`)).ms);
  const update = await call<UpdateAnswer>('POST', `${path}/update`);
  if (update.body.revision === before.body.revision)
    throw new Error(`${path}/update kept the head revision: no three-way merge happened`);
  const merge = await call<MergeAnswer>('POST', `${path}/merge`);
  return { getMs: before.ms, bodyMs: median(reads), updateMs: update.ms, mergeMs: merge.ms };
}

async function measureServer(
  dataDir: string,
  seed: ReviewSeed,
  spaces: { warmUp: ReviewSpace; updated: ReviewSpace[]; direct: ReviewSpace[] },
): Promise<ServerFigures> {
  const { call, stop } = await serverAlone(dataDir, seed.token);
  try {
    const warmUp = await updateThenMerge(call, spaces.warmUp);
    const updated: ServerRun[] = [];
    for (const space of spaces.updated) updated.push(await updateThenMerge(call, space));
    const direct: number[] = [];
    for (const space of spaces.direct) {
      await readOutdated(call, space);
      direct.push((await call<MergeAnswer>('POST', `${requestPath(space)}/merge`)).ms);
    }
    return { warmUp, updated, direct };
  } finally {
    await stop();
  }
}

/** A time relative to the changes data, signed ("+120 ms", "−30 ms": a task that began before it). */
const offset = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/**
 * A row of the figures table: the runs, their median, and the target with "met" / "not met" when there is one,
 * judged on the median, or on the worst run for a target that every run must meet (`worst`).
 */
function row(
  label: string,
  values: number[],
  target?: number,
  options: { format?: (value: number) => string; targetText?: string; worst?: boolean } = {},
): string[] {
  const format = options.format ?? ms;
  const value = median(values);
  const judged = options.worst ? Math.max(...values) : value;
  return [
    label,
    values.map(format).join(', '),
    format(value),
    options.targetText ??
      (target === undefined ? '' : `< ${format(target)}${options.worst ? ', every run' : ''}`),
    target === undefined ? '' : judged < target ? 'met' : 'not met',
  ];
}

function report(seed: ReviewSeed, ui: UiRun[] | undefined, server: ServerFigures): string {
  const rows: string[][] = [
    row(
      'POST …/update (three-way merge)',
      server.updated.map((r) => r.updateMs),
      300,
    ),
    row(
      'POST …/merge after the update (up to date)',
      server.updated.map((r) => r.mergeMs),
      300,
    ),
    row('POST …/merge of an outdated request (three-way merge)', server.direct, 300),
    row(
      'GET …/change-requests/{id} (a small read, for scale)',
      server.updated.map((r) => r.getMs),
    ),
    row(
      `GET …/content/page/{id}?format=markdown (one body; median of ${BODY_READS})`,
      server.updated.map((r) => r.bodyMs),
    ),
  ];
  if (ui !== undefined) {
    const count = (value: number) => String(value);
    rows.push(
      row(
        'changes data → first diff on screen',
        ui.map((r) => r.firstDiffAt - r.dataAt),
        200,
      ),
      row(
        'trees parsed → `review:changes-data` (changed pages classified)',
        ui.map((r) => r.dataAt - r.treesAt),
      ),
      row(
        'trees parsed → changed-pages tree painted',
        ui.map((r) => r.rowsPaintedAt - r.treesAt),
      ),
      row(
        'trees parsed → first diff on screen',
        ui.map((r) => r.firstDiffAt - r.treesAt),
      ),
      row(
        'navigation → changes data',
        ui.map((r) => r.dataAt),
      ),
      row(
        'navigation → first diff on screen',
        ui.map((r) => r.firstDiffAt),
      ),
      row(
        'all diffs: batch posted → all results',
        ui.map((r) => r.allDiffsMs),
        1000,
      ),
      row(
        'all diffs: worker compute',
        ui.map((r) => r.workerMs),
      ),
      row(
        'changes data → all diffs done (bodies read too)',
        ui.map((r) => r.allDiffsEnd - r.dataAt),
      ),
      row(
        'longest main-thread task meanwhile (over 50 ms)',
        ui.map((r) => r.longest),
        50,
        { worst: true, format: (value) => (value === 0 ? 'none' : ms(value)), targetText: 'none, every run' },
      ),
      row(
        'main-thread tasks over 50 ms meanwhile',
        ui.map((r) => r.longTasks),
        1,
        { worst: true, format: count, targetText: 'none, every run' },
      ),
    );
  }
  const figures = table(['measure', 'runs', 'median', 'target', 'status'], rows);
  const workerRate =
    ui === undefined
      ? ''
      : ` (worker: ${mb((seed.changedHeadBytes + seed.changedBaseBytes) / (median(ui.map((r) => r.workerMs)) / 1000))}/s)`;
  return [
    `per run: a space of ${seed.pages} pages; its change request edits ${seed.changedPages} of them ` +
      `(${mb(seed.changedHeadBytes)} of markdown on the request side, ${mb(seed.changedBaseBytes)} on the base side)${workerRate};`,
    `main edited ${seed.mainChangedPages} other pages since, so the request is outdated: its update, or its merge without an update, is a`,
    `three-way merge. ${server.updated.length} run(s), each on its own space and request; medians. Server figures are round trips over`,
    `localhost HTTP (keep-alive) to the server alone, after a warm-up pair (update ${ms(server.warmUp.updateMs)}, merge ${ms(server.warmUp.mergeMs)}, not counted).`,
    '',
    figures,
    ...(ui === undefined
      ? []
      : [
          '',
          'Each load, relative to `review:changes-data`: the first diff, the diff batch (posted → done), and every',
          'main-thread task over 50 ms of the whole load (start: duration; * = counted above, overlapping data → diffs done):',
          ...ui.map(
            (run, index) =>
              `  run ${index + 1}: first diff ${offset(run.firstDiffAt - run.dataAt)}, batch ${offset(
                run.allDiffsEnd - run.allDiffsMs - run.dataAt,
              )} → ${offset(run.allDiffsEnd - run.dataAt)}; long tasks: ${
                run.tasks.length === 0
                  ? 'none'
                  : run.tasks
                      .map(
                        (task) =>
                          `${offset(task.afterDataMs)}: ${ms(task.durationMs)}${task.counted ? ' *' : ''}`,
                      )
                      .join(', ')
              }`,
          ),
        ]),
    ...(ui === undefined ? ['', 'Chromium not measured (--no-ui).'] : []),
  ].join('\n');
}

/** Runs the suite and prints its table; only a broken setup fails it, never a time. */
export async function runReviewBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  if (options.ui && options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-review-'));
  try {
    // Per run, a request updated then merged (the Changes tab is measured on it first) and one merged while
    // outdated; and one more for the server's warm-up (its first update and merge run cold).
    const spaces = 2 * options.runs + 1;
    console.log(
      `seeding the demo, then ${spaces} spaces of ${DEFAULT_REVIEW_SIZE.chapters * DEFAULT_REVIEW_SIZE.pagesPerChapter} pages, each with a change request…`,
    );
    const started = performance.now();
    const seed = seedReview(dataDir, { ...DEFAULT_REVIEW_SIZE, spaces });
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [warmUp, ...rest] = seed.spaces;
    const updated = rest.slice(0, options.runs);
    const direct = rest.slice(options.runs);
    let ui: UiRun[] | undefined;
    if (options.ui) {
      console.log(
        `measuring the Changes tab in Chromium (${options.runs} run(s), browser mode started for each)…`,
      );
      ui = await measureUi(dataDir, seed, updated);
    }
    console.log(`measuring update and merge on the server alone (${options.runs} run(s), after a warm-up)…`);
    const server = await measureServer(dataDir, seed, { warmUp: warmUp!, updated, direct });
    console.log(`\n${report(seed, ui, server)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
