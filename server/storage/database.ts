/**
 * The database: SQLite through Node's built-in `node:sqlite`, queries built and compiled with Kysely and run
 * synchronously on prepared statements cached by SQL text.
 *
 * Running synchronously on one connection makes every transaction atomic with respect to other requests (no
 * interleaving between awaits), which is what a single-process SQLite server needs.
 */
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import type { DB } from './schema.ts';
import { KeptReads, mayWrite } from './store/store.ts';
import { secureDatabaseFiles, secureDataDir } from './file-modes.ts';
import { migrate } from './migrations.ts';

/** Anything Kysely can compile to SQL. */
export interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/** The file name of the database inside a data directory. */
export const DATABASE_FILE = 'docs-admin.sqlite';

/** Kysely builds and compiles here; running goes through `Database`, so the driver refuses. */
class CompileOnlyDriver implements Driver {
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    throw new Error('run queries with Database.all, first or run, which are synchronous and atomic');
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** Builds and compiles queries (any instance compiles the same SQL, so one serves every database). */
export const builder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new CompileOnlyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** A statement that answers its rows as arrays, and the function that makes each array the row's object. */
interface RowStatement {
  statement: StatementSync;
  row: (values: unknown[]) => unknown;
  /** Whether it may write (anything but a SELECT: `INSERT … RETURNING` runs through `first`). */
  writes: boolean;
}

/**
 * The function making a row's object from its values, in the column order: an object literal of fixed keys, so that
 * every row of a statement shares one hidden class (node:sqlite's own row objects are dictionaries, slower to build
 * and to read). Undefined for a name that a literal cannot hold as an own key (`__proto__`).
 */
function rowMaker(names: readonly string[]): ((values: unknown[]) => unknown) | undefined {
  if (names.includes('__proto__')) return undefined;
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

export class Database {
  /** Kysely, for building queries; run them with `all`, `first` and `run`. */
  readonly q: Kysely<DB> = builder;
  private readonly statements = new Map<string, StatementSync>();
  private readonly rowStatements = new Map<string, RowStatement>();
  private depth = 0;
  /** Statements that may have written through this object (see `keep`). */
  /** Reads kept by `keep`, dropped by any statement that may write. */
  private readonly kept = new KeptReads();
  private dataVersionStatement: StatementSync | undefined;
  /**
   * True while an async transaction of the SQLite store (store/sqlite-store.ts) is open on this connection and not
   * running one of its own statements: a synchronous statement then would join that transaction, so it is refused.
   */
  fenced = false;
  /**
   * Called when a synchronous statement meets the fence: the store may end what holds the connection (commit a
   * group of transactions between two of its members) and answer true, and the statement runs; false refuses it.
   */
  unfence: (() => boolean) | undefined;

  readonly sqlite: DatabaseSync;

  constructor(sqlite: DatabaseSync) {
    this.sqlite = sqlite;
  }

  /**
   * Keeps a read's result for the next `takeKept` of `key`, while nothing is written through this object: a check
   * made before a request's body is read (body-guards.ts) hands its reads to the handler that repeats them.
   */
  keep(key: string, value: unknown): void {
    this.kept.keep(key, value);
  }

  /** What `keep` kept under `key`, once, unless a statement that may write ran since. */
  takeKept<T>(key: string): T | undefined {
    return this.kept.take<T>(key);
  }

  /** Forgets every kept read (at the end of each request, so none outlives the request that kept it). */
  forgetKept(): void {
    this.kept.forget();
  }

  /**
   * Changes when the database may have changed: a statement that may write ran through this object, or another
   * connection committed (SQLite's `data_version`). Kept answers are valid while it stays the same
   * (http/response-cache.ts).
   */
  dataVersion(): string {
    this.dataVersionStatement ??= this.sqlite.prepare('PRAGMA data_version');
    const row = this.dataVersionStatement.get() as { data_version: number };
    return `${this.kept.writes}.${row.data_version}`;
  }

  /** A prepared statement for this SQL text, prepared once. */
  statement(sqlText: string): StatementSync {
    if (mayWrite(sqlText)) this.kept.writes++;
    let statement = this.statements.get(sqlText);
    if (!statement) {
      statement = this.sqlite.prepare(sqlText);
      this.statements.set(sqlText, statement);
    }
    return statement;
  }

  /** The statement of a query that answers rows (`all`, `first`), prepared once. */
  private rowStatement(sqlText: string): RowStatement {
    let found = this.rowStatements.get(sqlText);
    if (!found) {
      const statement = this.sqlite.prepare(sqlText);
      const row = rowMaker(statement.columns().map((column) => column.name));
      if (row !== undefined) statement.setReturnArrays(true);
      found = { statement, row: row ?? ((values) => values), writes: mayWrite(sqlText) };
      this.rowStatements.set(sqlText, found);
    }
    return found;
  }

  private meetFence(): void {
    if (this.unfence?.() === true) return;
    throw new Error('a synchronous statement while an async transaction is open on the connection (store/)');
  }

  /** Every row of a query. */
  all<R>(query: Compilable<R>): R[] {
    if (this.fenced) this.meetFence();
    const compiled = query.compile();
    const { statement, row, writes } = this.rowStatement(compiled.sql);
    if (writes) this.kept.writes++;
    const rows = statement.all(...(compiled.parameters as SQLInputValue[])) as unknown[];
    for (let index = 0; index < rows.length; index++) rows[index] = row(rows[index] as unknown[]);
    return rows as R[];
  }

  /** The first row of a query, if any. */
  first<R>(query: Compilable<R>): R | undefined {
    if (this.fenced) this.meetFence();
    const compiled = query.compile();
    const { statement, row, writes } = this.rowStatement(compiled.sql);
    if (writes) this.kept.writes++;
    const values = statement.get(...(compiled.parameters as SQLInputValue[])) as unknown[] | undefined;
    return values === undefined ? undefined : (row(values) as R);
  }

  /** Runs a write; answers the number of rows changed. */
  run(query: Compilable<unknown>): number {
    if (this.fenced) this.meetFence();
    const compiled = query.compile();
    this.kept.writes++;
    return Number(this.statement(compiled.sql).run(...(compiled.parameters as SQLInputValue[])).changes);
  }

  /** Runs `work` in one transaction: all of it is written, or none of it if it throws. Nests as savepoints. */
  transaction<T>(work: () => T): T {
    if (this.fenced) this.meetFence();
    // Statements from the cache: these run on every write, and parsing them each time shows in profiles.
    const savepoint = `sp${this.depth}`;
    this.statement(this.depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`).run();
    this.depth++;
    try {
      const result = work();
      this.depth--;
      this.statement(this.depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`).run();
      return result;
    } catch (error) {
      this.depth--;
      if (this.depth === 0) this.statement('ROLLBACK').run();
      else {
        this.statement(`ROLLBACK TO ${savepoint}`).run();
        this.statement(`RELEASE ${savepoint}`).run();
      }
      throw error;
    }
  }

  close(): void {
    this.dataVersionStatement = undefined;
    this.statements.clear();
    this.rowStatements.clear();
    this.sqlite.close();
  }
}

/** Opens (creating if needed) the database of a data directory, or an in-memory one, and applies migrations. */
export function openDatabase(dataDir: string | ':memory:'): Database {
  let location = ':memory:';
  if (dataDir !== ':memory:') {
    secureDataDir(dataDir);
    location = join(dataDir, DATABASE_FILE);
    secureDatabaseFiles(location);
  }
  const sqlite = new DatabaseSync(location);
  sqlite.exec(
    'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;',
  );
  // The WAL and shared-memory files exist now: made by an older version, they may be looser than the database.
  if (location !== ':memory:') secureDatabaseFiles(location);
  // SQLite's own lower() folds ASCII only; PostgreSQL's folds every script. Match PostgreSQL.
  sqlite.function('lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const db = new Database(sqlite);
  migrate(db);
  return db;
}
