import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { prepared } from './prepared.ts';

describe('prepared queries', () => {
  const db = openDatabase(':memory:');
  db.run(
    db.q
      .insertInto('users')
      .values({ id: 'u1', email: 'a@x.org', display_name: 'A', photo_url: null, created_at: '2026-01-01' }),
  );
  db.run(
    db.q
      .insertInto('users')
      .values({ id: 'u2', email: 'b@x.org', display_name: 'B', photo_url: null, created_at: '2026-01-02' }),
  );
  const byEmail = prepared((email: string, after: string) =>
    db.q
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('email', '=', email)
      .where('created_at', '>', after)
      .where('photo_url', 'is', null),
  );

  it('binds each call its own arguments to the SQL built once', () => {
    expect(db.first(byEmail('a@x.org', '2025-12-31'))).toEqual({ id: 'u1', display_name: 'A' });
    expect(db.first(byEmail('b@x.org', '2025-12-31'))).toEqual({ id: 'u2', display_name: 'B' });
    expect(db.first(byEmail('b@x.org', '2026-01-03'))).toBeUndefined();
    expect(byEmail('a@x.org', 'x').compile().sql).toBe(byEmail('b@x.org', 'y').compile().sql);
  });

  it('keeps constants of the query among the parameters', () => {
    const withConstant = prepared((id: string) =>
      db.q.selectFrom('users').select('email').where('id', '=', id).where('display_name', '!=', 'Z'),
    );
    expect(withConstant('u2').compile().parameters).toEqual(['u2', 'Z']);
    expect(db.first(withConstant('u2'))).toEqual({ email: 'b@x.org' });
  });

  it('refuses a builder that does not use every argument as a parameter', () => {
    const unused = prepared((_id: string) => db.q.selectFrom('users').select('id'));
    expect(() => unused('u1').compile()).toThrow(/every argument/);
  });
});
