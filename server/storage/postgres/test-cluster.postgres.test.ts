import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './test-cluster.ts';

describe('the test cluster', () => {
  let database: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client(database.config);
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('gives each file a database of its own, in UTF-8', async () => {
    const { rows } = await client.query<{ db: string; encoding: string }>(
      'SELECT current_database() AS db, pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = current_database()',
    );
    expect(rows[0]?.db).toBe(database.config.database);
    expect(rows[0]?.encoding).toBe('UTF8');
  });

  it("sorts text by code point, as SQLite's BINARY does, and lower() folds every script", async () => {
    const { rows } = await client.query<{ v: string }>(
      "SELECT v FROM (VALUES ('a'), ('B'), ('Z'), ('é'), ('0')) AS t(v) ORDER BY v",
    );
    expect(rows.map((row) => row.v)).toEqual(['0', 'B', 'Z', 'a', 'é']);
    const lowered = await client.query<{ v: string }>("SELECT lower('ÉCOLE ΣΟΦΙΑ') AS v");
    expect(lowered.rows[0]?.v).toBe('école σοφια');
  });

  it('drops a database with its connections still open', async () => {
    const other = await createTestDatabase();
    const open = new Client(other.config);
    await open.connect();
    open.on('error', () => {}); // the drop ends this connection
    await other.drop();
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      other.config.database,
    ]);
    expect(rows).toEqual([]);
  });
});
