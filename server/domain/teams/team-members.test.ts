import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRole } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  allPages,
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  sendRaw,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A team owned by a reader with one plain member, another team, and an organization member in no team. */
function buildTeamOrg() {
  const { admin, orgId } = buildAdminOrg(server, 'Zoe Admin');
  const owner = server.buildMember(orgId, 'read', { name: 'Olga Owner' });
  const member = server.buildMember(orgId, 'edit', { name: 'Max Member' });
  const outsider = server.buildMember(orgId, 'comment', { name: 'Nina Nobody' });
  const { id: teamId } = server.buildTeam(orgId, 'Core', { [owner.id]: 'owner', [member.id]: 'member' });
  const otherOwner = server.buildMember(orgId, 'read', { name: 'Otto Other' });
  const { id: otherTeamId } = server.buildTeam(orgId, 'Other', { [otherOwner.id]: 'owner' });
  return {
    admin,
    orgId,
    owner,
    member,
    outsider,
    otherOwner,
    teamId,
    otherTeamId,
    params: { organizationId: orgId, teamId },
  };
}

/** The team's members as `[userId, team role]`, read back through the API as the admin sees them. */
async function roster(
  admin: TestUser,
  params: { organizationId: string; teamId: string },
): Promise<[string, TeamRole][]> {
  const page = await admin.client.call('listTeamMembersInOrganizationById', {
    params,
    query: { limit: 1000 },
  });
  const team = await admin.client.call('getTeamInOrganizationById', { params });
  expect(team.members).toBe(page.count);
  return page.items.map((e) => [e.organization.id, e.team.role]);
}

describe('GET /v1/orgs/{organizationId}/teams/{teamId}/members', () => {
  it('answers 401 without a valid token', async () => {
    const { params } = buildTeamOrg();
    await expectUnauthorized(server, 'listTeamMembersInOrganizationById', { params });
  });

  it('answers 400 naming the query parameter that breaks a rule', async () => {
    const { admin, params } = buildTeamOrg();
    for (const [query, field] of [
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ page: 'garbage' }, 'page'],
      [{ page: '' }, 'page'],
    ] as const) {
      expectError(
        await sendRaw(server, 'listTeamMembersInOrganizationById', { token: admin.token, params, query }),
        400,
        field,
      );
    }
  });

  it('answers 403 to a guest outside the team', async () => {
    const { orgId, params } = buildTeamOrg();
    const guest = server.buildMember(orgId, null);
    expectError(await guest.client.request('listTeamMembersInOrganizationById', { params }), 403, 'guests');
  });

  it('answers 404 for an unknown team, a team of another organization, and another organization', async () => {
    const { admin, orgId } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    for (const teamId of ['no-such-team', foreign.teamId]) {
      expectError(
        await admin.client.request('listTeamMembersInOrganizationById', {
          params: { organizationId: orgId, teamId },
        }),
        404,
        teamId,
      );
    }
    const hidden = await admin.client.request('listTeamMembersInOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
    });
    expectError(hidden, 404);
  });

  it('lists the members by name with their organization membership, team role and view permission', async () => {
    const { admin, outsider, owner, member, orgId, params } = buildTeamOrg();
    const page = await outsider.client.call('listTeamMembersInOrganizationById', { params });
    expect(page.items.map((e) => [e.organization.user.displayName, e.team.role, e.permissions.view])).toEqual(
      [
        ['Max Member', 'member', true],
        ['Olga Owner', 'owner', true],
      ],
    );
    expect(page.count).toBe(2);
    expect(page.next).toBeUndefined();
    expect(page.items[0]?.organization).toMatchObject({
      object: 'member',
      id: member.id,
      role: 'edit',
      teams: 1,
    });
    // A guest in the team sees the team but only their own membership.
    const guest = server.buildMember(orgId, null, { name: 'Gus Guest' });
    await admin.client.call('addMemberToOrganizationTeamById', {
      params: { ...params, userId: guest.id },
      body: { role: 'member' },
    });
    const asGuest = await guest.client.call('listTeamMembersInOrganizationById', { params });
    expect(asGuest.items.map((e) => [e.organization.id, e.permissions.view])).toEqual([
      [guest.id, true],
      [member.id, false],
      [owner.id, false],
    ]);
  });

  it('pages through the members exactly once', async () => {
    const { admin, orgId, params } = buildTeamOrg();
    for (const name of ['Amy A', 'Bob B', 'Cid C']) {
      const user = server.buildMember(orgId, 'read', { name });
      await admin.client.call('addMemberToOrganizationTeamById', {
        params: { ...params, userId: user.id },
        body: { role: 'member' },
      });
    }
    const pages = await allPages((page) =>
      admin.client.call('listTeamMembersInOrganizationById', {
        params,
        query: { limit: 2, ...(page !== undefined ? { page } : {}) },
      }),
    );
    expect(pages.map((p) => p.items.map((e) => e.organization.user.displayName))).toEqual([
      ['Amy A', 'Bob B'],
      ['Cid C', 'Max Member'],
      ['Olga Owner'],
    ]);
    expect(pages.every((p) => p.count === 5)).toBe(true);
  });
});

