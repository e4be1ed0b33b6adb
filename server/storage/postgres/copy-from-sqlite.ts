/**
 * Copies every row of a SQLite database into an empty, migrated PostgreSQL database, in one transaction: how the
 * seeds written for SQLite (`seedDemo`, the benchmarks' `seedOrganization`, test fixtures) reach PostgreSQL without
 * an async copy of each. Both databases come from the same migrations, so they have the same tables and columns;
 * the copy checks it and refuses otherwise.
 *
 * Rows are copied as they are, derived ones included (counters, `space_groups`, the full-text rows), with the
 * tables' own triggers off for the copy (`DISABLE TRIGGER USER`, which a table's owner may do; foreign keys stay
 * checked): a trigger firing on copied rows would count them a second time. Tables go in an order where a table
 * comes after those its foreign keys reference, and rows of a table that references itself parents first. Identity
 * columns' sequences then continue past the copied numbers.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ClientBase } from 'pg';
import type { Database } from '../database.ts';

/** Parameters of one INSERT, at most (PostgreSQL takes up to 65535). */
const MAX_PARAMETERS = 30_000;
/** SQLite's FTS5 keeps a virtual table's index in tables named after it. */
const FTS_SHADOWS = ['_data', '_idx', '_content', '_docsize', '_config'];

interface PostgresColumn {
  table: string;
  column: string;
  generated: boolean;
  identity: boolean;
}

interface ForeignKey {
  child: string;
  parent: string;
  columns: string[];
  referenced: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables, their copied columns and identities, and the foreign keys of the PostgreSQL database. */
async function postgresSchema(client: ClientBase) {
  const { rows: columns } = await client.query<PostgresColumn>(`
    SELECT c.table_name AS table, c.column_name AS column, c.is_generated = 'ALWAYS' AS generated,
      c.is_identity = 'YES' AS identity
    FROM information_schema.columns AS c
    JOIN information_schema.tables AS t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> 'migrations'
    ORDER BY c.table_name, c.ordinal_position`);
  const { rows: keys } = await client.query<ForeignKey>(`
    SELECT k.conrelid::regclass::text AS child, k.confrelid::regclass::text AS parent,
      (SELECT array_agg(a.attname::text ORDER BY n.ord) FROM unnest(k.conkey) WITH ORDINALITY AS n(num, ord)
        JOIN pg_attribute AS a ON a.attrelid = k.conrelid AND a.attnum = n.num) AS columns,
      (SELECT array_agg(a.attname::text ORDER BY n.ord) FROM unnest(k.confkey) WITH ORDINALITY AS n(num, ord)
        JOIN pg_attribute AS a ON a.attrelid = k.confrelid AND a.attnum = n.num) AS referenced
    FROM pg_constraint AS k
    WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`);
  const tables = new Map<string, PostgresColumn[]>();
  for (const column of columns) tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
  return { tables, keys };
}

/** The tables of the SQLite database that hold rows of their own (not SQLite's, not an FTS5 table's index). */
function sqliteTables(sqlite: DatabaseSync): Set<string> {
  const rows = sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )
    .all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => row.name);
  const shadows = new Set(virtual.flatMap((name) => FTS_SHADOWS.map((suffix) => name + suffix)));
  return new Set(rows.map((row) => row.name).filter((name) => !shadows.has(name) && name !== 'migrations'));
}

