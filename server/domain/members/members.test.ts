import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  sendRaw,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /v1/orgs/{organizationId}/members/{userId}', () => {
  it('answers 401 without a valid token', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
    });
  });

  it('answers 400 for a path parameter that breaks its bounds', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const answer = await admin.client.request('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: 'u'.repeat(257) },
    });
    expectError(answer, 400, 'userId');
  });

  it('answers 403 to a guest asking for someone else, and lets the guest see itself', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const guest = server.buildMember(orgId, null);
    const other = await guest.client.request('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
    });
    expectError(other, 403, 'guests');
    const self = await guest.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: guest.id },
    });
    expect(self).toMatchObject({ id: guest.id, role: null });
  });

  it('answers 404 for an unknown member, a member of another organization, and another organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const userId of ['no-such-user', foreign.member.id, foreign.owner.id]) {
      const answer = await admin.client.request('getMemberInOrganizationById', {
        params: { organizationId: orgId, userId },
      });
      expectError(answer, 404, userId);
    }
    const hidden = await admin.client.request('getMemberInOrganizationById', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    const message = expectError(hidden, 404);
    expect(message).not.toContain(foreign.member.id);
  });

  it('answers the member with its user, role, dates, flags and counts', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const joinedAt = server.clock.now().toISOString();
    const reader = server.buildMember(orgId, 'read', { name: 'Rita Reader' });
    server.buildTeam(orgId, 'One', { [reader.id]: 'member' });
    server.buildTeam(orgId, 'Two', { [reader.id]: 'owner' });
    const member = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: reader.id },
    });
    expect(member).toEqual({
      object: 'member',
      id: reader.id,
      role: 'read',
      user: {
        object: 'user',
        id: reader.id,
        displayName: 'Rita Reader',
        email: reader.email,
        urls: { location: `${server.baseUrl}/v1/users/${reader.id}` },
      },
      disabled: false,
      joinedAt,
      sso: false,
      spaces: 0,
      teams: 2,
    });
  });
});

describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
  it('answers 401 without a valid token', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
      body: { role: 'read' },
    });
  });

  it('answers 400 naming the body field that breaks a rule', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const reader = server.buildMember(orgId, 'read');
    const params = { organizationId: orgId, userId: reader.id };
    const bad: [unknown, string][] = [
      [{}, 'role'],
      [{ role: 'owner' }, 'role'],
      [{ role: 'Admin' }, 'role'],
      [{ role: 5 }, 'role'],
      [{ role: '' }, 'role'],
      [{ role: 'read', title: 'x' }, 'title'],
      [[], 'body'],
      ['read', 'body'],
    ];
    for (const [body, field] of bad) {
      expectError(
        await sendRaw(server, 'updateMemberInOrganizationById', { token: admin.token, params, body }),
        400,
        field,
      );
    }
    expectError(
      await sendRaw(server, 'updateMemberInOrganizationById', { token: admin.token, params }),
      400,
      'body',
    );
    expectError(
      await sendRaw(server, 'updateMemberInOrganizationById', {
        token: admin.token,
        params,
        rawBody: '{"role":',
      }),
      400,
      'JSON',
    );
    const unchanged = await admin.client.call('getMemberInOrganizationById', { params });
    expect(unchanged.role).toBe('read');
  });

  it('answers 403 to every role but admin, a team owner included, even on their own role', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const target = server.buildMember(orgId, 'read');
    for (const role of NON_ADMIN_ROLES) {
      const caller = server.buildMember(orgId, role);
      const other = await caller.client.request('updateMemberInOrganizationById', {
        params: { organizationId: orgId, userId: target.id },
        body: { role: 'edit' },
      });
      expectError(other, 403, 'only admins');
      const self = await caller.client.request('updateMemberInOrganizationById', {
        params: { organizationId: orgId, userId: caller.id },
        body: { role: 'admin' },
      });
      expectError(self, 403, 'only admins');
    }
    const owner = server.buildMember(orgId, 'edit');
    server.buildTeam(orgId, 'Owned', { [owner.id]: 'owner', [target.id]: 'member' });
    const byOwner = await owner.client.request('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: target.id },
      body: { role: 'edit' },
    });
    expectError(byOwner, 403, 'only admins');
    const after = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: target.id },
    });
    expect(after.role).toBe('read');
  });

  it('answers 404 for an unknown member, a member of another organization, and another organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const userId of ['no-such-user', foreign.member.id]) {
      const answer = await admin.client.request('updateMemberInOrganizationById', {
        params: { organizationId: orgId, userId },
        body: { role: 'edit' },
      });
      expectError(answer, 404, userId);
    }
    const hidden = await admin.client.request('updateMemberInOrganizationById', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
      body: { role: 'admin' },
    });
    expectError(hidden, 404);
    const untouched = await foreign.owner.client.call('getMemberInOrganizationById', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    expect(untouched.role).toBe('read');
  });

  it('answers 409 when the last admin would be demoted, saying why, and changes nothing', async () => {
    const { admin, orgId } = buildAdminOrg(server, 'Solo Admin');
    for (const role of ['read', null] as const) {
      const answer = await admin.client.request('updateMemberInOrganizationById', {
        params: { organizationId: orgId, userId: admin.id },
        body: { role },
      });
      expectError(answer, 409, 'last admin');
    }
    const self = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
    });
    expect(self.role).toBe('admin');
    // Making the last admin admin again is no demotion.
    const same = await admin.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
      body: { role: 'admin' },
    });
    expect(same.role).toBe('admin');
  });

  it('lets one of two admins be demoted, then protects the remaining one', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const second = server.buildMember(orgId, 'admin');
    const demoted = await second.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
      body: { role: 'edit' },
    });
    expect(demoted.role).toBe('edit');
    const last = await second.client.request('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: second.id },
      body: { role: 'read' },
    });
    expectError(last, 409, 'last admin');
    const admins = await second.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { role: 'admin' },
    });
    expect(admins.items.map((m) => m.id)).toEqual([second.id]);
  });

  it('counts only active admins: a disabled admin neither keeps the last active one removable nor is protected', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const dormant = server.buildMember(orgId, 'admin');
    // No operation disables a member yet: the factory's database stands in for the one that will.
    server.db.run(
      server.db.q
        .updateTable('members')
        .set({ disabled: 1 })
        .where('organization_id', '=', orgId)
        .where('user_id', '=', dormant.id),
    );
    const self = await admin.client.request('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
      body: { role: 'read' },
    });
    expectError(self, 409, 'last admin');
    expectError(
      await admin.client.request('removeMemberFromOrganizationById', {
        params: { organizationId: orgId, userId: admin.id },
      }),
      409,
      'last admin',
    );
    const demoted = await admin.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: dormant.id },
      body: { role: 'read' },
    });
    expect(demoted).toMatchObject({ role: 'read', disabled: true });
  });

  it("changes a member's role, to a guest too, and the change is what later reads see", async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const member = server.buildMember(orgId, 'read', { name: 'Mo Member' });
    const params = { organizationId: orgId, userId: member.id };
    const edited = await admin.client.call('updateMemberInOrganizationById', {
      params,
      body: { role: 'edit' },
    });
    expect(edited).toMatchObject({
      object: 'member',
      id: member.id,
      role: 'edit',
      user: { displayName: 'Mo Member' },
    });
    expect((await admin.client.call('getMemberInOrganizationById', { params })).role).toBe('edit');
    const guest = await admin.client.call('updateMemberInOrganizationById', { params, body: { role: null } });
    expect(guest.role).toBeNull();
    const guests = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { role: 'guest' },
    });
    expect(guests.items.map((m) => m.id)).toEqual([member.id]);
    // As a guest the member may no longer list the members.
    expectError(
      await member.client.request('listMembersInOrganizationById', { params: { organizationId: orgId } }),
      403,
    );
    const promoted = await admin.client.call('updateMemberInOrganizationById', {
      params,
      body: { role: 'admin' },
    });
    expect(promoted.role).toBe('admin');
    await member.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
      body: { role: 'read' },
    });
    expect(
      (
        await admin.client.call('getMemberInOrganizationById', {
          params: { organizationId: orgId, userId: admin.id },
        })
      ).role,
    ).toBe('read');
  });
});
