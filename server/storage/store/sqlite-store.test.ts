import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builder, DATABASE_FILE, openDatabase } from '../database.ts';
import { insertRow } from '../prepared.ts';
import { storeConformance } from './conformance.fixture.ts';
import { SqliteStore } from './sqlite-store.ts';
import { ConflictError } from './store.ts';

storeConformance('SQLite', async () => {
  const store = new SqliteStore(openDatabase(':memory:'));
  return { store, close: () => store.close() };
});

describe('the SQLite store beside the synchronous Database', () => {
  it('refuses a synchronous statement while an async transaction is open, and allows it after', async () => {
    const db = openDatabase(':memory:');
    const store = new SqliteStore(db);
    const read = () => db.all(builder.selectFrom('users').select('id'));
    await store.transaction(async (tx) => {
      await tx.run(
        insertRow('users', { id: 'u1', email: 'e', display_name: 'U', photo_url: null, created_at: 'x' }),
      );
      expect(read).toThrow(/async transaction is open/);
      expect(() => db.transaction(() => 1)).toThrow(/async transaction is open/);
    });
    expect(read()).toEqual([{ id: 'u1' }]);
    await store.close();
  });

  it('runs the work of a transaction that awaits only its statements before any callback of the event loop', async () => {
    // Nothing but microtasks runs between the awaits of such a work (the handlers' transactions await only their
    // statements), so no other code meets the fence during it; the group's commit comes at the loop's check phase.
    const db = openDatabase(':memory:');
    const store = new SqliteStore(db);
    const callbacks: string[] = [];
    setImmediate(() => callbacks.push('immediate'));
    setTimeout(() => callbacks.push('timer'), 0);
    const seen = await store.transaction(async (tx) => {
      for (let index = 0; index < 50; index++)
        await tx.run(
          insertRow('users', {
            id: `u${index}`,
            email: `u${index}@x.org`,
            display_name: 'U',
            photo_url: null,
            created_at: 'x',
          }),
        );
      await tx.transaction(async (inner) => inner.all(builder.selectFrom('users').select('id')));
      return [...callbacks];
    });
    expect(seen).toEqual([]);
    expect(db.fenced).toBe(false);
    expect(db.all(builder.selectFrom('users').select('id'))).toHaveLength(50);
    await store.close();
  });

  it('runs transactions one after another: a second starts when the first has ended', async () => {
    const store = new SqliteStore(openDatabase(':memory:'));
    const events: string[] = [];
    const step = (name: string) => async () => {
      events.push(`${name} begins`);
      await new Promise<void>((resolve) => setImmediate(resolve));
      events.push(`${name} ends`);
    };
    await Promise.all([store.transaction(step('a')), store.transaction(step('b'))]);
    expect(events).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    await store.close();
  });
});

describe('group commit: transactions started together commit together', () => {
  let dir: string;
  let store: SqliteStore;
  /** Another connection on the same file: it sees only what is committed. */
  let other: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-admin-group-'));
    store = new SqliteStore(openDatabase(dir));
    other = new DatabaseSync(join(dir, DATABASE_FILE));
  });
  afterEach(async () => {
    other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const user = (id: string) =>
    insertRow('users', { id, email: `${id}@x.org`, display_name: id, photo_url: null, created_at: 'x' });
  const committedIds = () =>
    other
      .prepare('SELECT id FROM users ORDER BY id')
      .all()
      .map((row) => row.id);
  const ids = (count: number, prefix = 'u') =>
    Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(2, '0')}`);

  it('commits 20 concurrent transactions in one commit, each answered once its write is committed', async () => {
    const commitsBefore = store.commits;
    const seenByOthersInWork: unknown[][] = [];
    const seenByOthersWhenAnswered: unknown[][] = [];
    await Promise.all(
      ids(20).map((id) =>
        store
          .transaction(async (tx) => {
            await tx.run(user(id));
            seenByOthersInWork.push(committedIds());
            return id;
          })
          .then((answered) => {
            seenByOthersWhenAnswered.push(committedIds());
            return answered;
          }),
      ),
    );
    expect(store.commits - commitsBefore).toBe(1);
    // Not committed while the group ran; every write committed by the time the first caller was answered.
    expect(seenByOthersInWork).toEqual(ids(20).map(() => []));
    expect(seenByOthersWhenAnswered).toEqual(ids(20).map(() => ids(20)));
  });

  it('fails only the transaction that throws (or conflicts), with nothing of it written', async () => {
    const commitsBefore = store.commits;
    const results = await Promise.allSettled([
      store.transaction(async (tx) => tx.run(user('a1'))),
      store.transaction(async (tx) => {
        // Two writes, then a failure: neither may stay.
        await tx.run(user('b1'));
        await tx.run(user('b2'));
        throw new Error('b refuses');
      }),
      store.transaction(async (tx) => {
        await tx.run(user('c1'));
        // a1 is taken by the first member of the group: a unique key's refusal, for this member alone.
        await tx.run(user('a1'));
      }),
      store.transaction(async (tx) => {
        // The writes of the members before it are visible to it, as if they had committed first.
        const seen = await tx.all(builder.selectFrom('users').select('id').orderBy('id'));
        await tx.run(user('d1'));
        return seen.map((row) => row.id);
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('b refuses'));
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect((results[3] as PromiseFulfilledResult<string[]>).value).toEqual(['a1']);
    expect(committedIds()).toEqual(['a1', 'd1']);
    expect(store.commits - commitsBefore).toBe(1);
  });

  it('fails every member when the commit fails, and writes none of them', async () => {
    const membership = insertRow('members', {
      organization_id: 'no-such-organization',
      user_id: 'm1',
      role: null,
      disabled: 0,
      sso: 0,
      joined_at: 'x',
      last_seen_at: null,
    });
    const results = await Promise.allSettled([
      store.transaction(async (tx) => tx.run(user('m1'))),
      store.transaction(async (tx) => {
        // Foreign keys checked at COMMIT only: the membership's missing organization fails the group's commit.
        store.db.sqlite.exec('PRAGMA defer_foreign_keys = ON');
        await tx.run(membership);
      }),
      store.transaction(async (tx) => tx.run(user('m2'))),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committedIds()).toEqual([]);
    expect(store.db.sqlite.isTransaction).toBe(false);
    // The store goes on: the next transaction commits.
    await store.transaction(async (tx) => tx.run(user('m3')));
    expect(committedIds()).toEqual(['m3']);
  });

  it('commits an open group first when synchronous code meets it between two members', async () => {
    let readBySyncCode: unknown[] = [];
    // Scheduled before the group opens, so it runs after the member's work and before the group's own commit.
    setImmediate(() => {
      readBySyncCode = store.db.all(builder.selectFrom('users').select('id')).map((row) => row.id);
    });
    const commitsBefore = store.commits;
    await store.transaction(async (tx) => tx.run(user('s1')));
    expect(readBySyncCode).toEqual(['s1']);
    expect(committedIds()).toEqual(['s1']);
    expect(store.commits - commitsBefore).toBe(1);
    expect(store.db.fenced).toBe(false);
  });

  it('lets statements outside transactions wait for the commit, never reading a write not yet committed', async () => {
    const writing = store.transaction(async (tx) => tx.run(user('o1')));
    const read = store.all(builder.selectFrom('users').select('id'));
    const answered: string[] = [];
    await Promise.all([writing.then(() => answered.push('write')), read.then(() => answered.push('read'))]);
    expect(await read).toEqual([{ id: 'o1' }]);
    expect(answered).toEqual(['write', 'read']);
  });
});
