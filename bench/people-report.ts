/** The `people` suite's tables: each figure per run with its median, and the targets (information only). */
import { median, table } from './report.ts';
import type { ScrollFigures } from './scroll-probe.ts';
import { droppedFrames, scrollMet, scrollTable } from './scroll-report.ts';

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

const ms = (value: number) => `${value.toFixed(1)} ms`;
const runs = (values: number[]) => values.map(ms).join(', ');

/** The report: the figures, then the targets marked met / not met. */
export function peopleReport(figures: PeopleFigures): string {
  const { first, searches, drops, scroll } = figures;
  const firstDom = median(first.map((run) => run.domMs));
  const firstPaint = median(first.map((run) => run.paintMs));
  const search = median(searches);
  const drop = median(drops);
  const dropped = droppedFrames(scroll);
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
  const scrolling = scrollTable(scroll, figures.scrollStep, {
    title: 'scrolling the whole table',
    rows: 'rows in the table',
    reachedEnd: 'reached the end with every page loaded',
    droppedWhileLoading: '  of which while a page of members was being fetched',
  });
  const checks: [string, string, boolean][] = [
    ['first rows < 150 ms after the data (median, painted)', ms(firstPaint), firstPaint < 150],
    ['search applied < 200 ms after typing stops (median)', ms(search), search < 200],
    ['no dropped frames while scrolling', String(dropped), scrollMet(scroll)],
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
