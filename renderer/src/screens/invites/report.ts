/** The per-row report of an email invite run: built from the parsed entries, updated batch by batch. */
import type { InviteEntry, ParsedEntries } from './addresses.ts';
import type { Outcome } from './batches.ts';

/** Where a row stands. */
export type RowStatus = 'pending' | 'invited' | 'member' | 'failed' | 'invalid';

/** One row of the report. */
export interface ReportRow {
  key: string;
  email: string;
  status: RowStatus;
  message?: string;
  source: InviteEntry['source'];
  line: number;
  /** The entry to send (absent for invalid rows). */
  entry?: InviteEntry;
}

/** The report before sending: every valid entry pending, every invalid one with its reason. */
export function startReport(parsed: ParsedEntries): ReportRow[] {
  return [
    ...parsed.entries.map((entry) => ({
      key: entry.email.toLowerCase(),
      email: entry.email,
      status: 'pending' as const,
      source: entry.source,
      line: entry.line,
      entry,
    })),
    ...parsed.invalid.map((item, index) => ({
      key: `invalid-${index}`,
      email: item.text,
      status: 'invalid' as const,
      message: item.reason,
      source: item.source,
      line: item.line,
    })),
  ];
}

/** Applies one batch's outcomes (keyed by lower-case address). */
export function applyOutcomes(rows: ReportRow[], outcomes: Map<string, Outcome>): ReportRow[] {
  return rows.map((row) => {
    const outcome = row.status === 'invalid' ? undefined : outcomes.get(row.key);
    if (outcome === undefined) return row;
    const next: ReportRow = { ...row, status: outcome.status };
    delete next.message;
    if (outcome.message !== undefined) next.message = outcome.message;
    return next;
  });
}

/** Marks the failed rows pending again, for a retry. */
export function retryFailed(rows: ReportRow[]): ReportRow[] {
  return rows.map((row) => (row.status === 'failed' ? { ...row, status: 'pending' } : row));
}

/** How many rows stand in each status. */
export function countStatuses(rows: readonly ReportRow[]): Record<RowStatus, number> {
  const counts: Record<RowStatus, number> = { pending: 0, invited: 0, member: 0, failed: 0, invalid: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/** Where a row came from, in words: "line 3" or "CSV line 4". */
export function whereFrom(row: Pick<ReportRow, 'source' | 'line'>): string {
  return row.source === 'csv' ? `CSV line ${row.line}` : `line ${row.line}`;
}
