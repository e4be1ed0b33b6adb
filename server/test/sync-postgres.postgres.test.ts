/**
 * The test-only synchronous `Database` on PostgreSQL (sync-postgres.ts) that the harness gives tests when their
 * servers run on PostgreSQL: statements compiled for PostgreSQL, values as the store answers them, transactions and
 * savepoints, a unique key's refusal as `ConflictError`, SQLite's own machinery refused, and a data directory that
 * keeps naming its database across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../storage/store/store.ts';
import { openTestPostgres, type TestPostgres } from './postgres-server.ts';

const user = (id: string, email = `${id}@x.org`) => ({
  id,
  email,
  display_name: id,
  created_at: '2026-03-01T09:00:00.000Z',
});

describe('the synchronous test database on PostgreSQL', () => {
  let dir: string;
  let postgres: TestPostgres;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docs-admin-sync-pg-'));
    postgres = await openTestPostgres(dir);
  });
  afterAll(async () => {
    await postgres.close(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs Kysely queries compiled for PostgreSQL, with the values SQLite would answer', () => {
    const { db } = postgres;
    expect(db.run(db.q.insertInto('users').values([user('a'), user('b')]))).toBe(2);
    const counted = db.first(
      db.q
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`1 < 2`.as('yes')]),
    );
    // int8 and booleans as node:sqlite answers them: a number, 1.
    expect(counted).toEqual({ n: 2, yes: 1 });
    expect(db.all(db.q.selectFrom('users').select('id').orderBy('id')).map((row) => row.id)).toEqual([
      'a',
      'b',
    ]);
    // Nothing in common with the server's store but the database: the store sees the rows.
    return expect(
      postgres.store.all(postgres.store.q.selectFrom('users').select('id')),
    ).resolves.toHaveLength(2);
  });

  it('commits a transaction, rolls back one that throws, and a savepoint alone', () => {
    const { db } = postgres;
    db.transaction(() => db.run(db.q.insertInto('users').values(user('c'))));
    expect(() =>
      db.transaction(() => {
        db.run(db.q.insertInto('users').values(user('d')));
        throw new Error('undo');
      }),
    ).toThrow('undo');
    db.transaction(() => {
      db.run(db.q.insertInto('users').values(user('e')));
      expect(() =>
        db.transaction(() => {
          db.run(db.q.insertInto('users').values(user('f')));
          throw new Error('undo the savepoint');
        }),
      ).toThrow('undo the savepoint');
    });
    const ids = db.all(db.q.selectFrom('users').select('id').where('id', 'in', ['c', 'd', 'e', 'f']));
    expect(ids.map((row) => row.id).sort()).toEqual(['c', 'e']);
  });

  it('throws a unique key refusal as ConflictError, and goes on answering in order', () => {
    const { db } = postgres;
    expect(() => db.run(db.q.insertInto('users').values(user('g', 'a@x.org')))).toThrow(ConflictError);
    expect(db.first(db.q.selectFrom('users').select('email').where('id', '=', 'a'))).toEqual({
      email: 'a@x.org',
    });
  });

  it("refuses SQLite's own machinery, naming it", () => {
    expect(() => postgres.db.sqlite).toThrow(/node:sqlite.*PostgreSQL/);
    expect(() => postgres.db.dataVersion()).toThrow(/data_version/);
  });

  it('finds the same database again from the data directory, until it is dropped', async () => {
    await postgres.close(true);
    postgres = await openTestPostgres(dir);
    expect(postgres.db.first(postgres.db.q.selectFrom('users').select('id').where('id', '=', 'a'))).toEqual({
      id: 'a',
    });
  });
});
