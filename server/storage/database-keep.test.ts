import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

describe('reads kept for the next identical read (Database.keep)', () => {
  const db = openDatabase(':memory:');
  const addUser = (id: string) =>
    db.run(
      db.q
        .insertInto('users')
        .values({ id, email: `${id}@x.org`, display_name: id, photo_url: null, created_at: '2026-01-01' }),
    );
  const read = () => db.first(db.q.selectFrom('users').select('id').where('id', '=', 'u1'));

  it('gives a kept read once, while nothing was written', () => {
    db.keep('k', { id: 'kept' });
    expect(read()).toBeUndefined();
    expect(db.takeKept('k')).toEqual({ id: 'kept' });
    expect(db.takeKept('k')).toBeUndefined();
  });

  it('drops a kept read once a write ran: by run, in a transaction, or returning rows', () => {
    db.keep('k', 'before');
    addUser('u1');
    expect(db.takeKept('k')).toBeUndefined();

    db.keep('k', 'before');
    db.transaction(() => undefined);
    expect(db.takeKept('k')).toBeUndefined();

    db.keep('k', 'before');
    db.first(
      db.q
        .insertInto('users')
        .values({
          id: 'u2',
          email: 'u2@x.org',
          display_name: 'u2',
          photo_url: null,
          created_at: '2026-01-01',
        })
        .returning('id'),
    );
    expect(db.takeKept('k')).toBeUndefined();
  });

  it('keeps a read across other reads, and forgets every kept read when asked', () => {
    db.keep('k', 'before');
    expect(read()).toEqual({ id: 'u1' });
    expect(db.takeKept('k')).toBe('before');

    db.keep('a', 1);
    db.keep('b', 2);
    db.forgetKept();
    expect(db.takeKept('a')).toBeUndefined();
    expect(db.takeKept('b')).toBeUndefined();
  });
});
