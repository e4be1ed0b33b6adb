/**
 * Invite writes at the same time, over HTTP, now that they run in async transactions of the store: no request
 * fails (another request's synchronous statements, such as authentication, would meet the fence if a transaction
 * awaited anything but its statements), and the reads each write depends on are made in its transaction: a link
 * joined by many at once and twice by each makes each a member once, an address invited many times at once makes
 * one user, and resends sent together count each one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgWithInvite } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const statuses = (answers: readonly { status: number }[]) => answers.map((answer) => answer.status);

describe('invite writes at the same time', () => {
  it('answers 10 users joining with one link twice each, with reads and role changes, and counts each once', async () => {
    const { owner, id, invite } = await orgWithInvite(server, 'read');
    const newcomers = Array.from({ length: 10 }, () => server.buildUser());
    const params = { organizationId: id, inviteId: invite.id };
    const joins = newcomers.flatMap((user) => [
      user.client.request('joinOrganizationWithInvite', { params }),
      user.client.request('joinOrganizationWithInvite', { params }),
    ]);
    const roles = (['edit', 'comment', 'review', 'create'] as const).map((role) =>
      owner.client.request('updateOrganizationInviteById', { params, body: { role } }),
    );
    const reads = newcomers.map(() =>
      owner.client.request('listOrganizationInviteLinks', { params: { organizationId: id } }),
    );
    const [joined, changed, read] = await Promise.all([
      Promise.all(joins),
      Promise.all(roles),
      Promise.all(reads),
    ]);
    expect(statuses(joined)).toEqual(joins.map(() => 200));
    expect(statuses(changed)).toEqual(roles.map(() => 200));
    expect(statuses(read)).toEqual(reads.map(() => 200));

    const members = await owner.client.call('listMembersInOrganizationById', {
      params: { organizationId: id },
    });
    expect(members.count).toBe(11);
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .select('subject_id')
        .where('organization_id', '=', id)
        .where('action', '=', 'member.joined'),
    );
    expect(events.map((event) => event.subject_id).sort()).toEqual(newcomers.map((user) => user.id).sort());
    // The role changes are ordered: each starts from the role the previous one left, from `read` through all four.
    const changes = server.db
      .all(
        server.db.q
          .selectFrom('events')
          .select('data')
          .where('subject_id', '=', invite.id)
          .where('action', '=', 'invite.role_changed'),
      )
      .map((row) => JSON.parse(row.data) as { from: string; to: string });
    const next = new Map(changes.map((change) => [change.from, change.to]));
    expect(next.size).toBe(4);
    const chain = ['read'];
    for (let role = next.get('read'); role !== undefined; role = next.get(role)) chain.push(role);
    expect(chain.slice(1).sort()).toEqual(['comment', 'create', 'edit', 'review']);
    const final = await owner.client.call('getOrganizationInviteLink', { params });
    expect(final.role).toBe(chain.at(-1));
  });

  it('invites one address 10 times at once: one user, one member, one pending invite; 10 resends count 10', async () => {
    const { owner, id } = await orgWithInvite(server);
    const organizationId = id;
    const invited = await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.client.request('inviteUsersToOrganization', {
          params: { organizationId },
          body: { emails: ['Same@Example.org'] },
        }),
      ),
    );
    expect(statuses(invited)).toEqual(invited.map(() => 200));
    const users = invited.flatMap((answer) => (answer.body as { users: string[] }).users);
    expect(users).toHaveLength(1);
    const pending = await owner.client.call('listOrganizationEmailInvites', { params: { organizationId } });
    expect(pending.items.map((item) => [item.email, item.sentCount])).toEqual([['same@example.org', 1]]);

    const params = { organizationId, inviteId: pending.items[0]!.id };
    const resent = await Promise.all(
      Array.from({ length: 10 }, () => owner.client.request('resendOrganizationEmailInvite', { params })),
    );
    expect(statuses(resent)).toEqual(resent.map(() => 200));
    expect(
      resent.map((answer) => (answer.body as { sentCount: number }).sentCount).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 10 }, (_, index) => index + 2));
    const revoked = await Promise.all(
      Array.from({ length: 3 }, () => owner.client.request('revokeOrganizationEmailInvite', { params })),
    );
    expect(statuses(revoked).sort()).toEqual([204, 404, 404]);
    const members = await owner.client.call('listMembersInOrganizationById', { params: { organizationId } });
    expect(members.count).toBe(1);
  });
});
