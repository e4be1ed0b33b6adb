/**
 * The invite handlers on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts):
 * invite links made, changed, listed, revoked and joined; people invited by email; pending email invites listed,
 * sent again and revoked. Writes sent together run SERIALIZABLE with the reads they depend on in their transaction:
 * one address invited 6 times at once makes one user and one member, a link joined 6 times at once one membership
 * and one event, and 6 resends count 6.
 */
import { describe, expect, it } from 'vitest';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { emailInviteHandlers } from './email-invite-handlers.ts';
import { inviteHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const org = { organizationId: 'o1' };

const createLink = (userId: string, role: 'read' | 'edit' | null = 'read') =>
  inviteHandlers.createOrganizationInvite(pg.context(userId, org, { role }));
const invite = (emails: (string | { email: string; role: 'admin' | 'read' | null })[], userId = 'admin') =>
  inviteHandlers.inviteUsersToOrganization(pg.context(userId, org, { emails }));

const eventsOf = async (action: string) =>
  pg.store.all(pg.store.q.selectFrom('events').select(['subject_id', 'data']).where('action', '=', action));

describe('invite links on PostgreSQL', () => {
  it('makes, lists newest first, changes, reads and revokes links, with their events', async () => {
    const ids: string[] = [];
    for (const role of ['read', 'edit', null] as const) {
      ids.push((await createLink('admin', role)).id);
      pg.clock.advance(1_000);
    }
    const listed = await pages((page) =>
      inviteHandlers.listOrganizationInviteLinks(
        pg.context('admin', org, undefined, { limit: 2, ...(page ? { page } : {}) }),
      ),
    );
    expect(listed.items.map((item) => item.id)).toEqual([...ids].reverse());
    expect(listed.counts).toEqual([3, 3]);
    const [first] = ids;
    const changed = await inviteHandlers.updateOrganizationInviteById(
      pg.context('admin', { ...org, inviteId: first }, { role: 'admin' }),
    );
    expect(changed).toMatchObject({ id: first, role: 'admin' });
    expect(
      await inviteHandlers.getOrganizationInviteLink(pg.context('admin', { ...org, inviteId: first })),
    ).toMatchObject({ role: 'admin', redundant: true });
    await inviteHandlers.deleteOrganizationInviteById(pg.context('admin', { ...org, inviteId: first }));
    await expect(
      inviteHandlers.getOrganizationInviteLink(pg.context('admin', { ...org, inviteId: first })),
    ).rejects.toSatisfy((error) => statusOf(error) === 404);
    expect((await eventsOf('invite.created')).map((row) => row.subject_id).sort()).toEqual([...ids].sort());
    expect(await eventsOf('invite.role_changed')).toEqual([
      { subject_id: first, data: JSON.stringify({ from: 'read', to: 'admin' }) },
    ]);
    expect((await eventsOf('invite.revoked')).map((row) => row.subject_id)).toEqual([first]);
  });

  it('refuses a reader (403), a stranger (404), and links turned off (409 to make, 403 to join)', async () => {
    const { id } = await createLink('admin');
    await expect(createLink('reader')).rejects.toSatisfy((error) => statusOf(error) === 403);
    await expect(createLink('stranger')).rejects.toSatisfy((error) => statusOf(error) === 404);
    await pg.sql(`UPDATE organizations SET invite_links = 0 WHERE id = 'o1'`);
    await expect(createLink('admin')).rejects.toSatisfy((error) => statusOf(error) === 409);
    await expect(
      inviteHandlers.joinOrganizationWithInvite(pg.context('stranger', { ...org, inviteId: id })),
    ).rejects.toSatisfy((error) => statusOf(error) === 403);
    await expect(
      inviteHandlers.joinOrganizationWithInvite(pg.context('stranger', { ...org, inviteId: 'nope' })),
    ).rejects.toSatisfy((error) => statusOf(error) === 404);
    expect(await pg.store.all(pg.store.q.selectFrom('invites').select('id'))).toEqual([{ id }]);
  });

  it('joins once when the same link is used 6 times at once: one membership, one event', async () => {
    const { id } = await createLink('admin', 'edit');
    const params = { ...org, inviteId: id };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        inviteHandlers.joinOrganizationWithInvite(pg.context('stranger', params)),
      ),
    );
    expect(answers).toEqual(answers.map(() => ({})));
    const member = await pg.store.all(
      pg.store.q
        .selectFrom('members')
        .select('role')
        .where('organization_id', '=', 'o1')
        .where('user_id', '=', 'stranger'),
    );
    expect(member).toEqual([{ role: 'edit' }]);
    expect(await eventsOf('member.joined')).toEqual([
      { subject_id: 'stranger', data: JSON.stringify({ invite: id, role: 'edit' }) },
    ]);
    const count = await pg.store.first(
      pg.store.q.selectFrom('organizations').select('member_count').where('id', '=', 'o1'),
    );
    expect(count).toEqual({ member_count: 4 });
  });
});

