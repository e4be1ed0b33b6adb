/**
 * Versioned migrations, applied in order, each once, each in its own transaction: one source for SQLite (here) and
 * PostgreSQL (postgres/migrate.ts). What the two spell differently comes from the dialect's DDL pieces
 * (dialect/ddl.ts).
 */
import type { Database } from './database.ts';
import type { Ddl } from './dialect/ddl.ts';
import { sqliteDdl } from './dialect/sqlite.ts';
import { migrations01To05 } from './migrations-01-05.ts';
import { migrations06To10 } from './migrations-06-10.ts';
import { migrations11To15 } from './migrations-11-15.ts';
import { migrations16To20 } from './migrations-16-20.ts';

export interface Migration {
  version: number;
  name: string;
  /** DDL in the subset of SQL that SQLite and PostgreSQL both run, with the dialect's pieces where they differ. */
  sql: string | ((ddl: Ddl) => string);
  /**
   * Rewrites data the SQL cannot (after it, in the same transaction). SQLite only: PostgreSQL databases begin at
   * the migrations of today, applied in one run, so no data of an older shape is there to rewrite (a migration
   * with data added later needs it for PostgreSQL too).
   */
  data?: (db: Database) => void;
}

/** The SQL of a migration in a dialect. */
export const migrationSql = (migration: Migration, ddl: Ddl): string =>
  typeof migration.sql === 'string' ? migration.sql : migration.sql(ddl);

/** The table of applied migrations (SQLite's `version` is a rowid alias, so PostgreSQL's is an identity too). */
export const migrationsTable = (ddl: Ddl) =>
  `CREATE TABLE IF NOT EXISTS migrations (version ${ddl.rowIdKey}, name TEXT NOT NULL, applied_at TEXT NOT NULL)`;

export const migrations: readonly Migration[] = [
  ...migrations01To05,
  ...migrations06To10,
  ...migrations11To15,
  ...migrations16To20,
];

/** Applies the migrations the database has not seen yet (of `list`: tests pass a prefix to build an old database). */
export function migrate(db: Database, list: readonly Migration[] = migrations): void {
  db.sqlite.exec(migrationsTable(sqliteDdl));
  const applied = new Set(db.all(db.q.selectFrom('migrations').select('version')).map((row) => row.version));
  for (const migration of list) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.sqlite.exec(migrationSql(migration, sqliteDdl));
      migration.data?.(db);
      db.run(
        db.q
          .insertInto('migrations')
          .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() }),
      );
    });
  }
}
