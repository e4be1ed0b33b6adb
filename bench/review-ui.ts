/**
 * The Changes tab of the `review` suite in Chromium: one load per run, each in its own browser-mode launch, on the
 * sandbox profile (our API, which reads bodies 100 at a time) or, in compat mode, on a session-only profile of a
 * server in `--compat gitbook` mode on the same database (GitBook's operations only: bodies read page by page).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { callBridge, openSession } from '../e2e/support/http.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { startChild, type ServerChild } from './children.ts';
import { waitForMarks, waitForPerformanceEntries } from './page-marks.ts';
import type { ReviewSeed, ReviewSpace } from './review-seed.ts';
import { openApp, settle, step } from './screen-bench.ts';
import { probeLongTasks, type FirstRenderWatch, type LongTask } from './ui-probes.ts';

/** The API the tab reads: our own (the sandbox) or a GitBook-compatible one. */
export type ReviewMode = 'normal' | 'compat';

/** The marks and measures the Changes tab sets (`renderer/src/screens/change-requests/`). */
const MARKS = {
  data: 'review:changes-data',
  firstDiff: 'review:first-diff',
  commentsPlaced: 'review:comments-placed',
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

/** Where the Changes tab of a seeded request is, on a profile. */
const changesUrl = (app: RunningApp, seed: ReviewSeed, space: ReviewSpace, profileId: string) =>
  `${app.origin}/#/p/${profileId}/orgs/${seed.orgId}/spaces/${space.spaceId}/change-requests/${space.changeRequestId}?tab=changes`;

/** One load of the Changes tab, in performance.now() terms (from the start of the navigation). */
export interface UiRun {
  /** Both page trees parsed by the app (the first-render probe). */
  treesAt: number;
  /** The first row of the changed pages painted (the first-render probe). */
  rowsPaintedAt: number;
  dataAt: number;
  firstDiffAt: number;
  /** The diff and the page's block comments drawn together (`review:comments-placed`). */
  commentsPlacedAt: number;
  /** Block comments on screen at their blocks (the seed's first-page comments, checked). */
  blockComments: number;
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

async function loadChanges(
  page: Page,
  url: string,
  changedPages: number,
  /** Block comments the page must show at their blocks; undefined in compat mode (see below). */
  firstPageComments: number | undefined,
): Promise<UiRun> {
  // A new document, not a change of the hash in the one open since the launch (the app drops the launch secret from
  // its URL): performance.now() counts from this navigation, and the long-task probe is installed before the app.
  await page.goto('about:blank');
  await page.goto(url);
  const entries = await waitForPerformanceEntries(page, Object.values(MARKS), 180_000);
  const first = await waitForMarks(page, 'treeFirst', 'paintedAt');
  // Every comment of the page on screen is drawn at its block (the seed's, one per block from the first).
  const blockComments = await page.getByTestId('block-comment').count();
  if (firstPageComments !== undefined && blockComments !== firstPageComments)
    throw new Error(
      `the page shows ${blockComments} block comments, not the ${firstPageComments} seeded on it`,
    );
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
    commentsPlacedAt: entries[MARKS.commentsPlaced]!.startTime,
    blockComments,
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
 * would be answered 429 and measure an incomplete batch. In compat mode the profile points at a compat server child
 * on the same database, started for the run.
 */
export async function measureUi(
  dataDir: string,
  seed: ReviewSeed,
  spaces: ReviewSpace[],
  mode: ReviewMode,
): Promise<UiRun[]> {
  const runs: UiRun[] = [];
  for (const [index, space] of spaces.entries()) {
    const app = await launchApp({ dataDir, startTimeoutMs: 90_000 });
    let compat: ServerChild | undefined;
    try {
      let profileId = 'local';
      if (mode === 'compat') {
        compat = await startCompatChild(dataDir);
        profileId = await addSessionProfile(
          app,
          compat.baseUrl,
          seed.token,
          `GitBook-compatible ${index + 1}`,
        );
      }
      const { browser, context, page } = await openApp(app, CHANGES_WATCH);
      try {
        // The Overview the app opened on checks outdated requests' merges in the background: the load is measured
        // once they are answered, not while the server still computes them (`settle`).
        if (!(await settle(page))) throw new Error('the Overview was still reading after 30 s');
        await context.addInitScript(probeLongTasks);
        runs.push(
          await step(page, 'review', `Changes tab (${mode}), run ${index + 1}`, () =>
            loadChanges(
              page,
              changesUrl(app, seed, space, profileId),
              seed.changedPages,
              // Block anchors are our extension: against a GitBook-compatible API the app lists the page's
              // comments beside it, not at blocks.
              mode === 'normal' ? space.firstPageComments : undefined,
            ),
          ),
        );
        await context.close();
      } finally {
        await browser.close();
      }
    } finally {
      await compat?.stop();
      await app.stop();
    }
  }
  return runs;
}

/**
 * A server in GitBook-compatible mode on the seeded database. Its limit is GitBook's window of a minute with room for
 * one load (about 1,020 requests): at GitBook's own 60 a minute the 1,000 body reads would take 17 minutes, paced.
 */
export function startCompatChild(dataDir: string): Promise<ServerChild> {
  return startChild(
    join(import.meta.dirname, 'serve-child.ts'),
    [join(dataDir, 'sandbox'), '--compat', '--rate-limit', String(COMPAT_LIMIT)],
    [...SERVER_NODE_FLAGS],
  );
}

/** Requests a minute the compat server allows in the benchmark. */
export const COMPAT_LIMIT = 6000;

/**
 * Adds a session-only profile for `baseUrl` through the bridge, as the Profiles screen does; answers its id. (The
 * data folder keeps it for the next runs' launches, without its token: each run adds its own.)
 */
async function addSessionProfile(
  app: RunningApp,
  baseUrl: string,
  token: string,
  name: string,
): Promise<string> {
  const session = await openSession(app.url);
  const added = await callBridge(session, 'profiles.add', {
    name,
    baseUrl,
    token,
    sessionOnly: true,
  });
  if (!added.ok) throw new Error(`profiles.add: ${added.error.message}`);
  return added.value.id;
}
