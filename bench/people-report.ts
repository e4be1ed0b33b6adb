/** The `people` suite's tables: each figure per run with its median, and the targets (information only). */
import { median, table } from './report.ts';
import type { ScrollFigures } from './people-probes.ts';

/** Everything the suite measured. */
export interface PeopleFigures {
  memberCount: number;
  /** Per run: members list parsed → first row in the DOM, and → the frame after. */
  first: { domMs: number; paintMs: number }[];
  /** Per run: last keystroke → the filtered rows shown. */
  searches: number[];
  /** Per run: mouse up → the team's member count showing the new value. */
  drops: number[];
  scroll: ScrollFigures;
  /** Pixels scrolled per frame. */
  scrollStep: number;
}

/** A frame slower than this counts as dropped (1.5 × a 60 Hz frame). */
export const DROPPED_FRAME_MS = 1.5 * (1000 / 60);

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const runs = (values: number[]) => values.map(ms).join(', ');

/** The report: the figures, then the targets marked met / not met. */
export function peopleReport(figures: PeopleFigures): string {
  const { first, searches, drops, scroll } = figures;
  const firstDom = median(first.map((run) => run.domMs));
  const firstPaint = median(first.map((run) => run.paintMs));
  const search = median(searches);
  const drop = median(drops);
  const dropped = scroll.frames.filter((frame) => frame > DROPPED_FRAME_MS).length;
  const droppedLoading = scroll.frames.filter(
    (frame, i) => frame > DROPPED_FRAME_MS && scroll.loading[i],
  ).length;
  const measured = table(
    ['measure', 'runs', 'median'],
    [
      ['members list parsed → first row in the DOM', runs(first.map((r) => r.domMs)), ms(firstDom)],
      [
        'members list parsed → first rows painted (next frame)',
        runs(first.map((r) => r.paintMs)),
        ms(firstPaint),
      ],
      ['last keystroke → filtered rows shown', runs(searches), ms(search)],
      ['mouse up → team count shows the new value', runs(drops), ms(drop)],
    ],
  );
  const scrolling = table(
    [`scrolling the whole table (${figures.scrollStep} px per frame)`, 'value'],
    [
      ['rows in the table', scroll.rows.toLocaleString('en-US')],
      ['reached the end with every page loaded', scroll.reachedEnd ? 'yes' : 'no (time limit)'],
      ['duration', ms(scroll.durationMs)],
      ['frames', String(scroll.frames.length)],
      ['frame time p50 / p95 / max', [0.5, 0.95, 1].map((p) => ms(percentile(scroll.frames, p))).join(' / ')],
      [`dropped frames (> ${DROPPED_FRAME_MS.toFixed(1)} ms)`, String(dropped)],
      ['  of which while a page of members was being fetched', String(droppedLoading)],
    ],
  );
  const checks: [string, string, boolean][] = [
    ['first rows < 150 ms after the data (median, painted)', ms(firstPaint), firstPaint < 150],
    ['search applied < 200 ms after typing stops (median)', ms(search), search < 200],
    ['no dropped frames while scrolling', String(dropped), dropped === 0 && scroll.reachedEnd],
    ['drop to settled < 100 ms (median)', ms(drop), drop < 100],
  ];
  const targets = table(
    ['target', 'measured', 'status'],
    checks.map(([name, value, met]) => [name, value, met ? 'met' : 'not met']),
  );
  return [
    `\nMembers & teams: ${figures.memberCount.toLocaleString('en-US')} members\n`,
    measured,
    '',
    scrolling,
    '\nTargets (information only)\n',
    targets,
  ].join('\n');
}
