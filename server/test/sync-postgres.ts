/**
 * A synchronous `Database` on a PostgreSQL test database, for the test harness only: the factories (`buildOrg`,
 * `buildSpace`, the records they call) and the tests' own `server.db.first/all/run` reads are synchronous, written
 * for node:sqlite. Here each statement is compiled by PostgreSQL's compiler (as `PostgresStore` compiles it), sent to
 * a worker thread that holds one connection of its own (sync-postgres-worker.ts), and waited for with
 * `Atomics.wait`; its values are parsed as the store parses them (store/postgres-values.ts).
 *
 * The server never gets it: a server on PostgreSQL keeps its throwing stand-in (storage/no-database.ts), so a handler
 * still on the synchronous `Database` answers 501 in a test as it does in production. SQLite's own machinery
 * (`sqlite`, `statement`, `dataVersion`) throws here: a test that reads it is SQLite's by nature.
 *
 * A statement waits for the server's event loop, which is blocked meanwhile: one that needs a row lock held by a
 * transaction of the server fails after the worker's `lock_timeout` instead of hanging.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { ClientConfig } from 'pg';
import type { Compilable, Database } from '../storage/database.ts';
import { compileFor, type Query } from '../storage/dialect/compile.ts';
import { builder } from '../storage/database.ts';
import { ConflictError, KeptReads, mayWrite, uniqueKeyOfPostgres } from '../storage/store/store.ts';
import type { SyncAnswer, SyncRequest } from './sync-postgres-worker.ts';

/** Longer than the worker's lock timeout (10 s): past it, the worker itself is stuck. */
const ANSWER_DEADLINE_MS = 30_000;
/**
 * How long an answer may take to show on the port once the worker has signalled it: under load the signal was seen
 * (rarely) before the message, which then came with the next statement's wait.
 */
const MESSAGE_DEADLINE_MS = 5_000;

class SqliteOnly extends Error {
  constructor(what: string) {
    super(`${what} is SQLite's: this test server runs on PostgreSQL (DOCS_ADMIN_TEST_DATABASE=postgres)`);
    this.name = 'SqliteOnly';
  }
}

/** The error a failed statement throws: a unique key's refusal as the store's `ConflictError`, as on SQLite. */
function failure(error: NonNullable<Extract<SyncAnswer, { error: unknown }>['error']>, text: string): Error {
  const message = `${error.message}${error.detail ? ` (${error.detail})` : ''} in: ${text}`;
  if (error.code === '23505') return new ConflictError(message, uniqueKeyOfPostgres(error));
  return Object.assign(new Error(message), { code: error.code });
}

export class SyncPostgresDatabase {
  readonly q = builder;
  fenced = false;
  private readonly worker: Worker;
  private readonly port: MessageChannel['port1'];
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly pause = new Int32Array(new SharedArrayBuffer(4));
  private lastId = 0;
  private depth = 0;
  /** Reads kept by `keep`, dropped by any statement that may write. */
  private readonly kept = new KeptReads();
  private closed = false;

  constructor(config: ClientConfig) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./sync-postgres-worker.ts', import.meta.url), {
      workerData: { config, port: port2, signal: this.signal },
      transferList: [port2],
    });
    // The test process may end with the worker still open (a test that forgot to close its server).
    this.worker.unref();
  }

  /** Runs SQL text on the connection and answers its rows and count. */
  private execute(text: string, values: unknown[] = []): { rows: unknown[]; rowCount: number } {
    if (this.closed) throw new Error('the test database is closed');
    if (mayWrite(text)) this.kept.writes++;
    const id = ++this.lastId;
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ id, text, values } satisfies SyncRequest);
    if (Atomics.wait(this.signal, 0, 0, ANSWER_DEADLINE_MS) === 'timed-out')
      throw new Error(`no answer from PostgreSQL in ${ANSWER_DEADLINE_MS} ms to: ${text}`);
    const answer = this.receive();
    if (answer === undefined)
      throw new Error(
        `the PostgreSQL worker signalled but sent no answer in ${MESSAGE_DEADLINE_MS} ms to: ${text}`,
      );
    if (answer.id !== id) throw new Error(`answer ${answer.id} to statement ${id} (${text})`);
    if ('error' in answer) throw failure(answer.error, text);
    return answer;
  }

  /** The answer on the port, waiting for it a little if the signal came first. */
  private receive(): SyncAnswer | undefined {
    const started = Date.now();
    for (;;) {
      const received = receiveMessageOnPort(this.port);
      if (received !== undefined) return received.message as SyncAnswer;
      if (Date.now() - started > MESSAGE_DEADLINE_MS) return undefined;
      Atomics.wait(this.pause, 0, 0, 1);
    }
  }

  private query(query: Compilable<unknown>) {
    const { sql, parameters } = compileFor(query as Query<unknown>, 'postgres');
    return this.execute(sql, parameters as unknown[]);
  }

  all<R>(query: Compilable<R>): R[] {
    return this.query(query).rows as R[];
  }

  first<R>(query: Compilable<R>): R | undefined {
    return this.query(query).rows[0] as R | undefined;
  }

  run(query: Compilable<unknown>): number {
    this.kept.writes++;
    return this.query(query).rowCount;
  }

  /** As `Database.transaction`: one transaction on the connection, nested ones as savepoints. */
  transaction<T>(work: () => T): T {
    const savepoint = `sp${this.depth}`;
    this.execute(this.depth === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
    this.depth++;
    try {
      const result = work();
      this.depth--;
      this.execute(this.depth === 0 ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`);
      return result;
    } catch (error) {
      this.depth--;
      if (this.depth === 0) this.execute('ROLLBACK');
      else {
        this.execute(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        this.execute(`RELEASE SAVEPOINT ${savepoint}`);
      }
      throw error;
    }
  }

  keep(key: string, value: unknown): void {
    this.kept.keep(key, value);
  }

  takeKept<T>(key: string): T | undefined {
    return this.kept.take<T>(key);
  }

  forgetKept(): void {
    this.kept.forget();
  }

  /** Runs SQL text as it is (PostgreSQL's), for a test that has to say something only PostgreSQL says. */
  exec(text: string): void {
    this.execute(text);
  }

  get sqlite(): never {
    throw new SqliteOnly('`db.sqlite` (node:sqlite itself)');
  }

  statement(): never {
    throw new SqliteOnly('`db.statement` (a node:sqlite statement)');
  }

  dataVersion(): never {
    throw new SqliteOnly("`db.dataVersion` (SQLite's data_version)");
  }

  /** This, typed as the `Database` the factories take (it has every method they call). */
  asDatabase(): Database {
    return this as unknown as Database;
  }

  /** Closes the connection and ends the worker. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.port.close();
    await this.worker.terminate();
  }
}
