/**
 * The member queries and writes on PostgreSQL, and authentication through a `PostgresStore`: the handlers are
 * called with services that hold only the store and a clock (no synchronous `Database`: a statement left on it
 * would fail here), on a migrated database of the test cluster. The handlers that answer a member (get, role,
 * SSO) count its spaces through the store too; over HTTP they run in server/cli.postgres.test.ts.
 *
 * Removing or demoting admins at once runs SERIALIZABLE, with the last-admin count read in each write's
 * transaction: two admins demoting themselves together cannot both pass it (write skew), one is answered 409.
 */
import { describe, expect, it } from 'vitest';
import { statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { authenticate } from '../../http/auth.ts';
import { hashToken } from '../../ids.ts';
import { changeMemberRole } from './commands.ts';
import { memberHandlers } from './handlers.ts';
import { loadMemberIn } from './present.ts';
import { keepOneAdminIn, memberListQueries } from './records.ts';

const TOKEN = 'a-real-bearer-token-0123456789';
const SEED = `
  INSERT INTO users (id, email, display_name, created_at) VALUES
    ('ada', 'ada@x.org', 'Ada', 't'), ('bob', 'bob@x.org', 'Bob', 't'), ('cy', 'cy@x.org', 'Cy', 't'),
    ('dee', 'dee@x.org', 'Dee', 't'), ('eve', 'eve@x.org', 'Eve', 't');
  INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan) VALUES
    ('o1', 'O1', 't', '[]', 'business', 0, 0, 1, 'free'), ('o2', 'O2', 't', '[]', 'business', 0, 0, 1, 'free');
  INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at) VALUES
    ('o1', 'ada', 'admin', 0, 0, '2026-01-01', NULL), ('o1', 'bob', 'admin', 0, 0, '2026-01-02', '2026-02-01'),
    ('o1', 'cy', 'read', 0, 0, '2026-01-03', NULL), ('o1', 'dee', NULL, 0, 0, '2026-01-04', '2026-02-02'),
    ('o2', 'eve', 'admin', 0, 0, '2026-01-05', NULL);
  INSERT INTO tokens (hash, user_id, label, created_at) VALUES ('${hashToken(TOKEN)}', 'cy', 'api', 't');
`;

const pg = usePostgresHandlers({ truncate: 'users, organizations, events', seed: SEED });
const context = (userId: string, params: object) => pg.context(userId, params, {});
const admins = async (organizationId: string) =>
  (
    await pg.store.all(
      pg.store.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('role', '=', 'admin')
        .orderBy('user_id'),
    )
  ).map((row) => row.user_id);

describe('authentication on PostgreSQL', () => {
  it('finds the user of a stored token, and refuses an unknown one (401)', async () => {
    expect(await authenticate(pg.store, `Bearer ${TOKEN}`)).toEqual({
      userId: 'cy',
      tokenHash: hashToken(TOKEN),
    });
    await expect(authenticate(pg.store, `Bearer ${TOKEN}x`)).rejects.toSatisfy(
      (error) => statusOf(error) === 401,
    );
  });
});

describe('the member queries on PostgreSQL', () => {
  const keys = [
    { column: 'm.joined_at', direction: 'asc' as const },
    { column: 'm.user_id', direction: 'asc' as const },
  ];
  it('pages the members in order, filtered by role, guest, search and seen, with matching counts', async () => {
    const all = memberListQueries(pg.store, 'o1', { seenOnly: false }, keys);
    expect(all.filtered).toBe(false);
    expect((await all.fetch(undefined, 3)).map((row) => row.user_id)).toEqual(['ada', 'bob', 'cy']);
    expect((await all.fetch(['2026-01-02', 'bob'], 10)).map((row) => row.user_id)).toEqual(['cy', 'dee']);

    const cases: [Parameters<typeof memberListQueries>[2], string[]][] = [
      [{ role: 'admin', seenOnly: false }, ['ada', 'bob']],
      [{ role: 'guest', seenOnly: false }, ['dee']],
      [{ search: 'B', seenOnly: false }, ['bob']],
      [{ search: 'x.org', seenOnly: true }, ['bob', 'dee']],
    ];
    for (const [filters, expected] of cases) {
      const list = memberListQueries(pg.store, 'o1', filters, keys);
      expect(list.filtered).toBe(true);
      expect((await list.fetch(undefined, 10)).map((row) => row.user_id)).toEqual(expected);
      expect(await list.count()).toBe(expected.length);
    }
  });

  it('removes a member with its event, and refuses the last admin (409) and a stranger (404)', async () => {
    const remove = (userId: string, target: string) =>
      memberHandlers.removeMemberFromOrganizationById(
        context(userId, { organizationId: 'o1', userId: target }),
      );
    await remove('ada', 'cy');
    await expect(loadMemberIn(pg.store, 'o1', 'cy')).rejects.toSatisfy((error) => statusOf(error) === 404);
    await remove('ada', 'bob');
    await expect(remove('ada', 'ada')).rejects.toSatisfy((error) => statusOf(error) === 409);
    await expect(remove('eve', 'ada')).rejects.toSatisfy((error) => statusOf(error) === 404);
    expect(await admins('o1')).toEqual(['ada']);
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select(['action', 'subject_id', 'data']).orderBy('subject_id'),
    );
    expect(events).toEqual([
      { action: 'member.removed', subject_id: 'bob', data: JSON.stringify({ role: 'admin' }) },
      { action: 'member.removed', subject_id: 'cy', data: JSON.stringify({ role: 'read' }) },
    ]);
  });

  it('lets one of two admins demoting themselves at once through, and refuses the other (409)', async () => {
    const demote = (userId: string) =>
      pg.store.transaction(async (tx) => {
        const target = await loadMemberIn(tx, 'o1', userId);
        await keepOneAdminIn(tx, 'o1', target, 'cannot change the role');
        await changeMemberRole(
          tx,
          { organizationId: 'o1', userId, actorId: userId, now: pg.clock.now() },
          'admin',
          'read',
        );
      });
    const settled = await Promise.allSettled([demote('ada'), demote('bob')]);
    expect(settled.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = settled.find((result) => result.status === 'rejected');
    expect(statusOf(refused?.reason)).toBe(409);
    expect(await admins('o1')).toHaveLength(1);
  });

  it('answers two admins removing each other at once with one removal, never zero admins', async () => {
    const answers = await Promise.allSettled([
      memberHandlers.removeMemberFromOrganizationById(
        context('ada', { organizationId: 'o1', userId: 'bob' }),
      ),
      memberHandlers.removeMemberFromOrganizationById(
        context('bob', { organizationId: 'o1', userId: 'ada' }),
      ),
    ]);
    expect(answers.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = answers.find((result) => result.status === 'rejected');
    // The later one runs again after the serialization failure and finds its caller gone (404).
    expect(statusOf(refused?.reason)).toBe(404);
    expect(await admins('o1')).toHaveLength(1);
  });
});
