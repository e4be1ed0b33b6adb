import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builder } from '../database.ts';
import type { TestDatabase } from '../postgres/test-cluster.ts';
import { insertRow, prepared } from '../prepared.ts';
import { storeConformance } from './conformance.fixture.ts';
import { PostgresStore } from './postgres-store.ts';
import { BusyError } from './store.ts';
import { createMigratedDatabase } from '../../test/postgres-server.ts';

storeConformance('PostgreSQL', async () => {
  const database = await createMigratedDatabase();
  const store = PostgresStore.open(database.config);
  return {
    store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
});

const sizeOf = prepared((id: string) => builder.selectFrom('blobs').select('size').where('id', '=', id));
const setSize = prepared((size: number, id: string) =>
  builder.updateTable('blobs').set({ size }).where('id', '=', id),
);
const blob = (id: string) =>
  insertRow('blobs', { id, content_type: 'text/plain', size: 0, data: new Uint8Array() });

/** A promise that resolves once `count` callers have reached it. */
function barrier(count: number): () => Promise<void> {
  let reached = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++reached === count) open();
    return opened;
  };
}

describe('the PostgreSQL store under concurrency', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase();
  });
  afterAll(() => database.drop());

  it('runs again the transaction that failed to serialize, losing no update', async () => {
    const store = PostgresStore.open(database.config);
    try {
      await store.run(blob('forced'));
      // Both first attempts read 0 before either writes: one of them must fail and run again.
      const bothRead = barrier(2);
      let attempts = 0;
      const increment = () =>
        store.transaction(async (tx) => {
          attempts++;
          const row = await tx.first(sizeOf('forced'));
          if (attempts <= 2) await bothRead();
          await tx.run(setSize((row?.size ?? 0) + 1, 'forced'));
        });
      await Promise.all([increment(), increment()]);
      expect(await store.first(sizeOf('forced'))).toEqual({ size: 2 });
      expect(attempts).toBe(3);
    } finally {
      await store.close();
    }
  });

  it('runs its retries one at a time, so that writers of one row all commit within the attempts', async () => {
    const store = PostgresStore.open(database.config);
    try {
      await store.run(blob('crowded'));
      // Eight first attempts all read before any writes: one commits, seven fail to serialize. Run again side by
      // side, they would meet again (20 renames of one team ran out of 8 attempts, 1-3 of them); one at a time, each
      // commits at its first retry.
      const allRead = barrier(8);
      let attempts = 0;
      const increment = () =>
        store.transaction(async (tx) => {
          attempts++;
          const row = await tx.first(sizeOf('crowded'));
          if (attempts <= 8) await allRead();
          await tx.run(setSize((row?.size ?? 0) + 1, 'crowded'));
        });
      await Promise.all(Array.from({ length: 8 }, increment));
      expect(await store.first(sizeOf('crowded'))).toEqual({ size: 8 });
      expect(attempts).toBe(15);
    } finally {
      await store.close();
    }
  });

  it('gives up with a BusyError when its attempts are spent', async () => {
    const store = PostgresStore.open(database.config, { maxAttempts: 1 });
    try {
      await store.run(blob('busy'));
      // Both read before either writes: the second writer fails to serialize, and has no attempt left.
      const bothRead = barrier(2);
      const increment = () =>
        store.transaction(async (tx) => {
          const row = await tx.first(sizeOf('busy'));
          await bothRead();
          await tx.run(setSize((row?.size ?? 0) + 1, 'busy'));
        });
      const results = await Promise.allSettled([increment(), increment()]);
      const rejected = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toBeInstanceOf(BusyError);
      expect(await store.first(sizeOf('busy'))).toEqual({ size: 1 });
    } finally {
      await store.close();
    }
  });

  it('keeps two servers on one database consistent: each its own pool, interleaved increments', async () => {
    // Many attempts: which server wins each conflict is chance, and a test must not fail on a run of bad luck.
    const servers = [0, 1].map(() => PostgresStore.open(database.config, { maxAttempts: 40 }));
    try {
      await servers[0]!.run(blob('shared'));
      // Each server increments ten times in sequence, the two side by side, as two processes' requests would.
      const serve = async (server: PostgresStore) => {
        for (let count = 0; count < 10; count++)
          await server.transaction(async (tx) => {
            const row = await tx.first(sizeOf('shared'));
            await new Promise<void>((resolve) => setImmediate(resolve));
            await tx.run(setSize((row?.size ?? 0) + 1, 'shared'));
          });
      };
      await Promise.all(servers.map(serve));
      expect(await servers[1]!.first(sizeOf('shared'))).toEqual({ size: 20 });
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
