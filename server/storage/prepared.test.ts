import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { compileFor } from './dialect/compile.ts';
import { insertRow, prepared, updateRowById } from './prepared.ts';

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

  it('compiles once per dialect: SQLite and PostgreSQL each get their own SQL from the one builder', () => {
    const sqlite = compileFor(byEmail('a@x.org', 'x'), 'sqlite');
    const postgres = compileFor(byEmail('b@x.org', 'y'), 'postgres');
    expect(sqlite.sql).toContain('"email" = ?');
    expect(postgres.sql).toContain('"email" = $1');
    expect(postgres.parameters).toEqual(['b@x.org', 'y']);
    expect(compileFor(byEmail('c', 'z'), 'postgres')).toEqual({ ...postgres, parameters: ['c', 'z'] });
    const insert = compileFor(
      insertRow('users', { id: 'x', email: 'e', display_name: 'd', created_at: 'c' }),
      'postgres',
    );
    expect(insert.sql).toBe(
      'insert into "users" ("id", "email", "display_name", "created_at") values ($1, $2, $3, $4)',
    );
    const builtAlone = compileFor(
      db.q.selectFrom('users').select('id').where('id', 'in', ['a', 'b']),
      'postgres',
    );
    expect(builtAlone.sql).toBe('select "id" from "users" where "id" in ($1, $2)');
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

  it('inserts and updates rows by the SQL built once per set of columns, leaving undefined values out', () => {
    const user = (id: string, photo: string | null | undefined) => ({
      id,
      email: `${id}@x.org`,
      display_name: id.toUpperCase(),
      photo_url: photo,
      created_at: '2026-02-01',
    });
    db.run(insertRow('users', user('u3', null)));
    db.run(insertRow('users', user('u4', 'https://x.org/4.png')));
    db.run(insertRow('users', { ...user('u5', undefined), photo_url: undefined }));
    expect(insertRow('users', user('u3', null)).compile().sql).toBe(
      insertRow('users', user('u4', 'p')).compile().sql,
    );
    expect(insertRow('users', user('u5', undefined)).compile().sql).not.toContain('photo_url');
    db.run(updateRowById('users', 'u4', { display_name: 'Four', photo_url: undefined }));
    db.run(updateRowById('users', 'u3', { display_name: 'Three' }));
    const rows = db.all(
      db.q
        .selectFrom('users')
        .select(['id', 'display_name', 'photo_url'])
        .where('id', 'in', ['u3', 'u4', 'u5'])
        .orderBy('id'),
    );
    expect(rows).toEqual([
      { id: 'u3', display_name: 'Three', photo_url: null },
      { id: 'u4', display_name: 'Four', photo_url: 'https://x.org/4.png' },
      { id: 'u5', display_name: 'U5', photo_url: null },
    ]);
  });
});
