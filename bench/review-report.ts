/**
 * The figures table of the `review` suite: each measure's runs and median in the normal mode and, with `--compat`,
 * beside them in GitBook-compatible mode, with its target judged per mode.
 */
import { median, table } from './report.ts';
import type { ReviewSeed } from './review-seed.ts';
import type { UiRun } from './review-ui.ts';
import { ms } from './screen-bench.ts';

/** Round trips to the server alone, per request updated then merged: a read of the request, its update, its merge. */
export interface ServerRun {
  getMs: number;
  /** One changed page's markdown read from the request (median of `BODY_READS` reads). */
  bodyMs: number;
  updateMs: number;
  /** The merge after the update: the merge base is the space's revision, so the result is the request's tree. */
  mergeMs: number;
}

/** What the server half measures, on which seeded requests. */
export interface ServerFigures {
  /** The first update and merge of the server process (cold), not counted. */
  warmUp: ServerRun;
  updated: ServerRun[];
  /** Merges of outdated requests without an update first: the three-way merge happens in the merge. */
  direct: number[];
}

/** The figures of one mode. */
export interface ModeFigures {
  ui: UiRun[] | undefined;
  server: ServerFigures;
}

/** How many bodies each server run reads, one at a time, for the body-read figure. */
export const BODY_READS = 20;

/** A time relative to the changes data, signed ("+120 ms", "−30 ms": a task that began before it). */
const offset = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

interface Measure {
  label: string;
  values: (figures: ModeFigures) => number[] | undefined;
  /** The target per mode (compat defaults to the normal one). */
  target?: number;
  compatTarget?: number;
  format?: (value: number) => string;
  targetText?: string;
  /** Judged on the worst run instead of the median. */
  worst?: boolean;
}

/** One row: per mode its runs and median, then the target and, per mode, met or not. */
function row(measure: Measure, modes: ModeFigures[]): string[] {
  const format = measure.format ?? ms;
  const cells: string[] = [measure.label];
  const verdicts: string[] = [];
  modes.forEach((figures, index) => {
    const values = measure.values(figures);
    if (values === undefined || values.length === 0) {
      cells.push('', '');
      return;
    }
    const value = median(values);
    cells.push(values.map(format).join(', '), format(value));
    const target = index === 0 ? measure.target : (measure.compatTarget ?? measure.target);
    if (target === undefined) return;
    const judged = measure.worst ? Math.max(...values) : value;
    verdicts.push(judged < target ? 'met' : 'not met');
  });
  const targets = [measure.target, ...(modes.length > 1 ? [measure.compatTarget ?? measure.target] : [])];
  const targetText =
    measure.targetText ??
    (measure.target === undefined
      ? ''
      : [...new Set(targets.map((t) => `< ${format(t!)}`))].join(' / ') +
        (measure.worst ? ', every run' : ''));
  cells.push(targetText, verdicts.join(' / '));
  return cells;
}

const uiOf = (pick: (run: UiRun) => number) => (figures: ModeFigures) => figures.ui?.map(pick);

const MEASURES: Measure[] = [
  {
    label: 'POST …/update (three-way merge)',
    values: (f) => f.server.updated.map((r) => r.updateMs),
    target: 300,
  },
  {
    label: 'POST …/merge after the update (up to date)',
    values: (f) => f.server.updated.map((r) => r.mergeMs),
    target: 300,
  },
  {
    label: 'POST …/merge of an outdated request (three-way merge)',
    values: (f) => f.server.direct,
    target: 300,
  },
  {
    label: 'GET …/change-requests/{id} (a small read, for scale)',
    values: (f) => f.server.updated.map((r) => r.getMs),
  },
  {
    label: `GET …/content/page/{id}?format=markdown (one body; median of ${BODY_READS})`,
    values: (f) => f.server.updated.map((r) => r.bodyMs),
  },
  {
    label: 'changes data → first diff on screen',
    values: uiOf((r) => r.firstDiffAt - r.dataAt),
    target: 200,
    compatTarget: 300,
  },
  {
    label: "first diff → the page's block comments placed at their blocks",
    values: uiOf((r) => Math.max(0, r.commentsPlacedAt - r.firstDiffAt)),
    target: 100,
  },
  {
    label: 'trees parsed → `review:changes-data` (changed pages classified)',
    values: uiOf((r) => r.dataAt - r.treesAt),
  },
  { label: 'trees parsed → changed-pages tree painted', values: uiOf((r) => r.rowsPaintedAt - r.treesAt) },
  { label: 'trees parsed → first diff on screen', values: uiOf((r) => r.firstDiffAt - r.treesAt) },
  { label: 'navigation → changes data', values: uiOf((r) => r.dataAt) },
  { label: 'navigation → first diff on screen', values: uiOf((r) => r.firstDiffAt), target: 400 },
  { label: 'all diffs: batch posted → all results', values: uiOf((r) => r.allDiffsMs), target: 1000 },
  { label: 'all diffs: worker compute', values: uiOf((r) => r.workerMs) },
  { label: 'changes data → all diffs done (bodies read too)', values: uiOf((r) => r.allDiffsEnd - r.dataAt) },
  {
    label: 'longest main-thread task meanwhile (over 50 ms)',
    values: uiOf((r) => r.longest),
    target: 50,
    worst: true,
    format: (value) => (value === 0 ? 'none' : ms(value)),
    targetText: 'none, every run',
  },
  {
    label: 'longest main-thread task of the whole load (over 50 ms)',
    values: uiOf((r) => Math.max(0, ...r.tasks.map((task) => task.durationMs))),
    target: 50,
    worst: true,
    format: (value) => (value === 0 ? 'none' : ms(value)),
    targetText: 'none, every run',
  },
  {
    label: 'main-thread tasks over 50 ms meanwhile',
    values: uiOf((r) => r.longTasks),
    target: 1,
    worst: true,
    format: String,
    targetText: 'none, every run',
  },
];

