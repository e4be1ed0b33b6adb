/**
 * The asynchronous storage seam: one `Store` interface, run on SQLite (sqlite-store.ts, over the synchronous
 * `Database`) or on PostgreSQL (postgres-store.ts, over a `pg.Pool`). Queries are built once with Kysely (`store.q`,
 * the same builder as `Database.q`, or `prepared`) and compiled for the store's dialect (../dialect/compile.ts).
 *
 * Transactions take their statements through the handle they are given: `store.transaction(async (tx) => …)` runs
 * every statement of the work on `tx`, never on `store` (on SQLite a statement on `store` would wait for the
 * transaction to end, a deadlock; on PostgreSQL it would run on another connection, outside the transaction).
 * `tx.transaction(…)` nests as a savepoint. A transaction's work may run more than once on PostgreSQL (a
 * serialization failure is retried), so it must do nothing outside the database that cannot be repeated.
 *
 * The conversion plan of the synchronous call sites is in ../README.md.
 */
import type { Kysely } from 'kysely';
import type { DialectName, Query } from '../dialect/compile.ts';
import type { DB } from '../schema.ts';

/** What the statements of a store and of its transactions share. */
export interface Statements {
  readonly dialect: DialectName;
  /** Kysely, for building queries (it compiles SQLite; each store compiles for its own dialect). */
  readonly q: Kysely<DB>;
  /** Every row of a query. */
  all<R>(query: Query<R>): Promise<R[]>;
  /** The first row of a query, if any. */
  first<R>(query: Query<R>): Promise<R | undefined>;
  /** Runs a write; answers the number of rows changed. */
  run(query: Query<unknown>): Promise<number>;
  /** Runs `work` in a transaction (a savepoint inside one): all of it is written, or none of it if it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** As `Database.keep`: a read kept for the next `takeKept` of `key`, while nothing is written through the store. */
  keep(key: string, value: unknown): void;
  /** What `keep` kept under `key`, once, unless a statement that may write ran since (in any of its transactions). */
  takeKept<T>(key: string): T | undefined;
}

/** The statements of one transaction: valid until its work's promise settles. */
export type Transaction = Statements;

export interface Store extends Statements {
  /** Forgets every kept read (at the end of each request). */
  forgetKept(): void;
  close(): Promise<void>;
}

/**
 * A write refused because it would duplicate a unique key (PostgreSQL's 23505, SQLite's UNIQUE or PRIMARY KEY
 * constraint): the HTTP layer answers it 409.
 */
export class ConflictError extends Error {
  readonly code = 'conflict';
  /**
   * The unique key that refused the write as `table (column, …)` (`uniqueKeyOfSqlite`, `uniqueKeyOfPostgres`), or
   * PostgreSQL's constraint name when its columns are not given; undefined when the database names neither.
   */
  readonly constraint: string | undefined;

  constructor(message: string, constraint: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.constraint = constraint;
    this.name = 'ConflictError';
  }
}

/** SQLite's unique key in `UNIQUE constraint failed: t.a, t.b` as `t (a, b)`. */
export function uniqueKeyOfSqlite(message: string): string | undefined {
  const columns = /constraint failed: (.*)$/.exec(message)?.[1]?.split(', ');
  if (columns === undefined) return undefined;
  const table = columns[0]!.split('.')[0]!;
  return `${table} (${columns.map((column) => column.slice(column.indexOf('.') + 1)).join(', ')})`;
}

/**
 * PostgreSQL's unique key as `t (a, b)`, from the table and the key part of its detail (`Key (a, b)=(…) already
 * exists`, whose values are left out); the constraint's name when the detail gives no columns.
 */
export function uniqueKeyOfPostgres(error: {
  table?: string;
  constraint?: string;
  detail?: string;
}): string | undefined {
  const columns = /^Key \((.+?)\)=\(/.exec(error.detail ?? '')?.[1];
  if (error.table !== undefined && columns !== undefined) return `${error.table} (${columns})`;
  return error.constraint;
}

/**
 * Text that PostgreSQL cannot hold (a NUL character, 22021): SQLite stores and compares it, so input the server
 * accepts on SQLite (an id with `%00` in a path, a title) reaches the statement. The HTTP layer answers it 400.
 */
export class UnstorableTextError extends Error {
  readonly code = 'unstorable-text';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnstorableTextError';
  }
}

/** Whether a statement's text may write: anything but a plain SELECT counts (as `Database.keep` counts). */
export const mayWrite = (sqlText: string) => !/^\s*select\b/i.test(sqlText);

/**
 * A transaction that still failed to serialize (PostgreSQL's 40001 or 40P01) after its bounded retries: the HTTP
 * layer answers it 503 with a Retry-After, as the request may succeed when tried again.
 */
export class BusyError extends Error {
  readonly code = 'busy';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BusyError';
  }
}

/**
 * Guards the use of a transaction's handle: refused once its work has settled, and while a nested transaction of
 * it is open (the nested one's statements go through its own handle; one at a time, in sequence).
 */
export class TransactionState {
  open = true;
  nested = false;

  check(): void {
    if (!this.open) throw new Error('this transaction has ended: run its statements before its work settles');
    if (this.nested)
      throw new Error('a nested transaction is open: run statements through its handle, one at a time');
  }
}

/** Reads kept by `keep`, dropped by any statement that may write (shared by a store and its transactions). */
export class KeptReads {
  /** Statements that may have written through the store. */
  writes = 0;
  private readonly kept = new Map<string, { writes: number; value: unknown }>();

  keep(key: string, value: unknown): void {
    this.kept.set(key, { writes: this.writes, value });
  }

  take<T>(key: string): T | undefined {
    const found = this.kept.get(key);
    if (found === undefined) return undefined;
    this.kept.delete(key);
    return found.writes === this.writes ? (found.value as T) : undefined;
  }

  forget(): void {
    if (this.kept.size > 0) this.kept.clear();
  }
}

/**
 * A lock handed over in order of request. `held` is read synchronously: while it is false, a caller may run a
 * synchronous step without queueing (nothing can take the lock in the middle of synchronous code).
 */
export class AsyncLock {
  private waiting: (() => void)[] = [];
  held = false;

  /** Resolves once the lock is this caller's; call the answered function to hand it on. */
  acquire(): Promise<() => void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.releaser())));
  }

  /** Takes the lock now if it is free (the function hands it on), else answers undefined. */
  tryAcquire(): (() => void) | undefined {
    if (this.held) return undefined;
    this.held = true;
    return this.releaser();
  }

  /** Runs `step` once the lock is this caller's, and hands it on. */
  async run<T>(step: () => T): Promise<T> {
    const release = await this.acquire();
    try {
      return step();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next === undefined) this.held = false;
      else next();
    };
  }
}

/**
 * Runs `write` (a whole transaction) again when it meets a unique key that a concurrent write took (`ConflictError`),
 * at most 10 times. For writes whose key comes from what they read (a next number, a row deleted then inserted):
 * PostgreSQL's SERIALIZABLE reports such a collision as 23505, not as a serialization failure it would retry.
 */
export async function retryingConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= 10) throw error;
    }
  }
}
