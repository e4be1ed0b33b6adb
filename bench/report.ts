/** The result table and the targets, printed as information (a benchmark never fails on a time). */
import type { LoadResult } from './load.ts';

/** A measured endpoint: its label and the load result. */
export interface Measured extends LoadResult {
  label: string;
}

/** The median of some figures (NaN for none). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Formats rows as left-aligned columns under a header. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Average req/s of a run as a percentage of the baseline's. */
const ratio = (run: LoadResult, hello: LoadResult): number =>
  (100 * run.result.requests.average) / hello.result.requests.average;

/** The figures of each endpoint, relative to the hello-world baseline. */
export function figuresTable(measured: Measured[], hello: Measured): string {
  const rows = [...measured, hello].map((run) => [
    run.label,
    run.result.requests.average.toFixed(0),
    run.p50Ms.toFixed(2),
    run.p99Ms.toFixed(2),
    String(run.result.non2xx),
    String(run.result.errors),
    `${ratio(run, hello).toFixed(1)}%`,
  ]);
  return table(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs hello'], rows);
}

/** The figures needed to judge the targets. */
export interface TargetInputs {
  members: LoadResult;
  team: LoadResult;
  patch: LoadResult;
  hello: LoadResult;
  peakRssMb: number | undefined;
}

/** Each target with the measured figure and "met" / "not met". */
export function targetsTable(inputs: TargetInputs): string {
  const { members, team, patch, hello, peakRssMb } = inputs;
  const percent = (value: number) => `${value.toFixed(1)}%`;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const checks: [string, string, boolean | undefined][] = [
    ['GET team ≥ 30% of hello-world req/s', percent(ratio(team, hello)), ratio(team, hello) >= 30],
    ['PATCH member ≥ 15% of hello-world req/s', percent(ratio(patch, hello)), ratio(patch, hello) >= 15],
    ['GET members page p99 < 20 ms', ms(members.p99Ms), members.p99Ms < 20],
    ['GET team p99 < 20 ms', ms(team.p99Ms), team.p99Ms < 20],
    ['PATCH member p99 < 20 ms', ms(patch.p99Ms), patch.p99Ms < 20],
    [
      'server peak RSS < 200 MB',
      peakRssMb === undefined ? 'unknown' : `${peakRssMb.toFixed(0)} MB`,
      peakRssMb === undefined ? undefined : peakRssMb < 200,
    ],
  ];
  const rows = checks.map(([name, value, met]) => [
    name,
    value,
    met === undefined ? 'unknown' : met ? 'met' : 'not met',
  ]);
  return table(['target', 'measured', 'status'], rows);
}
