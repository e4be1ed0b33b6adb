/**
 * The `review` suite: a change request that edits 500 of a space's 1,000 pages (about 2 MB of markdown), on a main
 * content that moved on meanwhile. In Chromium, on the request's Changes tab: the first diff on screen, every page's
 * diff computed in the worker, and the main thread's long tasks meanwhile (the marks the tab sets itself). On the
 * server: `POST …/update` (a three-way merge of the whole tree) and `POST …/merge`, timed over HTTP. With `--compat`,
 * the same figures against a server in GitBook-compatible mode, beside the normal mode's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type {
  ChangeRequest,
  ChangeRequestMergeResult,
  ChangeRequestUpdateResult,
} from '../shared/contract/resources/changeRequests.ts';
import type { Static } from '@sinclair/typebox';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { startChild, type ServerChild } from './children.ts';
import { positiveInteger } from './options.ts';
import { median } from './report.ts';
import { BODY_READS, report, type ModeFigures, type ServerFigures, type ServerRun } from './review-report.ts';
import { DEFAULT_REVIEW_SIZE, seedReview, type ReviewSeed, type ReviewSpace } from './review-seed.ts';
import { COMPAT_LIMIT, measureUi, startCompatChild, type ReviewMode } from './review-ui.ts';

interface ReviewOptions {
  runs: number;
  build: boolean;
  /** Measure in Chromium too (`--no-ui`: the server half alone). */
  ui: boolean;
  /** Also measure against a server in GitBook-compatible mode. */
  compat: boolean;
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
      compat: { type: 'boolean', default: false },
    },
  });
  return {
    runs: positiveInteger('runs', values.runs),
    build: values.build,
    ui: values.ui,
    compat: values.compat,
  };
}

/** A server child on the seeded database (in `mode`), and a timed call to it (status 200 required). */
async function serverAlone(dataDir: string, token: string, mode: ReviewMode) {
  const server: ServerChild =
    mode === 'compat'
      ? await startCompatChild(dataDir)
      : await startChild(
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
  mode: ReviewMode,
): Promise<ServerFigures> {
  const { call, stop } = await serverAlone(dataDir, seed.token, mode);
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

/** Runs the suite and prints its table; only a broken setup fails it, never a time. */
export async function runReviewBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  if (options.ui && options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-review-'));
  try {
    // Per mode: a request per run updated then merged (the Changes tab is measured on it first) and one merged while
    // outdated; and one more for the server's warm-up (its first update and merge run cold).
    const modes: ReviewMode[] = options.compat ? ['normal', 'compat'] : ['normal'];
    const perMode = 2 * options.runs + 1;
    const spaces = perMode * modes.length;
    console.log(
      `seeding the demo, then ${spaces} spaces of ${DEFAULT_REVIEW_SIZE.chapters * DEFAULT_REVIEW_SIZE.pagesPerChapter} pages, each with a change request…`,
    );
    const started = performance.now();
    const seed = seedReview(dataDir, { ...DEFAULT_REVIEW_SIZE, spaces });
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const figures: ModeFigures[] = [];
    for (const [index, mode] of modes.entries()) {
      const [warmUp, ...rest] = seed.spaces.slice(index * perMode, (index + 1) * perMode);
      const updated = rest.slice(0, options.runs);
      const direct = rest.slice(options.runs);
      let ui: ModeFigures['ui'];
      if (options.ui) {
        console.log(
          `measuring the Changes tab in Chromium, ${mode} mode (${options.runs} run(s), browser mode started for each)…`,
        );
        ui = await measureUi(dataDir, seed, updated, mode);
      }
      console.log(
        `measuring update and merge on the server alone, ${mode} mode (${options.runs} run(s), after a warm-up)…`,
      );
      figures.push({
        ui,
        server: await measureServer(dataDir, seed, { warmUp: warmUp!, updated, direct }, mode),
      });
    }
    console.log(`\n${report(seed, figures[0]!, figures[1], COMPAT_LIMIT)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
