/** Route tests: changing the role of an invite link and revoking it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  orgWithInvite,
  roleName,
  ROLES_OR_GUEST,
  sendRequest,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const reread = (user: TestUser, organizationId: string, inviteId: string) =>
  user.client.call('getOrganizationInviteLink', { params: { organizationId, inviteId } });

describe('PATCH /v1/orgs/{organizationId}/link-invites/{inviteId} (updateOrganizationInviteById)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { owner, id, invite } = await orgWithInvite(server);
    await expectUnauthorized(server, 'updateOrganizationInviteById', {
      params: { organizationId: id, inviteId: invite.id },
      body: { role: 'admin' },
    });
    expect(await reread(owner, id, invite.id)).toEqual(invite);
  });

  describe('400 for a body that breaks the contract, naming the field, and the role stays', () => {
    const cases: [string, unknown, string][] = [
      ['role missing', {}, '`role`'],
      ['role not a role', { role: 'superuser' }, '`role`'],
      ['role not a string', { role: true }, '`role`'],
      ['an unknown field', { role: 'edit', id: 'other' }, '`id`'],
      ['a string instead of an object', 'edit', 'body'],
    ];
    for (const [label, json, fragment] of cases) {
      it(label, async () => {
        const { owner, id, invite } = await orgWithInvite(server);
        const path = `/v1/orgs/${id}/link-invites/${invite.id}`;
        expectError(
          await sendRequest(server, { method: 'PATCH', path, token: owner.token, json }),
          400,
          fragment,
        );
        expect(await reread(owner, id, invite.id)).toEqual(invite);
      });
    }

    it('malformed JSON, no body, an empty body', async () => {
      const { owner, id, invite } = await orgWithInvite(server);
      const path = `/v1/orgs/${id}/link-invites/${invite.id}`;
      expectError(
        await sendRequest(server, { method: 'PATCH', path, token: owner.token, text: '{role: edit}' }),
        400,
        'JSON',
      );
      expectError(await sendRequest(server, { method: 'PATCH', path, token: owner.token }), 400, 'body');
      expectError(
        await sendRequest(server, { method: 'PATCH', path, token: owner.token, text: ' ' }),
        400,
        'body',
      );
      expect(await reread(owner, id, invite.id)).toEqual(invite);
    });
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}, and the role stays`, async () => {
      const { owner, id, invite } = await orgWithInvite(server);
      const member = server.buildMember(id, role);
      const answer = await member.client.request('updateOrganizationInviteById', {
        params: { organizationId: id, inviteId: invite.id },
        body: { role: 'admin' },
      });
      expectError(answer, 403, 'invite links');
      expect(await reread(owner, id, invite.id)).toEqual(invite);
    });
  }

  it('404 for an unknown or foreign organization, and for an unknown or foreign invite, never revealing', async () => {
    const mine = await orgWithInvite(server);
    const foreign = await orgWithInvite(server);
    const body = { role: 'admin' as const };
    const update = (organizationId: string, inviteId: string) =>
      mine.owner.client.request('updateOrganizationInviteById', {
        params: { organizationId, inviteId },
        body,
      });
    expectHidden(
      await update(UNKNOWN_ID, foreign.invite.id),
      UNKNOWN_ID,
      await update(foreign.id, foreign.invite.id),
      foreign.id,
    );
    expectHidden(
      await update(mine.id, UNKNOWN_ID),
      UNKNOWN_ID,
      await update(mine.id, foreign.invite.id),
      foreign.invite.id,
    );
    expect(await reread(foreign.owner, foreign.id, foreign.invite.id)).toEqual(foreign.invite);
  });

  for (const role of ROLES_OR_GUEST) {
    it(`200 changes the role to ${roleName(role)}, seen by get and list`, async () => {
      const { owner, id, invite } = await orgWithInvite(server, role === 'read' ? 'admin' : 'read');
      const answer = await owner.client.call('updateOrganizationInviteById', {
        params: { organizationId: id, inviteId: invite.id },
        body: { role },
      });
      expect(answer).toEqual({ ...invite, role, redundant: true });
      expect(await reread(owner, id, invite.id)).toEqual(answer);
      const list = await owner.client.call('listOrganizationInviteLinks', { params: { organizationId: id } });
      expect(list.items).toEqual([answer]);
    });
  }

  it('changes the role even while invite links are turned off, and writes an `invite.role_changed` event', async () => {
    const { owner, id, invite } = await orgWithInvite(server, 'read');
    await owner.client.call('updateOrganizationById', {
      params: { organizationId: id },
      body: { inviteLinks: false },
    });
    const answer = await owner.client.call('updateOrganizationInviteById', {
      params: { organizationId: id, inviteId: invite.id },
      body: { role: null },
    });
    expect(answer.role).toBeNull();
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .selectAll()
        .where('action', '=', 'invite.role_changed')
        .where('subject_id', '=', invite.id),
    );
    expect(events.map((e) => JSON.parse(e.data) as unknown)).toEqual([{ from: 'read', to: null }]);
  });
});

describe('DELETE /v1/orgs/{organizationId}/link-invites/{inviteId} (deleteOrganizationInviteById)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { owner, id, invite } = await orgWithInvite(server);
    await expectUnauthorized(server, 'deleteOrganizationInviteById', {
      params: { organizationId: id, inviteId: invite.id },
    });
    expect(await reread(owner, id, invite.id)).toEqual(invite);
  });

  it('400 when the invite id is longer than an id may be, naming `inviteId`', async () => {
    const { owner, id } = await orgWithInvite(server);
    const answer = await owner.client.request('deleteOrganizationInviteById', {
      params: { organizationId: id, inviteId: 'i'.repeat(257) },
    });
    expectError(answer, 400, '`inviteId`');
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}, and the link stays`, async () => {
      const { owner, id, invite } = await orgWithInvite(server);
      const member = server.buildMember(id, role);
      const answer = await member.client.request('deleteOrganizationInviteById', {
        params: { organizationId: id, inviteId: invite.id },
      });
      expectError(answer, 403, 'invite links');
      expect(await reread(owner, id, invite.id)).toEqual(invite);
    });
  }

  it('404 for an unknown or foreign organization, and for an unknown or foreign invite, never revealing', async () => {
    const mine = await orgWithInvite(server);
    const foreign = await orgWithInvite(server);
    const remove = (organizationId: string, inviteId: string) =>
      mine.owner.client.request('deleteOrganizationInviteById', { params: { organizationId, inviteId } });
    expectHidden(
      await remove(UNKNOWN_ID, foreign.invite.id),
      UNKNOWN_ID,
      await remove(foreign.id, foreign.invite.id),
      foreign.id,
    );
    expectHidden(
      await remove(mine.id, UNKNOWN_ID),
      UNKNOWN_ID,
      await remove(mine.id, foreign.invite.id),
      foreign.invite.id,
    );
    expect(await reread(foreign.owner, foreign.id, foreign.invite.id)).toEqual(foreign.invite);
  });

  it('205 with no body; then the link is gone from get, list and a second delete', async () => {
    const { owner, id, invite } = await orgWithInvite(server);
    const kept = await owner.client.call('createOrganizationInvite', {
      params: { organizationId: id },
      body: { role: 'edit' },
    });
    const params = { organizationId: id, inviteId: invite.id };
    const answer = await owner.client.request('deleteOrganizationInviteById', { params });
    expect(answer.status).toBe(205);
    expect(answer.body).toBeUndefined();
    expectError(await owner.client.request('getOrganizationInviteLink', { params }), 404, invite.id);
    expectError(await owner.client.request('deleteOrganizationInviteById', { params }), 404, invite.id);
    expectError(
      await owner.client.request('updateOrganizationInviteById', { params, body: { role: 'read' } }),
      404,
    );
    const list = await owner.client.call('listOrganizationInviteLinks', { params: { organizationId: id } });
    expect(list).toEqual({ items: [kept], count: 1 });
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .selectAll()
        .where('action', '=', 'invite.revoked')
        .where('subject_id', '=', invite.id),
    );
    expect(events.map((e) => e.actor_id)).toEqual([owner.id]);
  });

  it('a revoked link no longer lets anyone join', async () => {
    const { owner, id, invite } = await orgWithInvite(server);
    await owner.client.call('deleteOrganizationInviteById', {
      params: { organizationId: id, inviteId: invite.id },
    });
    const newcomer = server.buildUser();
    const join = await newcomer.client.request('joinOrganizationWithInvite', {
      params: { organizationId: id, inviteId: invite.id },
    });
    expectError(join, 404);
    expectError(
      await newcomer.client.request('getOrganizationById', { params: { organizationId: id } }),
      404,
    );
  });
});