/** Each load's long tasks against the changes data, for one mode. */
function timeline(name: string, ui: UiRun[]): string[] {
  return ui.map(
    (run, index) =>
      `  ${name} run ${index + 1}: first diff ${offset(run.firstDiffAt - run.dataAt)}, batch ${offset(
        run.allDiffsEnd - run.allDiffsMs - run.dataAt,
      )} → ${offset(run.allDiffsEnd - run.dataAt)}; long tasks: ${
        run.tasks.length === 0
          ? 'none'
          : run.tasks
              .map((task) => `${offset(task.afterDataMs)}: ${ms(task.durationMs)}${task.counted ? ' *' : ''}`)
              .join(', ')
      }`,
  );
}

/** The report of the suite. */
export function report(
  seed: ReviewSeed,
  normal: ModeFigures,
  compat: ModeFigures | undefined,
  compatLimit: number,
): string {
  const modes = compat === undefined ? [normal] : [normal, compat];
  const shown = MEASURES.filter((measure) =>
    modes.some((figures) => (measure.values(figures)?.length ?? 0) > 0),
  );
  const header =
    compat === undefined
      ? ['measure', 'runs', 'median', 'target', 'status']
      : ['measure', 'normal: runs', 'median', 'compat: runs', 'median', 'target', 'status (normal / compat)'];
  const figures = table(
    header,
    shown.map((measure) => row(measure, modes)),
  );
  const workerMs = normal.ui === undefined ? undefined : median(normal.ui.map((r) => r.workerMs));
  const workerRate =
    workerMs === undefined
      ? ''
      : ` (worker: ${mb((seed.changedHeadBytes + seed.changedBaseBytes) / (workerMs / 1000))}/s)`;
  return [
    `per run: a space of ${seed.pages} pages; its change request edits ${seed.changedPages} of them ` +
      `(${mb(seed.changedHeadBytes)} of markdown on the request side, ${mb(seed.changedBaseBytes)} on the base side)${workerRate}`,
    `and ${seed.blockComments} open block comments (${seed.spaces[0]?.firstPageComments ?? 0} of them on the first changed page, the one the tab opens on);`,
    `main edited ${seed.mainChangedPages} other pages since, so the request is outdated: its update, or its merge without an update, is a`,
    `three-way merge. ${normal.server.updated.length} run(s), each on its own space and request; medians. Server figures are round trips over`,
    `localhost HTTP (keep-alive) to the server alone, after a warm-up pair (update ${ms(normal.server.warmUp.updateMs)}, merge ${ms(normal.server.warmUp.mergeMs)}, not counted).`,
    ...(compat === undefined
      ? []
      : [
          `compat: the same measures against a server in \`--compat gitbook\` mode (GitBook's operations only: no batch body read, no`,
          `merge check; rate-limit headers, ${compatLimit} requests a minute, room for one load: at GitBook's own 60 a minute the tab's`,
          `${2 * seed.changedPages} body reads would take about ${Math.ceil((2 * seed.changedPages) / 60)} minutes, paced), on a session-only profile; its server half on requests of its own.`,
        ]),
    '',
    figures,
    ...(normal.ui === undefined
      ? ['', 'Chromium not measured (--no-ui).']
      : [
          '',
          'Each load, relative to `review:changes-data`: the first diff, the diff batch (posted → done), and every',
          'main-thread task over 50 ms of the whole load (start: duration; * = counted above, overlapping data → diffs done):',
          ...timeline('normal', normal.ui),
          ...(compat?.ui === undefined ? [] : timeline('compat', compat.ui)),
        ]),
  ].join('\n');
}