/** The tables in an order where each comes after the tables its foreign keys reference. */
function parentsFirst(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting')
      throw new Error(
        `the foreign keys of ${[...path, table].join(' → ')} form a cycle: no order to copy in`,
      );
    state.set(table, 'visiting');
    for (const key of keys)
      if (key.child === table && key.parent !== table) visit(key.parent, [...path, table]);
    state.set(table, 'done');
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

/** Rows of a table that references itself, each after the row its key references (which a copy inserts first). */
function selfParentsFirst(
  rows: Record<string, SQLInputValue>[],
  selfKeys: readonly ForeignKey[],
): Record<string, SQLInputValue>[] {
  if (selfKeys.length === 0) return rows;
  const keyOf = (row: Record<string, SQLInputValue>, columns: readonly string[]) =>
    columns.some((column) => row[column] === null)
      ? null
      : JSON.stringify(columns.map((column) => String(row[column])));
  const present = selfKeys.map((key) => new Set(rows.map((row) => keyOf(row, key.referenced))));
  const inserted = selfKeys.map(() => new Set<string | null>());
  const ordered: Record<string, SQLInputValue>[] = [];
  let waiting = rows;
  while (waiting.length > 0) {
    const ready = (row: Record<string, SQLInputValue>) =>
      selfKeys.every((key, k) => {
        const parent = keyOf(row, key.columns);
        // A reference to a row that is not there is left for PostgreSQL to refuse.
        return parent === null || inserted[k]!.has(parent) || !present[k]!.has(parent);
      });
    const now = waiting.filter(ready);
    if (now.length === 0)
      throw new Error('the rows of a table reference each other in a cycle: no order to copy in');
    for (const row of now) selfKeys.forEach((key, k) => inserted[k]!.add(keyOf(row, key.referenced)));
    ordered.push(...now);
    const taken = new Set(now);
    waiting = waiting.filter((row) => !taken.has(row));
  }
  return ordered;
}

/** A SQLite value as node-postgres sends it. */
function toParameter(value: SQLInputValue): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Inserts `rows` into `table`, a few thousand values per statement. */
async function insertRows(
  client: ClientBase,
  table: string,
  columns: readonly PostgresColumn[],
  rows: readonly Record<string, SQLInputValue>[],
): Promise<void> {
  const names = columns.map((column) => column.column);
  const overriding = columns.some((column) => column.identity) ? ' OVERRIDING SYSTEM VALUE' : '';
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / names.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = names.map((name) => {
        values.push(toParameter(row[name] ?? null));
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await client.query(
      `INSERT INTO ${quote(table)} (${names.map(quote).join(', ')})${overriding} VALUES ${tuples.join(', ')}`,
      values,
    );
  }
}

/**
 * Copies every row of `db` into the database of `client` (migrated, with no rows yet), in one transaction; refuses
 * when a table already has rows or the two databases' tables differ. Answers how many tables and rows it copied.
 */
export async function copySqliteToPostgres(
  db: Database,
  client: ClientBase,
): Promise<{ tables: number; rows: number }> {
  const { tables, keys } = await postgresSchema(client);
  const fromSqlite = sqliteTables(db.sqlite);
  const missing = [...fromSqlite].filter((table) => !tables.has(table));
  const extra = [...tables.keys()].filter((table) => !fromSqlite.has(table));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(
      `the two databases' tables differ (only on SQLite: ${missing.join(', ') || 'none'}; only on PostgreSQL: ` +
        `${extra.join(', ') || 'none'}): migrate both to the same version first`,
    );
  const order = parentsFirst([...tables.keys()], keys);
  let copied = 0;
  await client.query('BEGIN');
  try {
    // First, as it locks the tables: a copy running at the same time waits, then finds this one's rows.
    for (const table of order) await client.query(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`);
    for (const table of order) {
      const { rows } = await client.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS any`,
      );
      if (rows[0]?.any)
        throw new Error(
          `the PostgreSQL database already has rows (in ${table}): copy only into an empty one`,
        );
    }
    for (const table of order) {
      const columns = (tables.get(table) ?? []).filter((column) => !column.generated);
      const select = `SELECT ${columns.map((column) => quote(column.column)).join(', ')} FROM ${quote(table)}`;
      const rows = db.sqlite.prepare(select).all() as Record<string, SQLInputValue>[];
      const selfKeys = keys.filter((key) => key.child === table && key.parent === table);
      await insertRows(client, table, columns, selfParentsFirst(rows, selfKeys));
      copied += rows.length;
      for (const column of columns.filter((each) => each.identity && rows.length > 0))
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), (SELECT max(${quote(column.column)}) FROM ${quote(table)}))`,
          [quote(table), column.column],
        );
    }
    for (const table of order) await client.query(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return { tables: order.length, rows: copied };
}
