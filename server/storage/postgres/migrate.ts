/**
 * The migrations (../migrations.ts, the one source) applied to a PostgreSQL database: each once, each in its own
 * transaction, under an advisory lock so that server processes starting together over one database apply each
 * migration once between them.
 */
import type { ClientBase } from 'pg';
import { postgresDdl } from '../dialect/postgres.ts';
import { migrations, migrationSql, migrationsTable, type Migration } from '../migrations.ts';

/** The advisory lock held while migrating (any number unlikely to be another application's: "docsadmn" in ASCII). */
const MIGRATION_LOCK = '7237112473414036846';

/** Collations that order text by code point (SQLite's BINARY order, on which sort keys and cursors rely). */
const CODE_POINT_ORDER = /^(c|posix|c\.utf-?8)$/i;

/**
 * Refuses a database whose text does not sort by code point, or whose lower() folds ASCII only: the server would
 * order siblings and pages differently there than on SQLite.
 */
async function checkLocale(client: ClientBase): Promise<void> {
  const { rows } = await client.query<{ d: Record<string, string | null> }>(
    'SELECT to_jsonb(d) AS d FROM pg_database AS d WHERE datname = current_database()',
  );
  const database = rows[0]?.d ?? {};
  // PostgreSQL 17's builtin C.UTF-8 provider does both; with libc, the collation and the character type say it.
  if (database.datlocprovider === 'b' && database.datlocale === 'C.UTF-8') return;
  const collate = database.datcollate ?? '';
  const ctype = database.datctype ?? '';
  if (database.datlocprovider !== 'i' && CODE_POINT_ORDER.test(collate) && /utf-?8/i.test(ctype)) return;
  throw new Error(
    `database ${database.datname} has collation "${collate}" and character type "${ctype}": the server needs text ` +
      'sorted by code point with Unicode case folding; create the database with ' +
      '`createdb --template=template0 --encoding=UTF8 --locale=C.UTF-8 <name>`',
  );
}

/** Applies the migrations the database has not seen yet (of `list`: tests pass a prefix to build an old database). */
export async function migratePostgres(
  client: ClientBase,
  list: readonly Migration[] = migrations,
): Promise<void> {
  await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await checkLocale(client);
    await client.query(migrationsTable(postgresDdl));
    // BIGINT: node-postgres answers it as a string.
    const { rows } = await client.query<{ version: string }>('SELECT version FROM migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    for (const migration of list) {
      if (applied.has(migration.version)) continue;
      // A data step rewrites rows of an older shape, which only a database made before PostgreSQL was supported has.
      if (migration.data !== undefined && applied.size > 0)
        throw new Error(
          `migration ${migration.version} rewrites data on SQLite only; this database needs it`,
        );
      await client.query('BEGIN');
      try {
        await client.query(migrationSql(migration, postgresDdl));
        await client.query('INSERT INTO migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.version} (${migration.name}) failed on PostgreSQL`, {
          cause: error,
        });
      }
    }
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
