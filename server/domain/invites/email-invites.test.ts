/** Route tests: pending email invites (an extension): listed until the first visit, resent, revoked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendRequest,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const MINUTE = 60_000;

/** An organization whose admin invited two people by email (one minute apart), and a foreign one with an invite. */
async function orgWithEmailInvites() {
  const admin = server.buildUser({ name: 'Ada Admin' });
  const { id: orgId } = server.buildOrg(admin);
  const invite = (emails: (string | { email: string; role: 'admin' | 'read' | null })[]) =>
    admin.client.call('inviteUsersToOrganization', { params: { organizationId: orgId }, body: { emails } });
  await invite(['first.person@example.com']);
  server.clock.advance(MINUTE);
  await invite([{ email: 'second.person@example.com', role: 'admin' }]);
  const foreignOwner = server.buildUser({ name: 'Foreign Owner' });
  const { id: foreignOrgId } = server.buildOrg(foreignOwner);
  await foreignOwner.client.call('inviteUsersToOrganization', {
    params: { organizationId: foreignOrgId },
    body: { emails: ['foreign.person@example.com'] },
  });
  const list = (user: TestUser = admin, organizationId = orgId) =>
    user.client.call('listOrganizationEmailInvites', { params: { organizationId } });
  const foreignInviteId = (await list(foreignOwner, foreignOrgId)).items[0]!.id;
  return { admin, orgId, list, foreignInviteId };
}

describe('GET /v1/orgs/{organizationId}/email-invites (listOrganizationEmailInvites)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { orgId } = await orgWithEmailInvites();
    await expectUnauthorized(server, 'listOrganizationEmailInvites', { params: { organizationId: orgId } });
  });

  it('400 for a limit out of bounds and a page cursor of nothing, naming the parameter', async () => {
    const { admin, orgId } = await orgWithEmailInvites();
    const path = `/v1/orgs/${orgId}/email-invites`;
    for (const query of ['limit=-1', 'limit=1001', 'page=not-a-cursor'])
      expectError(
        await sendRequest(server, { method: 'GET', path: `${path}?${query}`, token: admin.token }),
        400,
        query.split('=')[0]!,
      );
  });

  it.each(NON_ADMIN_ROLES.map((role) => [roleName(role), role] as const))('403 to %s', async (_n, role) => {
    const { orgId } = await orgWithEmailInvites();
    const member = server.buildMember(orgId, role);
    const answer = await member.client.request('listOrganizationEmailInvites', {
      params: { organizationId: orgId },
    });
    expectError(answer, 403, 'admins');
  });

  it('404 for an unknown organization and one the caller is not in, alike', async () => {
    const { admin } = await orgWithEmailInvites();
    const other = server.buildOrg(server.buildUser()).id;
    expectHidden(
      await admin.client.request('listOrganizationEmailInvites', { params: { organizationId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('listOrganizationEmailInvites', { params: { organizationId: other } }),
      other,
    );
  });

  it('lists the invites newest first, with the member, the role, the sender and the times; a visit ends one', async () => {
    const { admin, orgId, list } = await orgWithEmailInvites();
    const page = await list();
    expect(page.count).toBe(2);
    expect(page.items.map((invite) => [invite.email, invite.role, invite.sentCount])).toEqual([
      ['second.person@example.com', 'admin', 1],
      ['first.person@example.com', 'read', 1],
    ]);
    const [second] = page.items;
    expect(second!.invitedBy?.id).toBe(admin.id);
    expect(second!.user.email).toBe('second.person@example.com');
    expect(second!.createdAt).toBe(server.clock.now().toISOString());
    expect(second!.sentAt).toBe(second!.createdAt);
    // The first person signs in and visits: their invite is accepted and leaves the list; they stay a member.
    const firstId = page.items[1]!.user.id;
    const first = server.buildUser({ email: 'first.person@example.com' });
    await first.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: orgId } });
    expect((await list()).items.map((invite) => invite.email)).toEqual(['second.person@example.com']);
    await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: firstId },
    });
  });

  it('pages with limit and next.page', async () => {
    const { admin, orgId } = await orgWithEmailInvites();
    const first = await admin.client.call('listOrganizationEmailInvites', {
      params: { organizationId: orgId },
      query: { limit: 1 },
    });
    expect(first.items).toHaveLength(1);
    const second = await admin.client.call('listOrganizationEmailInvites', {
      params: { organizationId: orgId },
      query: { limit: 1, page: first.next!.page },
    });
    expect(second.items.map((invite) => invite.email)).toEqual(['first.person@example.com']);
    expect(second.next).toBeUndefined();
  });
});

