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

/**
 * Runs a transaction's own statement (`SAVEPOINT`, `RELEASE`, `ROLLBACK TO`) on a connection fenced for the
 * transaction: the fence is down for that statement only.
 */
function control(db: Database, sqlText: string): void {
  db.fenced = false;
  try {
    db.statement(sqlText).run();
  } finally {
    db.fenced = true;
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
  const exec = (sqlText: string) => control(db, sqlText);
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

/** One member of a group: answered once its group has committed, or with the error that lost the group. */
interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * One `BEGIN IMMEDIATE … COMMIT` holding the transactions of several callers, each as a savepoint (`sp0`), one after
 * another (see `SqliteStore.transaction`).
 */
class Group {
  /** Hands the store's lock on: a group holds it from its `BEGIN` to its `COMMIT`. */
  readonly release: () => void;
  /** Members run one at a time. */
  readonly turns = new AsyncLock();
  /** Members whose work has been released into the group: answered at its commit. */
  readonly committed: Waiting[] = [];
  /** Members joined and not yet settled (running, or waiting for their turn). */
  active = 0;
  /** No new member joins; the group commits once `active` is 0. */
  closing = false;
  /** Committed, rolled back or lost: over. */
  ended = false;

  constructor(release: () => void) {
    this.release = release;
  }
}

/** The store of each connection (`SqliteStore.of`). */
const storesOf = new WeakMap<Database, SqliteStore>();

export class SqliteStore implements Store {
  /**
   * The one store over `db`, made on first use: the app and code beside it (the test harness) share its lock and its
   * group of transactions, which two stores on one connection could not.
   */
  static of(db: Database): SqliteStore {
    let store = storesOf.get(db);
    if (store === undefined) {
      store = new SqliteStore(db);
      storesOf.set(db, store);
    }
    return store;
  }

  readonly dialect = 'sqlite';
  readonly q: Kysely<DB> = builder;
  private readonly lock = new AsyncLock();
  /** The open group of transactions, if any (it holds `lock`). */
  private group: Group | undefined;
  /** A new group, once the lock is free, for the callers that found it held. */
  private opening: Promise<Group> | undefined;
  /** Groups committed since the store opened (tests and benchmarks read it). */
  commits = 0;

  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
    // Synchronous code meeting an open group between two of its members commits the group first, then runs.
    db.unfence = () => this.commitIdleGroup();
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

  /**
   * Runs `work` in a transaction, committed in a group (group commit): the first caller opens the group
   * (`BEGIN IMMEDIATE`), and the transactions that start before the event loop's next check phase (`setImmediate`)
   * join it, each as a savepoint, one after another. The group commits once the last of them has settled; each is
   * answered after that `COMMIT` (an answered write is committed), or with its error.
   *
   * - A member that throws rolls back to its savepoint and is answered its error at once: the others keep their
   *   writes. A member sees the writes of those before it in the group, as it would had they committed first (all
   *   of them commit, or none).
   * - A failed `COMMIT`, or an error that ends the transaction itself (a full disk), fails every member released
   *   into the group; members still waiting for their turn start again in a new group.
   * - Statements outside transactions wait for the group's commit, as they waited for a transaction's (the group
   *   holds the lock). Synchronous code on the `Database` meeting an open group between two members commits it
   *   first (`Database.unfence`); during a member, it is refused (`Database.fenced`) as before.
   *
   * One commit then writes the pages that several transactions changed (the same index pages, the same table's last
   * page) once: under concurrent writes, `BEGIN`/`COMMIT` were a quarter of the time of a role change.
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    for (;;) {
      const group = await this.joinGroup();
      group.active++;
      const turn = await group.turns.acquire();
      let value: T;
      let answered: Promise<void>;
      try {
        // The group was lost under an earlier member: nothing of this one ran; start again in a new group.
        if (group.ended) continue;
        value = await this.member(group, work);
        answered = new Promise<void>((resolve, reject) => group.committed.push({ resolve, reject }));
      } finally {
        turn();
        group.active--;
        if (group.closing && group.active === 0) this.commit(group);
      }
      await answered;
      return value;
    }
  }

  /**
   * The open group accepting members, or a new one: at once when the lock is free, else once it is (every caller
   * waiting meanwhile joins the same new group).
   */
  private joinGroup(): Group | Promise<Group> {
    const open = this.group;
    if (open !== undefined && !open.closing) return open;
    const release = this.lock.tryAcquire();
    if (release !== undefined) return this.openGroup(release);
    this.opening ??= this.lock.acquire().then((released) => {
      this.opening = undefined;
      return this.openGroup(released);
    });
    return this.opening;
  }

  private openGroup(release: () => void): Group {
    try {
      this.db.statement('BEGIN IMMEDIATE').run();
    } catch (error) {
      release();
      throw mapError(error);
    }
    this.db.fenced = true;
    const group = new Group(release);
    this.group = group;
    setImmediate(() => {
      group.closing = true;
      if (group.active === 0) this.commit(group);
    });
    return group;
  }

  /** Runs one member's work as the savepoint `sp0` of its group. */
  private async member<T>(group: Group, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const { db } = this;
    const tx = new SqliteTransaction(this, 1);
    const exec = (sqlText: string) => control(db, sqlText);
    try {
      exec('SAVEPOINT sp0');
      try {
        const result = await work(tx);
        tx.state.open = false;
        exec('RELEASE sp0');
        return result;
      } catch (error) {
        tx.state.open = false;
        // Some errors (a full disk, an interrupt) end the transaction themselves: the whole group is lost.
        if (!db.sqlite.isTransaction) {
          this.lose(group, error);
          throw error;
        }
        exec('ROLLBACK TO sp0');
        exec('RELEASE sp0');
        throw error;
      }
    } catch (error) {
      throw mapError(error);
    }
  }

  /** Commits the group and answers its members (all committed, or all the commit's error). */
  private commit(group: Group): void {
    if (group.ended) return;
    const { db } = this;
    db.fenced = false;
    try {
      db.statement('COMMIT').run();
    } catch (error) {
      this.lose(group, error);
      return;
    }
    this.commits++;
    this.end(group);
    for (const waiting of group.committed) waiting.resolve();
  }

  /** Ends a group whose writes are gone (or will be): rolled back if still open, every released member failed. */
  private lose(group: Group, error: unknown): void {
    if (group.ended) return;
    const { db } = this;
    db.fenced = false;
    try {
      if (db.sqlite.isTransaction) db.statement('ROLLBACK').run();
    } finally {
      this.end(group);
      const mapped = mapError(error);
      for (const waiting of group.committed) waiting.reject(mapped);
    }
  }

  private end(group: Group): void {
    group.ended = true;
    this.db.fenced = false;
    if (this.group === group) this.group = undefined;
    group.release();
  }

  /**
   * `Database.unfence`: commits the open group when no member is running or waiting (true: the fence is down),
   * else false (the synchronous statement is refused).
   */
  private commitIdleGroup(): boolean {
    const group = this.group;
    if (group === undefined || group.active > 0) return false;
    this.commit(group);
    return !this.db.fenced;
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