describe('email invites on PostgreSQL', () => {
  it('invites new and known people once each, lists them pending, sends again and revokes', async () => {
    await pg.sql(`UPDATE organizations SET default_role = 'read' WHERE id = 'o1'`);
    const answer = await invite([
      'New@x.org',
      'new@x.org',
      { email: 'stranger@x.org', role: null },
      'reader@x.org',
    ]);
    expect(answer.invited).toBe(2);
    const pending = await pages((page) =>
      emailInviteHandlers.listOrganizationEmailInvites(
        pg.context('admin', org, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(pending.items.map((item) => [item.email, item.role, item.sentCount]).sort()).toEqual([
      ['new@x.org', 'read', 1],
      ['stranger@x.org', null, 1],
    ]);
    expect(pending.counts).toEqual([2, 2]);
    const inviteId = pending.items.find((item) => item.email === 'new@x.org')!.id;
    pg.clock.advance(60_000);
    const resent = await emailInviteHandlers.resendOrganizationEmailInvite(
      pg.context('admin', { ...org, inviteId }),
    );
    expect(resent).toMatchObject({ sentCount: 2, sentAt: pg.clock.now().toISOString() });
    await emailInviteHandlers.revokeOrganizationEmailInvite(pg.context('admin', { ...org, inviteId }));
    const emails = await pg.store.all(
      pg.store.q
        .selectFrom('members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.email')
        .where('m.organization_id', '=', 'o1')
        .orderBy('u.email'),
    );
    expect(emails.map((row) => row.email)).toEqual([
      'admin@x.org',
      'other@x.org',
      'reader@x.org',
      'stranger@x.org',
    ]);
    expect((await eventsOf('invite.email_revoked')).map((row) => JSON.parse(row.data))).toEqual([
      { invite: inviteId, email: 'new@x.org', role: 'read' },
    ]);
  });

  it('makes one user and one member of an address invited 6 times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => invite(['same@x.org'])));
    expect(answers.map((answer) => answer.invited).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    const users = await pg.store.all(
      pg.store.q.selectFrom('users').select('id').where('email', '=', 'same@x.org'),
    );
    expect(users).toHaveLength(1);
    expect(answers.flatMap((answer) => answer.users)).toEqual([users[0]!.id]);
    const invites = await pg.store.all(pg.store.q.selectFrom('email_invites').select('user_id'));
    expect(invites).toEqual([{ user_id: users[0]!.id }]);
  });

  it('counts 6 resends sent together, and refuses to revoke the invite of the last admin (409)', async () => {
    await invite([{ email: 'again@x.org', role: 'read' }]);
    const [pending] = (await emailInviteHandlers.listOrganizationEmailInvites(pg.context('admin', org)))
      .items;
    const params = { ...org, inviteId: pending!.id };
    const resent = await Promise.all(
      Array.from({ length: 6 }, () =>
        emailInviteHandlers.resendOrganizationEmailInvite(pg.context('admin', params)),
      ),
    );
    expect(resent.map((answer) => answer.sentCount).sort()).toEqual([2, 3, 4, 5, 6, 7]);
    await pg.sql(
      `INSERT INTO email_invites (id, organization_id, user_id, role, invited_by, created_at, sent_at, sent_count)
       VALUES ('self', 'o1', 'admin', 'admin', 'admin', 't', 't', 1)`,
    );
    await expect(
      emailInviteHandlers.revokeOrganizationEmailInvite(pg.context('admin', { ...org, inviteId: 'self' })),
    ).rejects.toSatisfy((error) => statusOf(error) === 409);
    await expect(
      emailInviteHandlers.resendOrganizationEmailInvite(pg.context('reader', params)),
    ).rejects.toSatisfy((error) => statusOf(error) === 403);
  });
});
