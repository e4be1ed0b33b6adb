/**
 * A private PostgreSQL for a benchmark, started as the `postgres` test project starts it (server/storage/postgres/
 * test-cluster.ts: Debian's binaries, `initdb` in a temporary folder, a Unix socket only, never docker), with one
 * migrated database holding a copy of a seeded SQLite data directory (copy-from-sqlite.ts). The cluster is the
 * tests' one: no fsync and `synchronous_commit = off`, as the SQLite side's WAL with `synchronous = NORMAL` does
 * not sync each commit either.
 */
import { Client } from 'pg';
import { openDatabase } from '../server/storage/database.ts';
import { copySqliteToPostgres } from '../server/storage/postgres/copy-from-sqlite.ts';
import { migratePostgres } from '../server/storage/postgres/migrate.ts';
import { createTestDatabase, startTestCluster } from '../server/storage/postgres/test-cluster.ts';

export interface BenchPostgres {
  /** A `postgres://` URL of the database (the socket folder in its `host` parameter). */
  url: string;
  /** Rows copied from the SQLite data directory. */
  rows: number;
  /**
   * Transactions the database rolled back so far (`pg_stat_database.xact_rollback`): in a run of 2xx answers, the
   * serialization failures the store retried.
   */
  rolledBack(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the cluster and copies `dataDir`'s SQLite database into a new database on it. */
export async function startBenchPostgres(dataDir: string): Promise<BenchPostgres> {
  const cluster = await startTestCluster();
  try {
    const database = await createTestDatabase({ address: cluster });
    const client = new Client(database.config);
    await client.connect();
    const sqlite = openDatabase(dataDir);
    let rows: number;
    try {
      await migratePostgres(client);
      ({ rows } = await copySqliteToPostgres(sqlite, client));
      // Fresh statistics for the planner, as autovacuum would gather them after a bulk load.
      await client.query('ANALYZE');
    } finally {
      sqlite.close();
      await client.end();
    }
    const url = `postgres://${cluster.user}@localhost:${cluster.port}/${database.config.database}?host=${encodeURIComponent(cluster.host)}`;
    const rolledBack = async () => {
      const reader = new Client(database.config);
      await reader.connect();
      try {
        // The statistics are sent by each backend when it goes idle; a fresh snapshot of them.
        await reader.query('SELECT pg_stat_clear_snapshot()');
        const { rows: stats } = await reader.query<{ n: string }>(
          'SELECT xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
        );
        return Number(stats[0]?.n ?? 0);
      } finally {
        await reader.end();
      }
    };
    return { url, rows, rolledBack, stop: () => cluster.stop() };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
