/**
 * The pieces of DDL that SQLite and PostgreSQL spell differently, so that one migration source (migrations*.ts)
 * serves both: a migration whose SQL is a function of a `Ddl` gets these pieces from the dialect it runs on; the
 * rest of its SQL is in the subset both run (TEXT and INTEGER columns, foreign keys, CHECK, partial and expression
 * indexes, `INSERT … SELECT`, `ON CONFLICT (…) DO UPDATE`, `ALTER TABLE … ADD/DROP COLUMN`).
 */

/** A row trigger run after a write: SQLite's `CREATE TRIGGER`, PostgreSQL's trigger function and trigger. */
export interface TriggerSpec {
  name: string;
  table: string;
  /** The write that fires it; an update may name the columns it is about (`UPDATE OF …`). */
  on: 'INSERT' | 'DELETE' | { update: readonly string[] };
  /** A condition on `NEW` and `OLD`, in the subset both run. */
  when?: string;
  /** Statements ending with `;`, in the subset both run, using `NEW` and `OLD`. */
  body: string;
}

/** A full-text index of rows: FTS5 on SQLite, a table with a weighted `tsvector` on PostgreSQL. */
export interface FullTextSpec {
  table: string;
  /** The searched columns, most weighted first (at most four: PostgreSQL has weights A to D). */
  searched: readonly string[];
  /** The columns kept beside them, not searched. */
  stored: readonly string[];
  /** A stored column that writes filter on: indexed on PostgreSQL (FTS5 cannot index it). */
  filtered?: string;
}

export interface Ddl {
  name: 'sqlite' | 'postgres';
  /** The type of a byte string column. */
  blob: string;
  /** A 64-bit integer column: SQLite's INTEGER is, PostgreSQL's is 32-bit (BIGINT). */
  bigint: string;
  /** An integer primary key that the database numbers when an insert leaves it out (SQLite's rowid alias). */
  rowIdKey: string;
  /** What ends the `CREATE TABLE` of a table keyed by its primary key alone (SQLite's `WITHOUT ROWID`). */
  withoutRowId: string;
  trigger(spec: TriggerSpec): string;
  fullText(spec: FullTextSpec): string;
}

/** The `OF …` or the event of a trigger, as both dialects write it (`UPDATE OF a, b`). */
export const triggerEvent = (on: TriggerSpec['on']) =>
  typeof on === 'string' ? on : `UPDATE OF ${on.update.join(', ')}`;
