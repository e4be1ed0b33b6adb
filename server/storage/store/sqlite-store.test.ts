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
