import { describe, expect, it } from 'vitest';
import { builder, openDatabase } from '../database.ts';
import { insertRow } from '../prepared.ts';
import { storeConformance } from './conformance.fixture.ts';
import { SqliteStore } from './sqlite-store.ts';

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

  it('runs a transaction that awaits only its statements to its commit before any callback of the event loop', async () => {
    // What keeps the fence from refusing other code's synchronous statements: nothing but microtasks runs between
    // the awaits of such a transaction (the handlers' transactions await only their statements).
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
    expect(callbacks).toEqual([]);
    expect(db.fenced).toBe(false);
    expect(db.all(builder.selectFrom('users').select('id'))).toHaveLength(50);
    await store.close();
  });

  it('runs transactions one after another: a second starts when the first has committed', async () => {
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
