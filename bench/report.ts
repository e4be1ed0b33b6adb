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

/** One endpoint measured on both servers. */
export interface Paired {
  ours: Measured;
  anchor: Measured;
}

/** Average req/s of ours over the anchor's. */
const anchorRatio = ({ ours, anchor }: Paired): number =>
  ours.result.requests.average / anchor.result.requests.average;

/** Each endpoint: ours beside the hand-written anchor (req/s, their ratio, both p99s). */
export function anchorTable(pairs: Paired[]): string {
  const rows = pairs.map((pair) => [
    pair.ours.label,
    pair.ours.result.requests.average.toFixed(0),
    pair.anchor.result.requests.average.toFixed(0),
    `${anchorRatio(pair).toFixed(2)}×`,
    `${pair.ours.p99Ms.toFixed(2)} / ${pair.anchor.p99Ms.toFixed(2)}`,
  ]);
  return table(['endpoint', 'ours req/s', 'anchor req/s', 'ours/anchor', 'p99 ms (ours / anchor)'], rows);
}

/** One endpoint of the same server on SQLite and on PostgreSQL. */
export interface OnBothStores {
  sqlite: Measured;
  postgres: Measured;
}

/** Each endpoint of our server on SQLite beside PostgreSQL (req/s, their ratio, both p50s and p99s). */
export function storesTable(rows: OnBothStores[]): string {
  return table(
    [
      'endpoint',
      'SQLite req/s',
      'PostgreSQL req/s',
      'PostgreSQL/SQLite',
      'p50 ms (SQLite / PG)',
      'p99 ms (SQLite / PG)',
    ],
    rows.map(({ sqlite, postgres }) => [
      sqlite.label,
      sqlite.result.requests.average.toFixed(0),
      postgres.result.requests.average.toFixed(0),
      `${(postgres.result.requests.average / sqlite.result.requests.average).toFixed(2)}×`,
      `${sqlite.p50Ms.toFixed(2)} / ${postgres.p50Ms.toFixed(2)}`,
      `${sqlite.p99Ms.toFixed(2)} / ${postgres.p99Ms.toFixed(2)}`,
    ]),
  );
}

/** The figures needed to judge the targets. */
export interface TargetInputs {
  members: Paired;
  team: Paired;
  patch: Paired;
  /** Connections of the run: the p99 targets are set at 64. */
  connections: number;
  peakRssMb: number | undefined;
}

/** The connection count the p99 targets are set at. */
export const TARGET_CONNECTIONS = 64;

/** Each target with the measured figure and "met" / "not met". */
export function targetsTable(inputs: TargetInputs): string {
  const { members, team, patch, connections, peakRssMb } = inputs;
  const times = (pair: Paired) => `${anchorRatio(pair).toFixed(2)}×`;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const atTargetLoad = connections === TARGET_CONNECTIONS;
  const p99 = (pair: Paired): [string, string] => [
    atTargetLoad ? ms(pair.ours.p99Ms) : `${ms(pair.ours.p99Ms)} at ${connections} connections`,
    atTargetLoad ? status(pair.ours.p99Ms < 20) : 'not judged',
  ];
  const rows: string[][] = [
    ['GET members page ≥ 0.9× the anchor', times(members), status(anchorRatio(members) >= 0.9)],
    ['GET members page ≥ 2× the anchor', times(members), status(anchorRatio(members) >= 2)],
    ['GET team ≥ 0.9× the anchor', times(team), status(anchorRatio(team) >= 0.9)],
    ['PATCH member ≥ 0.9× the anchor', times(patch), status(anchorRatio(patch) >= 0.9)],
    [`GET team p99 < 20 ms at ${TARGET_CONNECTIONS} connections`, ...p99(team)],
    [`PATCH member p99 < 20 ms at ${TARGET_CONNECTIONS} connections`, ...p99(patch)],
    [
      'server peak RSS < 150 MB',
      peakRssMb === undefined ? 'unknown' : `${peakRssMb.toFixed(0)} MB`,
      peakRssMb === undefined ? 'unknown' : status(peakRssMb < 150),
    ],
  ];
  return table(['target', 'measured', 'status'], rows);
}

const status = (met: boolean): string => (met ? 'met' : 'not met');
