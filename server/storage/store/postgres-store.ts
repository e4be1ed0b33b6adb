/**
 * The `Store` on PostgreSQL: a `pg.Pool`; a statement outside a transaction takes any connection (autocommit, READ
 * COMMITTED), a transaction one connection for its whole work.
 *
 * Transactions are SERIALIZABLE: a handler's read-check-write (a unique name, a last admin, a counter) stays correct
 * when two server processes share the database, without its reads having to lock rows. A serialization failure
 * (40001) or a deadlock (40P01) rolls the transaction back and runs its work again, at most `maxAttempts` times in
 * all, the retries of one process one at a time, each after the first after a short random pause; past that,
 * `BusyError` (503). A transaction's work must not open another transaction of the store (it would wait for the
 * retries behind it): nested work goes through its `tx`. A unique key's refusal (23505) is a
 * `ConflictError` (409). Values are answered as SQLite answers them (postgres-values.ts).
 */
import type { Kysely } from 'kysely';
import { Pool, type PoolClient, type PoolConfig, type QueryConfig } from 'pg';
import { builder } from '../database.ts';
import { compileFor, type Query } from '../dialect/compile.ts';
import type { DB } from '../schema.ts';
import { storeTypes } from './postgres-values.ts';
import {
  BusyError,
  ConflictError,
  KeptReads,
  mayWrite,
  TransactionState,
  uniqueKeyOfPostgres,
  UnstorableTextError,
  type Store,
  type Transaction,
} from './store.ts';

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
const UNIQUE_VIOLATION = '23505';
/** Raised for a NUL character in a text value ("invalid byte sequence for encoding UTF8: 0x00"). */
const CHARACTER_NOT_IN_REPERTOIRE = '22021';
const DEFAULT_ATTEMPTS = 8;
/** The longest pause before a retry, in ms (the pause is random, up to 2^attempt ms, so that the two differ). */
const MAX_PAUSE_MS = 200;
/** Statements prepared by name on each connection, at most (beyond them, unnamed: `in` lists vary without end). */
const MAX_NAMED = 4000;

/** Something that runs a query: the pool, or a transaction's connection. */
interface Queryable {
  query<R extends object>(config: QueryConfig): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** The SQLSTATE of an error or of one it was caused by (a handler may wrap the database's error). */
function sqlState(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = cause.cause;
  }
  return undefined;
}

const retryable = (error: unknown) => {
  const state = sqlState(error);
  return state === SERIALIZATION_FAILURE || state === DEADLOCK_DETECTED;
};

function mapError(error: unknown): unknown {
  if (error instanceof ConflictError || error instanceof UnstorableTextError) return error;
  const state = sqlState(error);
  if (state === CHARACTER_NOT_IN_REPERTOIRE)
    return new UnstorableTextError((error as Error).message, { cause: error });
  if (state !== UNIQUE_VIOLATION) return error;
  return new ConflictError((error as Error).message, uniqueKeyOfPostgres(error as { table?: string }), {
    cause: error,
  });
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_PAUSE_MS, 2 ** attempt)));

/** The names of statements prepared on the connections, by SQL text (one name for one text, on every connection). */
const statementNames = new Map<string, string>();

function statementName(sqlText: string): string | undefined {
  let name = statementNames.get(sqlText);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `s${statementNames.size}`;
    statementNames.set(sqlText, name);
  }
  return name;
}

/** The runs of one dialect's statements, shared by the store and its transactions. */
class Runner {
  readonly kept = new KeptReads();

  async query<R>(on: Queryable, query: Query<R>): Promise<{ rows: R[]; rowCount: number | null }> {
    const { sql: text, parameters } = compileFor(query, 'postgres');
    if (mayWrite(text)) this.kept.writes++;
    const config: QueryConfig = { text, values: parameters as unknown[], name: statementName(text) };
    try {
      return await on.query<R & object>(config);
    } catch (error) {
      throw mapError(error);
    }
  }
}

export interface PostgresStoreOptions {
  /** How many times a transaction's work may run, in all, when it fails to serialize (default 8). */
  maxAttempts?: number;
}

class PostgresTransaction implements Transaction {
  readonly dialect = 'postgres';
  readonly q: Kysely<DB> = builder;
  readonly state = new TransactionState();

  private readonly runner: Runner;
  private readonly client: PoolClient;
  private readonly depth: number;

  constructor(runner: Runner, client: PoolClient, depth: number) {
    this.runner = runner;
    this.client = client;
    this.depth = depth;
  }

