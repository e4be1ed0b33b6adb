/**
 * Member writes at the same time, over HTTP, on SQLite: admins demoting or removing each other together, with reads
 * between, never leave the organization without an admin, and no request fails (5xx: a synchronous statement meeting
 * the fence of another request's transaction would).
 *
 * What these do not show: on SQLite these requests' handlers do not interleave (each one's transaction runs from
 * BEGIN to COMMIT within one callback), so they stay green when the last-admin count is read before the
 * transaction (checked, on separate connections and pipelined on one). members.postgres.test.ts is the test that
 * fails then.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildAdminOrg } from '../../test/factories.ts';
import { testServersOnPostgres } from '../../test/postgres-server.ts';
import { DATABASE_FILE } from '../../storage/database.ts';
import { SqliteStore } from '../../storage/store/sqlite-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const adminsOf = (orgId: string) =>
  server.db
    .all(
      server.db.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', orgId)
        .where('role', '=', 'admin'),
    )
    .map((row) => row.user_id);

describe('member writes at the same time', () => {
  it('lets 9 of 10 admins demoting themselves together through, and answers the last one 409', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const admins = [admin, ...Array.from({ length: 9 }, () => server.buildMember(orgId, 'admin'))];
    const answers = await Promise.all(
      admins.map((user) =>
        user.client.request('updateMemberInOrganizationById', {
          params: { organizationId: orgId, userId: user.id },
          body: { role: 'edit' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array.from({ length: 9 }, () => 200), 409]);
    const kept = admins[answers.findIndex((answer) => answer.status === 409)];
    expect(adminsOf(orgId)).toEqual([kept?.id]);
  });

  it('answers 10 admins removing each other in a ring, with reads between, without 5xx or zero admins', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const admins = [admin, ...Array.from({ length: 9 }, () => server.buildMember(orgId, 'admin'))];
    const reader = server.buildMember(orgId, 'read');
    const [removals, reads] = await Promise.all([
      Promise.all(
        admins.map((user, index) =>
          user.client.request('removeMemberFromOrganizationById', {
            params: { organizationId: orgId, userId: admins[(index + 1) % admins.length]?.id as string },
          }),
        ),
      ),
      Promise.all(
        admins.map(() =>
          reader.client.request('listMembersInOrganizationById', { params: { organizationId: orgId } }),
        ),
      ),
    ]);
    for (const answer of [...removals, ...reads])
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    expect(reads.map((answer) => answer.status)).toEqual(reads.map(() => 200));
    // A removal is answered 204 or refused because its caller or its target is gone (404), or the target is
    // the last admin (409); each 204 removed exactly one admin.
    for (const answer of removals) expect([204, 404, 409]).toContain(answer.status);
    const left = adminsOf(orgId);
    expect(left.length).toBeGreaterThanOrEqual(1);
    expect(removals.filter((answer) => answer.status === 204)).toHaveLength(admins.length - left.length);
    const removedEvents = server.db.all(
      server.db.q
        .selectFrom('events')
        .select('subject_id')
        .where('organization_id', '=', orgId)
        .where('action', '=', 'member.removed'),
    );
    expect(removedEvents).toHaveLength(admins.length - left.length);
  });

  // SQLite's group commit only (storage/store/sqlite-store.ts): on PostgreSQL each transaction commits alone, and
  // the tests above check concurrent role changes and the last admin's 409 on both databases.
  it.skipIf(testServersOnPostgres())(
    'commits 30 role changes sent together in shared commits, each answered once committed, the refused one alone failing',
    async () => {
      const { admin, orgId } = buildAdminOrg(server);
      const readers = Array.from({ length: 30 }, () => server.buildMember(orgId, 'read'));
      const store = server.store as SqliteStore;
      expect(store).toBeInstanceOf(SqliteStore);
      // Another connection on the database file: it sees only what is committed.
      const other = new DatabaseSync(join(server.dataDir, DATABASE_FILE), { readOnly: true });
      const roleCommitted = other.prepare(
        'SELECT role FROM members WHERE organization_id = ? AND user_id = ?',
      );
      try {
        const commitsBefore = store.commits;
        const change = (userId: string, role: 'edit' | 'review') =>
          admin.client
            .request('updateMemberInOrganizationById', {
              params: { organizationId: orgId, userId },
              body: { role },
            })
            .then((answer) => ({ answer, committed: roleCommitted.get(orgId, userId)?.role }));
        const [refused, ...changed] = await Promise.all([
          // The last admin demoting themselves: 409, in the middle of the others.
          change(admin.id, 'edit'),
          ...readers.map((reader, index) => change(reader.id, index % 2 === 0 ? 'edit' : 'review')),
        ]);
        expect(refused?.answer.status).toBe(409);
        expect(refused?.committed).toBe('admin');
        expect(changed.map(({ answer }) => answer.status)).toEqual(readers.map(() => 200));
        // Each answer came after its own write was committed.
        expect(changed.map(({ committed }) => committed)).toEqual(
          readers.map((_, index) => (index % 2 === 0 ? 'edit' : 'review')),
        );
        const events = other
          .prepare(
            "SELECT subject_id FROM events WHERE organization_id = ? AND action = 'member.role_changed' ORDER BY subject_id",
          )
          .all(orgId)
          .map((row) => row.subject_id);
        expect(events).toEqual(readers.map((reader) => reader.id).sort());
        // Fewer commits than writes: the changes that reached the server together shared them.
        expect(store.commits - commitsBefore).toBeGreaterThan(0);
        expect(store.commits - commitsBefore).toBeLessThan(readers.length);
      } finally {
        other.close();
      }
    },
  );
});
