/**
 * The synchronous `Database` of a server whose store is not SQLite (`serve --database postgres://…`): there is none.
 * Code not yet converted to the store (storage/README.md, the plan) still reaches for `services.db`; on such a server
 * every use of it throws `NoSyncDatabase`, which the error handler answers 501 naming the operation. So a handler
 * not yet converted answers 501 at its first synchronous statement, and the list of them shrinks by itself as
 * domains convert: nothing reads or writes another database instead.
 */
import type { Database } from './database.ts';

/** Thrown by any use of the synchronous `Database` on a server without one. */
export class NoSyncDatabase extends Error {
  constructor() {
    super('this code still uses the synchronous SQLite Database, which a server on PostgreSQL does not have');
    this.name = 'NoSyncDatabase';
  }
}

/**
 * A `Database` that throws `NoSyncDatabase` on any property read (a method, `sqlite`, `q`, `fenced`). `then` reads
 * as undefined, so that awaiting a value that holds it does not throw.
 */
export function noSyncDatabase(): Database {
  return new Proxy(Object.create(null) as Database, {
    get(_target, property) {
      if (property === 'then' || typeof property === 'symbol') return undefined;
      throw new NoSyncDatabase();
    },
    set() {
      throw new NoSyncDatabase();
    },
  });
}
