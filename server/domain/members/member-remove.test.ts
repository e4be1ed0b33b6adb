import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    const member = server.buildMember(orgId, 'read');
    await expectUnauthorized(server, 'removeMemberFromOrganizationById', {
      params: { organizationId: orgId, userId: member.id },
    });
  });

  it('answers 400 for a path parameter that breaks its bounds', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const answer = await admin.client.request('removeMemberFromOrganizationById', {
      params: { organizationId: orgId, userId: 'u'.repeat(257) },
    });
    expectError(answer, 400, 'userId');
  });

  it('answers 403 to anyone but an admin removing someone else, a team owner included', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const target = server.buildMember(orgId, 'read');
    const owner = server.buildMember(orgId, 'create');
    server.buildTeam(orgId, 'Owned', { [owner.id]: 'owner', [target.id]: 'member' });
    const callers = [...NON_ADMIN_ROLES.map((role) => server.buildMember(orgId, role)), owner];
    for (const caller of callers) {
      const answer = await caller.client.request('removeMemberFromOrganizationById', {
        params: { organizationId: orgId, userId: target.id },
      });
      expectError(answer, 403, 'only admins');
    }
    expect(
      (
        await admin.client.call('getMemberInOrganizationById', {
          params: { organizationId: orgId, userId: target.id },
        })
      ).id,
    ).toBe(target.id);
  });

  it('answers 404 for an unknown member, a member of another organization, and another organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const userId of ['no-such-user', foreign.member.id]) {
      const answer = await admin.client.request('removeMemberFromOrganizationById', {
        params: { organizationId: orgId, userId },
      });
      expectError(answer, 404, userId);
    }
    const hidden = await admin.client.request('removeMemberFromOrganizationById', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    expectError(hidden, 404);
    const still = await foreign.owner.client.call('listMembersInOrganizationById', {
      params: { organizationId: foreign.orgId },
    });
    expect(still.count).toBe(2);
  });

  it('answers 409 when the last admin would leave, saying why, and changes nothing', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    server.buildMember(orgId, 'read');
    const answer = await admin.client.request('removeMemberFromOrganizationById', {
      params: { organizationId: orgId, userId: admin.id },
    });
    expectError(answer, 409, 'last admin');
    const members = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(members.count).toBe(2);
    expect(members.items.find((m) => m.id === admin.id)?.role).toBe('admin');
  });

  it('removes a member and their team memberships; the member no longer sees the organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const leaving = server.buildMember(orgId, 'edit');
    const staying = server.buildMember(orgId, 'read');
    const team = server.buildTeam(orgId, 'Crew', { [leaving.id]: 'owner', [staying.id]: 'member' });
    const answer = await admin.client.request('removeMemberFromOrganizationById', {
      params: { organizationId: orgId, userId: leaving.id },
    });
    expectStatus(answer, 204);
    expect(answer.body).toBeUndefined();
    expectError(
      await admin.client.request('getMemberInOrganizationById', {
        params: { organizationId: orgId, userId: leaving.id },
      }),
      404,
    );
    const members = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(members.count).toBe(2);
    expect(members.items.map((m) => m.id)).not.toContain(leaving.id);
    const teamMembers = await admin.client.call('listTeamMembersInOrganizationById', {
      params: { organizationId: orgId, teamId: team.id },
    });
    expect(teamMembers.items.map((e) => e.organization.id)).toEqual([staying.id]);
    expect(
      (
        await admin.client.call('getTeamInOrganizationById', {
          params: { organizationId: orgId, teamId: team.id },
        })
      ).members,
    ).toBe(1);
    const orgs = await leaving.client.call('listOrganizationsForAuthenticatedUser');
    expect(orgs.items.map((o) => o.id)).not.toContain(orgId);
    expectError(
      await leaving.client.request('getOrganizationById', { params: { organizationId: orgId } }),
      404,
    );
    // Removing again: the member is gone.
    expectError(
      await admin.client.request('removeMemberFromOrganizationById', {
        params: { organizationId: orgId, userId: leaving.id },
      }),
      404,
    );
  });

  it('lets any member leave, and an admin remove another admin', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const reader = server.buildMember(orgId, 'read');
    const guest = server.buildMember(orgId, null);
    const second = server.buildMember(orgId, 'admin');
    for (const member of [reader, guest]) {
      expectStatus(
        await member.client.request('removeMemberFromOrganizationById', {
          params: { organizationId: orgId, userId: member.id },
        }),
        204,
      );
    }
    expectStatus(
      await second.client.request('removeMemberFromOrganizationById', {
        params: { organizationId: orgId, userId: admin.id },
      }),
      204,
    );
    const left = await second.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(left.items.map((m) => m.id)).toEqual([second.id]);
    expect(left.count).toBe(1);
  });
});