describe('POST /v1/orgs/{organizationId}/email-invites/{inviteId}/resend (resendOrganizationEmailInvite)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { orgId, list } = await orgWithEmailInvites();
    const inviteId = (await list()).items[0]!.id;
    await expectUnauthorized(server, 'resendOrganizationEmailInvite', {
      params: { organizationId: orgId, inviteId },
    });
    expect((await list()).items[0]!.sentCount).toBe(1);
  });

  it('400 for an invite id longer than any id, naming it', async () => {
    const { admin, orgId } = await orgWithEmailInvites();
    for (const method of ['POST', 'DELETE'])
      expectError(
        await sendRequest(server, {
          method,
          path: `/v1/orgs/${orgId}/email-invites/${'x'.repeat(300)}${method === 'POST' ? '/resend' : ''}`,
          token: admin.token,
        }),
        400,
        'inviteId',
      );
  });

  it.each(NON_ADMIN_ROLES.map((role) => [roleName(role), role] as const))('403 to %s', async (_n, role) => {
    const { orgId, list } = await orgWithEmailInvites();
    const inviteId = (await list()).items[0]!.id;
    const member = server.buildMember(orgId, role);
    const answer = await member.client.request('resendOrganizationEmailInvite', {
      params: { organizationId: orgId, inviteId },
    });
    expectError(answer, 403, 'admins');
    expect((await list()).items[0]!.sentCount).toBe(1);
  });

  it("404 for an unknown invite, another organization's, and an accepted one", async () => {
    const { admin, orgId, list, foreignInviteId } = await orgWithEmailInvites();
    const resend = (inviteId: string) =>
      admin.client.request('resendOrganizationEmailInvite', { params: { organizationId: orgId, inviteId } });
    expectHidden(await resend(UNKNOWN_ID), UNKNOWN_ID, await resend(foreignInviteId), foreignInviteId);
    const accepted = (await list()).items[0]!;
    await server
      .buildUser({ email: accepted.email })
      .client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: orgId } });
    expectError(await resend(accepted.id), 404, 'no pending email invite');
  });

  it('sends it again: a new sent time and one more send', async () => {
    const { admin, orgId, list } = await orgWithEmailInvites();
    const before = (await list()).items[1]!;
    server.clock.advance(5 * MINUTE);
    const after = await admin.client.call('resendOrganizationEmailInvite', {
      params: { organizationId: orgId, inviteId: before.id },
    });
    expect(after).toEqual({ ...before, sentAt: server.clock.now().toISOString(), sentCount: 2 });
    expect((await list()).items[1]).toEqual(after);
  });
});

describe('DELETE /v1/orgs/{organizationId}/email-invites/{inviteId} (revokeOrganizationEmailInvite)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { orgId, list } = await orgWithEmailInvites();
    const inviteId = (await list()).items[0]!.id;
    await expectUnauthorized(server, 'revokeOrganizationEmailInvite', {
      params: { organizationId: orgId, inviteId },
    });
    expect((await list()).count).toBe(2);
  });

  it.each(NON_ADMIN_ROLES.map((role) => [roleName(role), role] as const))('403 to %s', async (_n, role) => {
    const { orgId, list } = await orgWithEmailInvites();
    const inviteId = (await list()).items[0]!.id;
    const member = server.buildMember(orgId, role);
    const answer = await member.client.request('revokeOrganizationEmailInvite', {
      params: { organizationId: orgId, inviteId },
    });
    expectError(answer, 403, 'admins');
    expect((await list()).count).toBe(2);
  });

  it("404 for an unknown invite and another organization's, alike", async () => {
    const { admin, orgId, foreignInviteId } = await orgWithEmailInvites();
    const revoke = (inviteId: string) =>
      admin.client.request('revokeOrganizationEmailInvite', { params: { organizationId: orgId, inviteId } });
    expectHidden(await revoke(UNKNOWN_ID), UNKNOWN_ID, await revoke(foreignInviteId), foreignInviteId);
  });

  it('revokes it: the invited person is no member any more, and the invite is gone', async () => {
    const { admin, orgId, list } = await orgWithEmailInvites();
    const invite = (await list()).items[0]!;
    expectStatus(
      await admin.client.request('revokeOrganizationEmailInvite', {
        params: { organizationId: orgId, inviteId: invite.id },
      }),
      204,
    );
    expect((await list()).items.map((item) => item.email)).toEqual(['first.person@example.com']);
    const member = await admin.client.request('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: invite.user.id },
    });
    expectError(member, 404);
    expectError(
      await admin.client.request('revokeOrganizationEmailInvite', {
        params: { organizationId: orgId, inviteId: invite.id },
      }),
      404,
    );
  });

  it('409 when the invited person is the last active admin, and nothing changes', async () => {
    const { admin, orgId, list } = await orgWithEmailInvites();
    const invite = (await list()).items[0]!;
    // The invited admin (who has not visited yet) demotes the inviting one, then revokes their own invite.
    const invited = server.buildUser({ email: invite.email });
    await invited.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
      body: { role: 'read' },
    });
    const answer = await invited.client.request('revokeOrganizationEmailInvite', {
      params: { organizationId: orgId, inviteId: invite.id },
    });
    expectError(answer, 409, 'last admin');
    expect((await list(invited)).count).toBe(2);
  });
});
