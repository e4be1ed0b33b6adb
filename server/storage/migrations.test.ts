import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { Database } from './database.ts';
import { migrate, migrations } from './migrations.ts';

function insertMember(db: Database, orgId: string, userId: string): void {
  db.run(
    db.q.insertInto('users').values({
      id: userId,
      email: `${userId}@x.org`,
      display_name: userId,
      photo_url: null,
      created_at: '2026-01-01',
    }),
  );
  db.run(
    db.q.insertInto('members').values({
      organization_id: orgId,
      user_id: userId,
      role: 'read',
      disabled: 0,
      sso: 0,
      joined_at: '2026-01-01',
      last_seen_at: null,
    }),
  );
}

describe('migrations', () => {
  it('bring a database of an older version up to date, keeping and completing its data', () => {
    const db = new Database(new DatabaseSync(':memory:'));
    db.sqlite.exec('PRAGMA foreign_keys = ON');
    migrate(db, migrations.slice(0, 1));
    db.sqlite.exec(
      `INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan)
       VALUES ('o1', 'Old', '2026-01-01', '[]', 'business', 0, 0, 1, 'free_2024')`,
    );
    insertMember(db, 'o1', 'a');
    insertMember(db, 'o1', 'b');

    migrate(db);
    const count = () =>
      db.first(db.q.selectFrom('organizations').select('member_count').where('id', '=', 'o1'))?.member_count;
    expect(count()).toBe(2);
    expect(
      db.all(db.q.selectFrom('migrations').select('version').orderBy('version')).map((m) => m.version),
    ).toEqual(migrations.map((m) => m.version));

    insertMember(db, 'o1', 'c');
    expect(count()).toBe(3);
    db.run(db.q.deleteFrom('members').where('user_id', '=', 'a'));
    expect(count()).toBe(2);

    migrate(db);
    expect(count()).toBe(2);
  });
});
