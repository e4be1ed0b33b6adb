/**
 * The `Store` on SQLite: the synchronous `Database` (one connection) behind an async lock.
 *
 * A transaction holds the lock from its `BEGIN IMMEDIATE` to its `COMMIT` or `ROLLBACK`, so its awaits never let
 * another request's statement run on the connection, where it would see (or join) the uncommitted writes.
 *
 * A statement outside a transaction waits too, when a transaction holds the lock: on one connection there is no
 * other way to keep it from reading uncommitted writes. When no transaction is open (the common case), it runs at
 * once, synchronously, and its promise is already settled: the cost against `Database` is one promise per call
 * (bench/store-overhead.ts measures it).
 *
 * While a transaction is open, the `Database`'s own synchronous methods refuse to run (`Database.fenced`): code not
 * yet converted cannot slip into the transaction between two of its awaits.
 */
import type { Kysely } from 'kysely';
import { builder, type Database } from '../database.ts';
import type { Query } from '../dialect/compile.ts';
import type { DB } from '../schema.ts';
import {
  AsyncLock,
  ConflictError,
  TransactionState,
  uniqueKeyOfSqlite,
  type Store,
  type Transaction,
} from './store.ts';

/** node:sqlite's extended result codes of a unique key's refusal. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;

/** A unique key's refusal as a `ConflictError`; any other error as it is. */
function mapError(error: unknown): unknown {
  const { errcode } = error as { errcode?: unknown };
  if (errcode !== SQLITE_CONSTRAINT_UNIQUE && errcode !== SQLITE_CONSTRAINT_PRIMARYKEY) return error;
  const message = (error as Error).message;
  return new ConflictError(message, uniqueKeyOfSqlite(message), { cause: error });
}

/** Runs a synchronous step as a settled promise: its value, or its error mapped. */
function settled<T>(step: () => T): Promise<T> {
  try {
    return Promise.resolve(step());
  } catch (error) {
    return Promise.reject(mapError(error));
  }
}

/** Runs `work` as a savepoint of the transaction at `depth` (the savepoint `sp<depth>`). */
async function savepoint<T>(
  store: SqliteStore,
  depth: number,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const { db } = store;
  const name = `sp${depth}`;
  const inner = new SqliteTransaction(store, depth + 1);
  const exec = (sqlText: string) => {
    db.fenced = false;
    try {
      db.statement(sqlText).run();
    } finally {
      db.fenced = true;
    }
  };
  exec(`SAVEPOINT ${name}`);
  try {
    const result = await work(inner);
    inner.state.open = false;
    exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    inner.state.open = false;
    exec(`ROLLBACK TO ${name}`);
    exec(`RELEASE ${name}`);
    throw error;
  }
}

class SqliteTransaction implements Transaction {
  readonly dialect = 'sqlite';
  readonly q: Kysely<DB> = builder;
  readonly state = new TransactionState();

  private readonly store: SqliteStore;
  private readonly depth: number;

  constructor(store: SqliteStore, depth: number) {
    this.store = store;
    this.depth = depth;
  }

  /** Runs one statement of this transaction: the fence is lowered for it alone. */
  private step<T>(statement: (db: Database) => T): Promise<T> {
    const { db } = this.store;
    return settled(() => {
      this.state.check();
      db.fenced = false;
      try {
        return statement(db);
      } finally {
        db.fenced = true;
      }
    });
  }

  all<R>(query: Query<R>): Promise<R[]> {
    return this.step((db) => db.all(query));
  }

  first<R>(query: Query<R>): Promise<R | undefined> {
    return this.step((db) => db.first(query));
  }

  run(query: Query<unknown>): Promise<number> {
    return this.step((db) => db.run(query));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    this.state.check();
    this.state.nested = true;
    try {
      return await savepoint(this.store, this.depth, work);
    } finally {
      this.state.nested = false;
    }
  }

  keep(key: string, value: unknown): void {
    this.store.keep(key, value);
  }

  takeKept<T>(key: string): T | undefined {
    return this.store.takeKept<T>(key);
  }
}

export class SqliteStore implements Store {
  readonly dialect = 'sqlite';
  readonly q: Kysely<DB> = builder;
  private readonly lock = new AsyncLock();

  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Runs a synchronous step outside any transaction: at once when none is open (its promise is then already
   * settled), else once the open ones have ended. The store's own statements outside a transaction go through it,
   * and so must code that still uses the `Database` from timers or job runs (jobs/queue.ts): there, a synchronous
   * statement while an async transaction is open would be refused (`Database.fenced`), or would join it.
   */
  outsideTransactions<T>(step: () => T): Promise<T> {
    if (!this.lock.held) return settled(step);
    return this.lock.run(step).catch((error: unknown) => Promise.reject(mapError(error)));
  }

  all<R>(query: Query<R>): Promise<R[]> {
    return this.outsideTransactions(() => this.db.all(query));
  }

  first<R>(query: Query<R>): Promise<R | undefined> {
    return this.outsideTransactions(() => this.db.first(query));
  }

  run(query: Query<unknown>): Promise<number> {
    return this.outsideTransactions(() => this.db.run(query));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const release = await this.lock.acquire();
    const { db } = this;
    const tx = new SqliteTransaction(this, 1);
    try {
      db.statement('BEGIN IMMEDIATE').run();
      db.fenced = true;
      try {
        const result = await work(tx);
        tx.state.open = false;
        db.fenced = false;
        db.statement('COMMIT').run();
        return result;
      } catch (error) {
        tx.state.open = false;
        db.fenced = false;
        // Some errors (a full disk, an interrupt) end the transaction themselves: nothing is left to roll back.
        if (!db.sqlite.isTransaction) throw error;
        db.statement('ROLLBACK').run();
        throw error;
      }
    } catch (error) {
      throw mapError(error);
    } finally {
      db.fenced = false;
      release();
    }
  }

  keep(key: string, value: unknown): void {
    this.db.keep(key, value);
  }

  takeKept<T>(key: string): T | undefined {
    return this.db.takeKept<T>(key);
  }

  forgetKept(): void {
    this.db.forgetKept();
  }

  async close(): Promise<void> {
    await this.lock.run(() => this.db.close());
  }
}