describe('PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', () => {
  it('answers 401 without a valid token', async () => {
    const { params, outsider } = buildTeamOrg();
    await expectUnauthorized(server, 'addMemberToOrganizationTeamById', {
      params: { ...params, userId: outsider.id },
      body: { role: 'member' },
    });
  });

  it('answers 400 naming the body field that breaks a rule, and changes nothing', async () => {
    const { admin, outsider, params } = buildTeamOrg();
    const target = { ...params, userId: outsider.id };
    const bad: [unknown, string][] = [
      [{}, 'role'],
      [{ role: 'admin' }, 'role'],
      [{ role: 'Owner' }, 'role'],
      [{ role: null }, 'role'],
      [{ role: 1 }, 'role'],
      [{ role: 'member', title: 'x' }, 'title'],
      [[], 'body'],
    ];
    for (const [body, field] of bad) {
      expectError(
        await sendRaw(server, 'addMemberToOrganizationTeamById', {
          token: admin.token,
          params: target,
          body,
        }),
        400,
        field,
      );
    }
    expectError(
      await sendRaw(server, 'addMemberToOrganizationTeamById', { token: admin.token, params: target }),
      400,
      'body',
    );
    expect((await roster(admin, params)).map(([id]) => id)).not.toContain(outsider.id);
  });

  it('answers 403 to a plain team member, the owner of another team, and members outside the team', async () => {
    const { admin, orgId, member, otherOwner, outsider, params } = buildTeamOrg();
    const guest = server.buildMember(orgId, null);
    for (const caller of [member, otherOwner, outsider, guest]) {
      const answer = await caller.client.request('addMemberToOrganizationTeamById', {
        params: { ...params, userId: caller.id },
        body: { role: 'owner' },
      });
      expectError(answer, 403, 'owners');
    }
    expect(await roster(admin, params)).toEqual(expect.arrayContaining([[member.id, 'member']]));
    expect(await roster(admin, params)).toHaveLength(2);
  });

  it('answers 404 for an unknown team or user, ones of another organization, and another organization', async () => {
    const { admin, orgId, outsider, params } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    const cases: [Record<string, string>, string][] = [
      [{ ...params, teamId: 'no-such-team', userId: outsider.id }, 'no-such-team'],
      [{ ...params, teamId: foreign.teamId, userId: outsider.id }, foreign.teamId],
      [{ ...params, userId: 'no-such-user' }, 'no-such-user'],
      [{ ...params, userId: foreign.member.id }, foreign.member.id],
      [{ organizationId: foreign.orgId, teamId: foreign.teamId, userId: admin.id }, ''],
    ];
    for (const [target, fragment] of cases) {
      const answer = await sendRaw(server, 'addMemberToOrganizationTeamById', {
        token: admin.token,
        params: target,
        body: { role: 'member' },
      });
      expectError(answer, 404, fragment);
    }
    expect(await roster(admin, { organizationId: orgId, teamId: params.teamId })).toHaveLength(2);
    const theirs = await foreign.owner.client.call('listTeamMembersInOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
    });
    expect(theirs.items.map((e) => e.organization.id)).toEqual([foreign.member.id]);
  });

  it("adds a member or changes their team role; the team's owner may too", async () => {
    const { admin, owner, member, outsider, params } = buildTeamOrg();
    const added = await admin.client.request('addMemberToOrganizationTeamById', {
      params: { ...params, userId: outsider.id },
      body: { role: 'member' },
    });
    expectStatus(added, 204);
    expect(added.body).toBeUndefined();
    expect(await roster(admin, params)).toEqual([
      [member.id, 'member'],
      [outsider.id, 'member'],
      [owner.id, 'owner'],
    ]);
    await owner.client.call('addMemberToOrganizationTeamById', {
      params: { ...params, userId: member.id },
      body: { role: 'owner' },
    });
    await owner.client.call('addMemberToOrganizationTeamById', {
      params: { ...params, userId: outsider.id },
      body: { role: 'member' },
    });
    expect(await roster(admin, params)).toEqual([
      [member.id, 'owner'],
      [outsider.id, 'member'],
      [owner.id, 'owner'],
    ]);
    // The promoted member now manages the team too.
    await member.client.call('addMemberToOrganizationTeamById', {
      params: { ...params, userId: owner.id },
      body: { role: 'member' },
    });
    expect((await roster(admin, params)).find(([id]) => id === owner.id)?.[1]).toBe('member');
    expect(
      (
        await admin.client.call('getMemberInOrganizationById', {
          params: { organizationId: params.organizationId, userId: outsider.id },
        })
      ).teams,
    ).toBe(1);
  });
});

