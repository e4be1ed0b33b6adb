/**
 * The behaviour both stores must have, one test body for each dialect: sqlite-store.test.ts and
 * postgres-store.postgres.test.ts run it on a migrated database of their own.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertRow, prepared } from '../prepared.ts';
import { builder } from '../database.ts';
import { ConflictError, type Statements, type Store } from './store.ts';

export interface OpenedStore {
  store: Store;
  close(): Promise<void>;
}

const user = (id: string) => ({
  id,
  email: `${id}@x.org`,
  display_name: id.toUpperCase(),
  photo_url: null,
  created_at: '2026-01-01',
});
const userIds = (on: Statements) =>
  on.all(builder.selectFrom('users').select('id').orderBy('id')).then((rows) => rows.map((row) => row.id));
const sizeOf = prepared((id: string) => builder.selectFrom('blobs').select('size').where('id', '=', id));
const setSize = prepared((size: number, id: string) =>
  builder.updateTable('blobs').set({ size }).where('id', '=', id),
);
const blob = (id: string, size: number) =>
  insertRow('blobs', { id, content_type: 'text/plain', size, data: new Uint8Array([0, 1, 255]) });

/** Read-modify-write of a blob's size, with an await between the read and the write. */
async function increment(tx: Statements, id: string, between: () => Promise<void>): Promise<void> {
  const row = await tx.first(sizeOf(id));
  await between();
  await tx.run(setSize((row?.size ?? 0) + 1, id));
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export function storeConformance(name: string, open: () => Promise<OpenedStore>): void {
  describe(`the ${name} store`, () => {
    let opened: OpenedStore;
    let store: Store;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(() => opened.close());
    beforeEach(async () => {
      await store.run(builder.deleteFrom('users'));
      await store.run(builder.deleteFrom('blobs'));
    });

    it('reads and writes, answering the rows changed and what RETURNING gives', async () => {
      await store.run(insertRow('users', user('u1')));
      await store.run(builder.insertInto('users').values(user('u2')));
      expect(await userIds(store)).toEqual(['u1', 'u2']);
      expect(
        await store.first(builder.selectFrom('users').select('email').where('id', '=', 'u9')),
      ).toBeUndefined();
      expect(await store.run(builder.updateTable('users').set({ photo_url: 'p' }))).toBe(2);
      const returned = await store.first(
        builder.insertInto('users').values(user('u3')).returning(['id', 'display_name']),
      );
      expect(returned).toEqual({ id: 'u3', display_name: 'U3' });
    });

    it('answers the same JS values: numbers for counts and numerics, 0/1 for comparisons, Uint8Array blobs', async () => {
      await store.run(blob('b1', 7));
      const row = await store.first(
        builder
          .selectFrom('blobs')
          .select((eb) => [
            'size',
            'data',
            eb.fn.countAll().as('count'),
            sql<number>`CAST(5 AS NUMERIC)`.as('numeric'),
            sql<number>`size = 7`.as('is_seven'),
            sql<number>`size = 8`.as('is_eight'),
          ])
          .groupBy(['size', 'data']),
      );
      expect(row).toEqual({
        size: 7,
        data: new Uint8Array([0, 1, 255]),
        count: 1,
        numeric: 5,
        is_seven: 1,
        is_eight: 0,
      });
      expect(row?.data.constructor).toBe(Uint8Array);
      await expect(
        store.first(builder.selectNoFrom(sql<number>`CAST(9007199254740993 AS BIGINT)`.as('big'))),
      ).rejects.toThrow(/too large/);
    });

    it('refuses a duplicate key as a ConflictError, in a transaction or not', async () => {
      await store.run(insertRow('users', user('u1')));
      const duplicate = store.run(insertRow('users', { ...user('u1'), email: 'other@x.org' }));
      await expect(duplicate).rejects.toBeInstanceOf(ConflictError);
      // The key is named the same way on both databases: its table and columns, never its values.
      await expect(duplicate).rejects.toHaveProperty('constraint', 'users (id)');
      const inTransaction = store.transaction(async (tx) => {
        await tx.run(insertRow('users', { ...user('u2'), email: 'u1@x.org' }));
      });
      await expect(inTransaction).rejects.toBeInstanceOf(ConflictError);
      await expect(inTransaction).rejects.toHaveProperty('constraint', 'users (email)');
      expect(await userIds(store)).toEqual(['u1']);
    });

    it('rolls a nested transaction back to its savepoint, keeping the outer writes', async () => {
      const answer = await store.transaction(async (tx) => {
        await tx.run(insertRow('users', user('u1')));
        await tx
          .transaction(async (inner) => {
            await inner.run(insertRow('users', user('u2')));
            expect(await userIds(inner)).toEqual(['u1', 'u2']);
            throw new Error('inner fails');
          })
          .catch((error: Error) => expect(error.message).toBe('inner fails'));
        await tx.transaction(async (inner) => {
          await inner.run(insertRow('users', user('u3')));
        });
        return userIds(tx);
      });
      expect(answer).toEqual(['u1', 'u3']);
      expect(await userIds(store)).toEqual(['u1', 'u3']);
    });

    it('rolls everything back when the work throws, nested transactions included', async () => {
      const failing = store.transaction(async (tx) => {
        await tx.run(insertRow('users', user('u1')));
        await tx.transaction((inner) => inner.run(insertRow('users', user('u2'))));
        throw new Error('outer fails');
      });
      await expect(failing).rejects.toThrow('outer fails');
      expect(await userIds(store)).toEqual([]);
    });

    it('loses no update when two transactions read-modify-write with an await between', async () => {
      await store.run(blob('counter', 0));
      await Promise.all([
        store.transaction((tx) => increment(tx, 'counter', tick)),
        store.transaction((tx) => increment(tx, 'counter', tick)),
      ]);
      expect(await store.first(sizeOf('counter'))).toEqual({ size: 2 });
    });

    it('never shows a transaction’s uncommitted writes to a read outside it', async () => {
      await store.run(blob('seen', 1));
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const writing = store.transaction(async (tx) => {
        await tx.run(setSize(2, 'seen'));
        entered();
        await gate;
      });
      await inside;
      let settledRead: number | undefined;
      const reading = store.first(sizeOf('seen')).then((row) => (settledRead = row?.size));
      try {
        // PostgreSQL answers the committed value while the transaction is open; SQLite's one connection holds the
        // read until the commit (the lock: no number of turns of the event loop lets it through).
        if (store.dialect === 'postgres') await reading;
        else for (let turn = 0; turn < 5; turn++) await tick();
        expect(settledRead).toBe(store.dialect === 'postgres' ? 1 : undefined);
      } finally {
        open();
      }
      await writing;
      await reading;
      expect(settledRead).toBe(store.dialect === 'postgres' ? 1 : 2);
      expect(await store.first(sizeOf('seen'))).toEqual({ size: 2 });
    });

    it('refuses a transaction’s handle once its work has settled', async () => {
      let leaked: Statements | undefined;
      await store.transaction(async (tx) => {
        leaked = tx;
      });
      await expect(leaked!.all(builder.selectFrom('users').select('id'))).rejects.toThrow(/has ended/);
    });

    it('keeps a read until a write runs through the store, in a transaction or not', async () => {
      store.keep('k', 'kept');
      await userIds(store);
      expect(store.takeKept('k')).toBe('kept');
      expect(store.takeKept('k')).toBeUndefined();

      store.keep('k', 'kept');
      await store.run(insertRow('users', user('u1')));
      expect(store.takeKept('k')).toBeUndefined();

      // A transaction's start counts as a write (as `Database.transaction`'s does): it drops the reads kept before.
      store.keep('k', 'kept');
      await store.transaction(async (tx) => {
        expect(tx.takeKept('k')).toBeUndefined();
        tx.keep('k2', 'inside');
        await tx.run(setSize(1, 'none'));
      });
      expect(store.takeKept('k2')).toBeUndefined();

      store.keep('a', 1);
      store.forgetKept();
      expect(store.takeKept('a')).toBeUndefined();
    });
  });
}
