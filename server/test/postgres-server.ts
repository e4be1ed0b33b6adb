/**
 * The test server's storage on PostgreSQL (`DOCS_ADMIN_TEST_DATABASE=postgres`, the `server-postgres` project): a
 * fresh database of the test cluster per test server, copied from a migrated template (the project's global setup
 * makes one per run; without it, each test process makes its own), served by a `PostgresStore`, with a synchronous
 * stand-in for the factories and the tests' reads (sync-postgres.ts) that only the test sees. The data directory
 * names its database, so that a server started on another's data directory (a restart) finds the same data.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type ClientConfig } from 'pg';
import type { Database } from '../storage/database.ts';
import { migratePostgres } from '../storage/postgres/migrate.ts';
import {
  createTestDatabase,
  testDatabaseNamed,
  type TestDatabase,
} from '../storage/postgres/test-cluster.ts';
import { PostgresStore } from '../storage/store/postgres-store.ts';
import { SyncPostgresDatabase } from './sync-postgres.ts';

/** `postgres`: the test servers of this process run on PostgreSQL; anything else (or unset): on SQLite. */
export const TEST_DATABASE_ENV = 'DOCS_ADMIN_TEST_DATABASE';
/** The migrated database that each test server's database copies (set by server/test/postgres-global-setup.ts). */
export const TEMPLATE_ENV = 'DOCS_ADMIN_TEST_POSTGRES_TEMPLATE';
/** The file of a data directory that names its PostgreSQL database. */
const MARKER = 'postgres-database';

export const testServersOnPostgres = () => process.env[TEST_DATABASE_ENV] === 'postgres';

/** A new database of the test cluster with every migration applied. */
export async function createMigratedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const client = new Client(database.config);
  await client.connect();
  try {
    await migratePostgres(client);
  } finally {
    await client.end();
  }
  return database;
}

let ownTemplate: Promise<string> | undefined;

/** The migrated template's name: the run's, or one this process makes once. */
function templateName(): Promise<string> {
  const published = process.env[TEMPLATE_ENV];
  if (published) return Promise.resolve(published);
  ownTemplate ??= createMigratedDatabase().then((database) => database.config.database!);
  return ownTemplate;
}

export interface TestPostgres {
  store: PostgresStore;
  /** The test's synchronous database (never the server's). */
  db: Database;
  config: ClientConfig;
  /** Closes the store and the test's connection; drops the database unless `keepData`. */
  close(keepData: boolean): Promise<void>;
}

/** The database of a test server's data directory: the one it names, or a new one that it then names. */
export async function openTestPostgres(dataDir: string): Promise<TestPostgres> {
  const marker = join(dataDir, MARKER);
  let database: TestDatabase;
  if (existsSync(marker)) database = testDatabaseNamed(readFileSync(marker, 'utf8').trim());
  else {
    database = await createTestDatabase({ template: await templateName() });
    writeFileSync(marker, database.config.database!);
  }
  const store = PostgresStore.open(database.config);
  const sync = new SyncPostgresDatabase(database.config);
  return {
    store,
    db: sync.asDatabase(),
    config: database.config,
    async close(keepData) {
      await store.close();
      await sync.close();
      if (!keepData) await database.drop();
    },
  };
}