describe('DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', () => {
  it('answers 401 without a valid token', async () => {
    const { params, member } = buildTeamOrg();
    await expectUnauthorized(server, 'deleteMemberFromOrganizationTeamById', {
      params: { ...params, userId: member.id },
    });
  });

  it('answers 403 to a plain team member (even on themselves), the owner of another team, and members outside the team', async () => {
    const { admin, orgId, owner, member, otherOwner, outsider, params } = buildTeamOrg();
    const guest = server.buildMember(orgId, null);
    for (const [caller, target] of [
      [member, owner],
      [member, member],
      [otherOwner, member],
      [outsider, member],
      [guest, member],
    ] as const) {
      const answer = await caller.client.request('deleteMemberFromOrganizationTeamById', {
        params: { ...params, userId: target.id },
      });
      expectError(answer, 403, 'owners');
    }
    expect(await roster(admin, params)).toHaveLength(2);
  });

  it('answers 404 for an unknown team or user, ones of another organization, and another organization', async () => {
    const { admin, member, params } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    const cases: Record<string, string>[] = [
      { ...params, teamId: 'no-such-team', userId: member.id },
      { ...params, teamId: foreign.teamId, userId: member.id },
      { ...params, userId: 'no-such-user' },
      { ...params, userId: foreign.member.id },
      { organizationId: foreign.orgId, teamId: foreign.teamId, userId: foreign.member.id },
    ];
    for (const target of cases) {
      expectError(
        await sendRaw(server, 'deleteMemberFromOrganizationTeamById', { token: admin.token, params: target }),
        404,
      );
    }
    expect(await roster(admin, params)).toHaveLength(2);
    const theirs = await foreign.owner.client.call('getTeamInOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
    });
    expect(theirs.members).toBe(1);
  });

  it('removes a member from the team; a member not in the team is a 204 with no change', async () => {
    const { admin, owner, member, outsider, params } = buildTeamOrg();
    const removed = await owner.client.request('deleteMemberFromOrganizationTeamById', {
      params: { ...params, userId: member.id },
    });
    expectStatus(removed, 204);
    expect(removed.body).toBeUndefined();
    expect(await roster(admin, params)).toEqual([[owner.id, 'owner']]);
    expectStatus(
      await admin.client.request('deleteMemberFromOrganizationTeamById', {
        params: { ...params, userId: outsider.id },
      }),
      204,
    );
    expectStatus(
      await admin.client.request('deleteMemberFromOrganizationTeamById', {
        params: { ...params, userId: member.id },
      }),
      204,
    );
    expect(await roster(admin, params)).toEqual([[owner.id, 'owner']]);
    // The member is still a member of the organization.
    const still = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: params.organizationId, userId: member.id },
    });
    expect(still).toMatchObject({ role: 'edit', teams: 0 });
    // An owner may leave their own team, and then manages it no more.
    expectStatus(
      await owner.client.request('deleteMemberFromOrganizationTeamById', {
        params: { ...params, userId: owner.id },
      }),
      204,
    );
    expect(await roster(admin, params)).toEqual([]);
    expectError(
      await owner.client.request('addMemberToOrganizationTeamById', {
        params: { ...params, userId: owner.id },
        body: { role: 'owner' },
      }),
      403,
    );
  });
});
