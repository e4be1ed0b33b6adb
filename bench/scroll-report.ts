/** The scrolling table the `people`, `tree` and `sites` suites print, and its target: no dropped frames. */
import { table } from './report.ts';
import type { ScrollFigures } from './scroll-probe.ts';

/** A frame slower than this counts as dropped (1.5 × a 60 Hz frame). */
export const DROPPED_FRAME_MS = 1.5 * (1000 / 60);

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The frames over `DROPPED_FRAME_MS`. */
export const droppedFrames = (scroll: ScrollFigures): number =>
  scroll.frames.filter((frame) => frame > DROPPED_FRAME_MS).length;

/** The target: every frame on time, the end reached. */
export const scrollMet = (scroll: ScrollFigures): boolean => droppedFrames(scroll) === 0 && scroll.reachedEnd;

/** How a suite names its list's rows and what "loading" means for it. */
export interface ScrollLabels {
  /** The table's title, e.g. "scrolling the whole table". */
  title: string;
  rows: string;
  reachedEnd: string;
  /** The row counting the dropped frames while the list was fetching (`loading`); none for lists that never load. */
  droppedWhileLoading?: string;
}

/** The table: rows, end reached, duration, frames, p50 / p95 / max frame time, dropped frames. */
export function scrollTable(scroll: ScrollFigures, step: number, labels: ScrollLabels): string {
  const dropped = droppedFrames(scroll);
  const rows: string[][] = [
    [labels.rows, scroll.rows.toLocaleString('en-US')],
    ...Object.entries(scroll.seenByKind ?? {}).map(([kind, count]) => [
      `  ${kind || 'rows'} seen while scrolling`,
      count.toLocaleString('en-US'),
    ]),
    [labels.reachedEnd, scroll.reachedEnd ? 'yes' : 'no (time limit)'],
    ...(scroll.replaced > 0 ? [['container replaced while scrolling', `${scroll.replaced} times`]] : []),
    ['duration', ms(scroll.durationMs)],
    ['frames', String(scroll.frames.length)],
    ['frame time p50 / p95 / max', [0.5, 0.95, 1].map((p) => ms(percentile(scroll.frames, p))).join(' / ')],
    [`dropped frames (> ${DROPPED_FRAME_MS.toFixed(1)} ms)`, String(dropped)],
  ];
  if (labels.droppedWhileLoading !== undefined) {
    const whileLoading = scroll.frames.filter((frame, i) => frame > DROPPED_FRAME_MS && scroll.loading[i]);
    rows.push([labels.droppedWhileLoading, String(whileLoading.length)]);
  }
  // Where they fell (frame numbers from 1): at the start (first rows, fonts, pages arriving) or anywhere (GC, load).
  const at = scroll.frames.flatMap((frame, i) => (frame > DROPPED_FRAME_MS ? [i + 1] : []));
  if (at.length > 0)
    rows.push(['  at frames', `${at.slice(0, 12).join(', ')}${at.length > 12 ? ', …' : ''}`]);
  return table([`${labels.title} (${step} px per frame)`, 'value'], rows);
}

/** The target as the `tree` and `sites` suites print it: the dropped frames against none, "met" or "not met". */
export const scrollVerdict = (scroll: ScrollFigures): string =>
  `${droppedFrames(scroll)} dropped${scroll.reachedEnd ? '' : ', end not reached'} (target 0: ${scrollMet(scroll) ? 'met' : 'not met'})`;
