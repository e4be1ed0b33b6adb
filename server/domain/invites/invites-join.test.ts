/** Route tests: joining an organization with an invite link (POST /v1/orgs/{organizationId}/invites/{inviteId}). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectUnauthorized,
  orgWithInvite,
  roleName,
  ROLES_OR_GUEST,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const join = (user: TestUser, organizationId: string, inviteId: string) =>
  user.client.request('joinOrganizationWithInvite', { params: { organizationId, inviteId } });

/** The user's membership as the organization's admin reads it, or the error status. */
async function membership(owner: TestUser, organizationId: string, userId: string) {
  const answer = await owner.client.request('getMemberInOrganizationById', {
    params: { organizationId, userId },
  });
  return answer.ok ? { role: answer.body.role, sso: answer.body.sso } : answer.status;
}

const joinedEvents = (organizationId: string, userId: string) =>
  server.db.all(
    server.db.q
      .selectFrom('events')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('action', '=', 'member.joined')
      .where('subject_id', '=', userId),
  );

describe('POST /v1/orgs/{organizationId}/invites/{inviteId} (joinOrganizationWithInvite)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token; nobody joins', async () => {
    const { owner, id, invite } = await orgWithInvite(server);
    await expectUnauthorized(server, 'joinOrganizationWithInvite', {
      params: { organizationId: id, inviteId: invite.id },
    });
    const members = await owner.client.call('listMembersInOrganizationById', {
      params: { organizationId: id },
    });
    expect(members.count).toBe(1);
  });

  it('400 when the invite id is longer than an id may be, naming `inviteId`', async () => {
    const { id } = await orgWithInvite(server);
    const newcomer = server.buildUser();
    expectError(await join(newcomer, id, 'i'.repeat(257)), 400, '`inviteId`');
  });

  it('403 when invite links are turned off, and the user does not join; allowed again once turned on', async () => {
    const { owner, id, invite } = await orgWithInvite(server, 'edit');
    await owner.client.call('updateOrganizationById', {
      params: { organizationId: id },
      body: { inviteLinks: false },
    });
    const newcomer = server.buildUser();
    expectError(await join(newcomer, id, invite.id), 403, 'invite links');
    expect(await membership(owner, id, newcomer.id)).toBe(404);
    expectError(
      await newcomer.client.request('getOrganizationById', { params: { organizationId: id } }),
      404,
    );

    await owner.client.call('updateOrganizationById', {
      params: { organizationId: id },
      body: { inviteLinks: true },
    });
    expect((await join(newcomer, id, invite.id)).status).toBe(200);
    expect(await membership(owner, id, newcomer.id)).toEqual({ role: 'edit', sso: false });
  });

  it('404 for an unknown invite and for an unknown organization, with the same answer', async () => {
    const { id, invite } = await orgWithInvite(server);
    const newcomer = server.buildUser();
    expectHidden(
      await join(newcomer, id, UNKNOWN_ID),
      UNKNOWN_ID,
      await join(newcomer, UNKNOWN_ID, invite.id),
      invite.id,
    );
    expectError(await join(newcomer, id, UNKNOWN_ID), 404, UNKNOWN_ID);
  });

  it("404 for another organization's invite used on this organization, and nobody joins either", async () => {
    const mine = await orgWithInvite(server, 'admin');
    const other = await orgWithInvite(server, 'read');
    const newcomer = server.buildUser();
    expectHidden(
      await join(newcomer, mine.id, UNKNOWN_ID),
      UNKNOWN_ID,
      await join(newcomer, mine.id, other.invite.id),
      other.invite.id,
    );
    expect(await membership(mine.owner, mine.id, newcomer.id)).toBe(404);
    expect(await membership(other.owner, other.id, newcomer.id)).toBe(404);
  });

  it('404 when the invite link was revoked', async () => {
    const { owner, id, invite } = await orgWithInvite(server);
    await owner.client.call('deleteOrganizationInviteById', {
      params: { organizationId: id, inviteId: invite.id },
    });
    const newcomer = server.buildUser();
    expectError(await join(newcomer, id, invite.id), 404, invite.id);
    expect(await membership(owner, id, newcomer.id)).toBe(404);
  });

  for (const role of ROLES_OR_GUEST) {
    it(`200: a new user joins with the invite's role ${roleName(role)}, then sees the organization`, async () => {
      const { owner, id, invite } = await orgWithInvite(server, role);
      const newcomer = server.buildUser();
      expect(await newcomer.client.call('listOrganizationsForAuthenticatedUser')).toEqual({
        items: [],
        count: 0,
      });

      const answer = await join(newcomer, id, invite.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});

      expect(await membership(owner, id, newcomer.id)).toEqual({ role, sso: false });
      const org = await newcomer.client.call('getOrganizationById', { params: { organizationId: id } });
      expect(org.permissions.admin).toBe(role === 'admin');
      expect(org.permissions.listMembers).toBe(role !== null);
      const list = await newcomer.client.call('listOrganizationsForAuthenticatedUser');
      expect(list.items.map((o) => o.id)).toEqual([id]);
      expect(list.count).toBe(1);
      expect(joinedEvents(id, newcomer.id)).toHaveLength(1);
    });
  }

  it('joining twice changes nothing: same role, one membership, one event', async () => {
    const { owner, id, invite } = await orgWithInvite(server, 'comment');
    const newcomer = server.buildUser();
    expect((await join(newcomer, id, invite.id)).status).toBe(200);
    await owner.client.call('updateOrganizationInviteById', {
      params: { organizationId: id, inviteId: invite.id },
      body: { role: 'admin' },
    });
    const again = await join(newcomer, id, invite.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({});
    expect(await membership(owner, id, newcomer.id)).toEqual({ role: 'comment', sso: false });
    const members = await owner.client.call('listMembersInOrganizationById', {
      params: { organizationId: id },
    });
    expect(members.count).toBe(2);
    expect(joinedEvents(id, newcomer.id)).toHaveLength(1);
  });

  it('an existing member who uses a link keeps their role, whatever the link grants', async () => {
    const { owner, id, invite } = await orgWithInvite(server, 'read');
    const editor = server.buildMember(id, 'edit');
    expect((await join(editor, id, invite.id)).status).toBe(200);
    expect(await membership(owner, id, editor.id)).toEqual({ role: 'edit', sso: false });
    expect((await join(owner, id, invite.id)).status).toBe(200);
    expect(await membership(owner, id, owner.id)).toEqual({ role: 'admin', sso: false });
  });

  it('the invite link stays usable by others after someone joins with it', async () => {
    const { owner, id, invite } = await orgWithInvite(server, 'review');
    const first = server.buildUser();
    const second = server.buildUser();
    expect((await join(first, id, invite.id)).status).toBe(200);
    expect((await join(second, id, invite.id)).status).toBe(200);
    expect(await membership(owner, id, first.id)).toEqual({ role: 'review', sso: false });
    expect(await membership(owner, id, second.id)).toEqual({ role: 'review', sso: false });
    expect(
      await owner.client.call('getOrganizationInviteLink', {
        params: { organizationId: id, inviteId: invite.id },
      }),
    ).toEqual(invite);
  });
});