  private async rows<R>(query: Query<R>) {
    this.state.check();
    return this.runner.query(this.client, query);
  }

  async all<R>(query: Query<R>): Promise<R[]> {
    return (await this.rows(query)).rows;
  }

  async first<R>(query: Query<R>): Promise<R | undefined> {
    return (await this.rows(query)).rows[0];
  }

  async run(query: Query<unknown>): Promise<number> {
    return (await this.rows(query)).rowCount ?? 0;
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    this.state.check();
    this.state.nested = true;
    const name = `sp${this.depth}`;
    const inner = new PostgresTransaction(this.runner, this.client, this.depth + 1);
    try {
      await this.client.query(`SAVEPOINT ${name}`);
      try {
        const result = await work(inner);
        inner.state.open = false;
        await this.client.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        inner.state.open = false;
        await this.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await this.client.query(`RELEASE SAVEPOINT ${name}`);
        throw error;
      }
    } finally {
      this.state.nested = false;
    }
  }

  keep(key: string, value: unknown): void {
    this.runner.kept.keep(key, value);
  }

  takeKept<T>(key: string): T | undefined {
    return this.runner.kept.take<T>(key);
  }
}

export class PostgresStore implements Store {
  readonly dialect = 'postgres';
  readonly q: Kysely<DB> = builder;
  private readonly runner = new Runner();
  private readonly maxAttempts: number;
  /** The retries of this process's transactions, run one after another (see `transaction`). */
  private retries: Promise<unknown> = Promise.resolve();
  readonly pool: Pool;

  constructor(pool: Pool, options: PostgresStoreOptions = {}) {
    this.pool = pool;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  }

  /** A store on a new pool of `config` (a `connectionString` of `postgres://…`, or a host and a database). */
  static open(config: PoolConfig, options?: PostgresStoreOptions): PostgresStore {
    const pool = new Pool({ ...config, types: storeTypes });
    // An idle connection that the server closes (a restart, a DROP … WITH (FORCE)) is dropped by the pool; without
    // a listener, its 'error' event would end the process. A query on a broken connection still rejects.
    pool.on('error', () => {});
    return new PostgresStore(pool, options);
  }

  /** A statement in autocommit: retried alone when it was a deadlock's victim (rolled back, so safe to repeat). */
  private async outside<R>(query: Query<R>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runner.query(this.pool, query);
      } catch (error) {
        if (!retryable(error) || attempt >= this.maxAttempts) throw error;
        await pause(attempt);
      }
    }
  }

  async all<R>(query: Query<R>): Promise<R[]> {
    return (await this.outside(query)).rows;
  }

  async first<R>(query: Query<R>): Promise<R | undefined> {
    return (await this.outside(query)).rows[0];
  }

  async run(query: Query<unknown>): Promise<number> {
    return (await this.outside(query)).rowCount ?? 0;
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.attempt(work);
    } catch (error) {
      if (!retryable(error)) throw error;
      if (this.maxAttempts <= 1)
        throw new BusyError('the transaction failed to serialize 1 time', { cause: error });
    }
    // Transactions that failed to serialize met others writing the same rows: run again side by side, they meet
    // again (of 20 renames of one team sent at once, 1-3 ran out of 8 attempts). This process's retries therefore
    // run one at a time, each meeting only first attempts and other processes' transactions.
    const retried = this.retries.then(() => this.retry(work));
    this.retries = retried.catch(() => {});
    return retried;
  }

  /** Attempts 2 to `maxAttempts` of a transaction, the pause before each but the first growing. */
  private async retry<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    for (let attempt = 2; ; attempt++) {
      try {
        return await this.attempt(work);
      } catch (error) {
        if (!retryable(error)) throw error;
        if (attempt >= this.maxAttempts)
          throw new BusyError(`the transaction failed to serialize ${attempt} times`, { cause: error });
        await pause(attempt);
      }
    }
  }

  /** One run of a transaction's work on a connection of its own. */
  private async attempt<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection whose ROLLBACK failed is broken: released with the error, the pool closes it.
    let broken: Error | undefined;
    const tx = new PostgresTransaction(this.runner, client, 1);
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      this.runner.kept.writes++;
      const result = await work(tx);
      tx.state.open = false;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      tx.state.open = false;
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw mapError(error);
    } finally {
      client.release(broken);
    }
  }

  keep(key: string, value: unknown): void {
    this.runner.kept.keep(key, value);
  }

  takeKept<T>(key: string): T | undefined {
    return this.runner.kept.take<T>(key);
  }

  forgetKept(): void {
    this.runner.kept.forget();
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
