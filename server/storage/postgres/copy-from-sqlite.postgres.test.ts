// copySqliteToPostgres: the demo seed, written on SQLite, copied into a migrated PostgreSQL database of the test
// cluster; every table then holds the same rows on both, the triggers count again afterwards, and a second copy is
// refused without a change.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo.ts';
import { openDatabase, type Database } from '../database.ts';
import { storeTypes } from '../store/postgres-values.ts';
import { copySqliteToPostgres } from './copy-from-sqlite.ts';
import { migratePostgres } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-cluster.ts';

let database: TestDatabase;
let client: Client;
let sqlite: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client({ ...database.config, types: storeTypes });
  await client.connect();
  await migratePostgres(client);
  sqlite = openDatabase(':memory:');
  seedDemo(sqlite, new Date('2026-03-01T09:00:00.000Z'));
});

afterAll(async () => {
  sqlite.close();
  await client.end();
  await database.drop();
});

/** A table's rows as comparable text, sorted (the two databases order NULLs and ties differently). */
const asText = (rows: Record<string, unknown>[]) =>
  rows
    .map((row) =>
      JSON.stringify(row, (_key, value: unknown) =>
        value instanceof Uint8Array ? `bytes:${Buffer.from(value).toString('hex')}` : value,
      ),
    )
    .sort();

/** The tables of the PostgreSQL database and their columns that are not computed. */
async function tablesOf(): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; column: string }>(`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_generated = 'NEVER' AND table_name <> 'migrations'
    ORDER BY table_name, ordinal_position`);
  const tables = new Map<string, string[]>();
  for (const { table, column } of rows) tables.set(table, [...(tables.get(table) ?? []), column]);
  return tables;
}

const memberCount = async () =>
  (await client.query<{ n: number }>('SELECT sum(member_count) AS n FROM organizations')).rows[0]?.n;

describe('copySqliteToPostgres', () => {
  it('copies every row of every table, then the triggers count again', async () => {
    const result = await copySqliteToPostgres(sqlite, client);
    const tables = await tablesOf();
    expect(result.tables).toBe(tables.size);
    let rows = 0;
    for (const [table, columns] of tables) {
      const select = `SELECT ${columns.map((column) => `"${column}"`).join(', ')} FROM "${table}"`;
      const there = (await client.query<Record<string, unknown>>(select)).rows;
      const here = sqlite.sqlite.prepare(select).all() as Record<string, unknown>[];
      expect({ table, rows: asText(there) }).toEqual({ table, rows: asText(here) });
      rows += here.length;
    }
    expect(result.rows).toBe(rows);
    // The demo has members, teams, spaces and their derived rows: a copy that skipped tables would not get here.
    expect(rows).toBeGreaterThan(100);

    // The triggers are on again: a new member counts once.
    const before = await memberCount();
    await client.query(`
      INSERT INTO users (id, email, display_name, created_at) VALUES ('copy-new', 'new@x.org', 'New', 't');
      INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
        SELECT id, 'copy-new', 'read', 0, 0, 't' FROM organizations ORDER BY id LIMIT 1;`);
    expect(await memberCount()).toBe((before ?? 0) + 1);
  });

  it('refuses a database that already has rows, and changes nothing', async () => {
    const count = async () =>
      (await client.query<{ n: number }>('SELECT count(*) AS n FROM users')).rows[0]?.n;
    const before = await count();
    await expect(copySqliteToPostgres(sqlite, client)).rejects.toThrow(/already has rows/);
    expect(await count()).toBe(before);
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*) AS n FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});
