import { DatabaseSync } from 'node:sqlite';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../database.ts';
import { migrate, migrations } from '../migrations.ts';
import { comparable, declaredDifferences } from '../shape/compare.ts';
import { declaredShape } from '../shape/declared-shape.ts';
import { postgresShape } from '../shape/postgres-shape.ts';
import { sqliteShape } from '../shape/sqlite-shape.ts';
import { SEARCH_CONFIGURATION, SEARCH_VECTOR } from '../dialect/postgres.ts';
import { migratePostgres } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-cluster.ts';
import { RECOUNTS, TRIGGER_READS, TRIGGER_WRITES } from './triggers.fixture.ts';

/** A database of the test cluster with a connection to it, both closed by `close`. */
async function connected(
  create?: string,
): Promise<{ client: Client; database: TestDatabase; close(): Promise<void> }> {
  const database = await createTestDatabase({ create });
  const client = new Client(database.config);
  await client.connect();
  return {
    client,
    database,
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

function migratedSqlite(): Database {
  const db = new Database(new DatabaseSync(':memory:'));
  db.sqlite.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  return db;
}

describe('the migrations on PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof connected>>;
  let sqlite: Database;
  beforeAll(async () => {
    postgres = await connected();
    await migratePostgres(postgres.client);
    sqlite = migratedSqlite();
  });
  afterAll(async () => {
    await postgres.close();
    sqlite.close();
  });

  it("make SQLite's schema: tables, columns, keys, indexes and triggers", async () => {
    expect(comparable(await postgresShape(postgres.client))).toEqual(comparable(sqliteShape(sqlite.sqlite)));
  });

  it('make what schema.ts declares', async () => {
    expect(declaredDifferences(declaredShape(), await postgresShape(postgres.client))).toEqual([]);
  });

  it("keep the counters and clean up as SQLite's triggers do", async () => {
    sqlite.sqlite.exec(TRIGGER_WRITES);
    await postgres.client.query(TRIGGER_WRITES);
    for (const [name, read] of Object.entries(TRIGGER_READS)) {
      const kept = (await postgres.client.query(read)).rows;
      expect(kept, name).toEqual(
        sqlite.sqlite
          .prepare(read)
          .all()
          .map((row) => ({ ...row })),
      );
      const recount = RECOUNTS[name as keyof typeof TRIGGER_READS];
      if (recount !== undefined)
        expect(kept, `${name} counted afresh`).toEqual((await postgres.client.query(recount)).rows);
    }
    // The writes reached every case: a few of the counts they leave, by hand.
    expect((await postgres.client.query(TRIGGER_READS.organizations)).rows).toEqual([
      { id: 'o1', member_count: 1, permission_count: 2 },
    ]);
  });

  it('make a full-text table that finds words whatever their case and diacritics, as FTS5 does', async () => {
    const page = (rowId: number, title: string, body: string) =>
      `INSERT INTO search_pages (rowid, title, body, space_id, page_id, path)
       VALUES (${rowId}, '${title}', '${body}', 's', 'p${rowId}', 'x')`;
    const pages = [
      page(1, 'École', 'Les élèves'),
      page(2, 'Garden', 'The ECOLE word in a body'),
      page(3, 'Other', 'none'),
    ];
    for (const insert of pages) {
      sqlite.sqlite.exec(insert);
      await postgres.client.query(insert);
    }
    const fts5 = sqlite.sqlite
      .prepare("SELECT rowid FROM search_pages WHERE search_pages MATCH 'ecole' ORDER BY rowid")
      .all()
      .map((row) => Number(row.rowid));
    // The title weighs more than the body (A and B), as bm25's weights (10, 1) make it on SQLite.
    const { rows } = await postgres.client.query<{ rowid: string }>(
      `SELECT rowid FROM search_pages WHERE ${SEARCH_VECTOR} @@ plainto_tsquery('${SEARCH_CONFIGURATION}', 'ecole')
       ORDER BY ts_rank(${SEARCH_VECTOR}, plainto_tsquery('${SEARCH_CONFIGURATION}', 'ecole')) DESC`,
    );
    expect(rows.map((row) => Number(row.rowid))).toEqual([1, 2]);
    expect(fts5).toEqual([1, 2]);
  });
});

describe('migrating PostgreSQL', () => {
  it('applies each migration once, also when two processes start at once', async () => {
    const first = await connected();
    const second = new Client(first.database.config);
    await second.connect();
    try {
      await Promise.all([migratePostgres(first.client), migratePostgres(second)]);
      await migratePostgres(first.client);
      const { rows } = await first.client.query<{ version: string }>(
        'SELECT version FROM migrations ORDER BY version',
      );
      expect(rows.map((row) => Number(row.version))).toEqual(
        migrations.map((migration) => migration.version),
      );
    } finally {
      await second.end();
      await first.close();
    }
  });

  it('refuses a database whose lower() folds ASCII only', async () => {
    const database = await connected("LC_CTYPE 'C'");
    try {
      await expect(migratePostgres(database.client)).rejects.toThrow(/character type "C".*--locale=C.UTF-8/);
    } finally {
      await database.close();
    }
  });
});
