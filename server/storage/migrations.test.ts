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

describe('migration 13', () => {
  it("rewrites migration 12's merge rules onto organizations and spaces in GitBook's shape, then drops the table", () => {
    const db = new Database(new DatabaseSync(':memory:'));
    db.sqlite.exec('PRAGMA foreign_keys = ON');
    migrate(
      db,
      migrations.filter((migration) => migration.version <= 12),
    );
    db.sqlite.exec(
      `INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan)
       VALUES ('o1', 'Old', '2026-01-01', '[]', 'business', 0, 0, 1, 'free_2024'),
              ('o2', 'Other', '2026-01-01', '[]', 'business', 0, 0, 1, 'free_2024')`,
    );
    insertMember(db, 'o1', 'a');
    insertMember(db, 'o1', 'b');
    db.sqlite.exec(
      `INSERT INTO teams (id, organization_id, title, created_at) VALUES ('t1', 'o1', 'Leads', '2026-01-01');
       INSERT INTO team_members (team_id, user_id, organization_id, role, added_at)
         VALUES ('t1', 'b', 'o1', 'member', '2026-01-01');
       INSERT INTO spaces (id, organization_id, title, emoji, visibility, edit_mode, sort_key, revision_id, created_at, updated_at)
         VALUES ('s1', 'o1', 'Own', '', 'private', 'live', 'a', 'r1', '2026-01-01', '2026-01-01'),
                ('s2', 'o1', 'Inherits', '', 'private', 'live', 'b', 'r2', '2026-01-01', '2026-01-01'),
                ('s3', 'o2', 'Moved away', '', 'private', 'live', 'c', 'r3', '2026-01-01', '2026-01-01')`,
    );
    const insert = db.sqlite.prepare(
      `INSERT INTO merge_rules (organization_id, space_id, rules, updated_at, updated_by) VALUES (?, ?, ?, '2026-01-01', 'a')`,
    );
    insert.run(
      'o1',
      null,
      JSON.stringify({
        minimumApprovals: 1,
        noChangesRequested: false,
        requiredReviewers: { mode: 'all', users: ['a'], teams: [] },
        upToDate: true,
        subjectRequired: false,
        bypass: { users: [], teams: ['t1'] },
      }),
    );
    insert.run('o1', 's1', JSON.stringify({ minimumApprovals: 0, subjectRequired: false }));
    insert.run('o1', 's3', JSON.stringify({ subjectRequired: true }));
    insert.run('o2', null, JSON.stringify({ minimumApprovals: 0 }));

    migrate(db);
    const stored = (table: 'organizations' | 'spaces', id: string) =>
      (
        db.sqlite.prepare(`SELECT merge_rules FROM ${table} WHERE id = ?`).get(id) as {
          merge_rules: string | null;
        }
      ).merge_rules;
    expect(JSON.parse(stored('organizations', 'o1')!)).toEqual({
      type: 'rules',
      rules: [
        { rule: 'require_specific_reviewers', users: ['a'] },
        { rule: 'require_at_least_one_approved_review' },
        { rule: 'require_up_to_date_change_request' },
        { rule: 'allow_bypass', users: ['b'] },
      ],
    });
    expect(stored('organizations', 'o2')).toBeNull();
    expect(JSON.parse(stored('spaces', 's1')!)).toEqual({ type: 'none' });
    expect(stored('spaces', 's2')).toBeNull();
    // A row left behind by a transfer (s3 is in o2 now, the row says o1): dropped, the space inherits.
    expect(stored('spaces', 's3')).toBeNull();
    expect(
      db.sqlite.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'merge_rules'").get(),
    ).toEqual({ n: 0 });
  });
});
