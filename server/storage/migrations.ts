/** Versioned migrations, applied in order, each once, each in its own transaction. */
import type { Database } from './database.ts';
import { migrations01To05 } from './migrations-01-05.ts';
import { migrations06To10 } from './migrations-06-10.ts';
import { migrations11To15 } from './migrations-11-15.ts';
import { migrations16To20 } from './migrations-16-20.ts';

export interface Migration {
  version: number;
  name: string;
  /** DDL in the subset of SQL that SQLite and PostgreSQL both run. */
  sql: string;
  /** Rewrites data the SQL cannot (after it, in the same transaction). */
  data?: (db: Database) => void;
}

export const migrations: readonly Migration[] = [
  ...migrations01To05,
  ...migrations06To10,
  ...migrations11To15,
  ...migrations16To20,
];

/** Applies the migrations the database has not seen yet (of `list`: tests pass a prefix to build an old database). */
export function migrate(db: Database, list: readonly Migration[] = migrations): void {
  db.sqlite.exec(
    'CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(db.all(db.q.selectFrom('migrations').select('version')).map((row) => row.version));
  for (const migration of list) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.sqlite.exec(migration.sql);
      migration.data?.(db);
      db.run(
        db.q
          .insertInto('migrations')
          .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() }),
      );
    });
  }
}
