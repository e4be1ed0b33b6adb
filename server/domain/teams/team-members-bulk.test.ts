import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRole } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  sendRaw,
} from '../../test/factories.ts';

describe('PUT /v1/orgs/{organizationId}/teams/{teamId}/members', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** A team (owner Olga, member Max), two organization members in no team, and a team owned by someone else. */
  function buildTeamOrg() {
    const { admin, orgId } = buildAdminOrg(server, 'Zoe Admin');
    const owner = server.buildMember(orgId, 'read', { name: 'Olga Owner' });
    const member = server.buildMember(orgId, 'edit', { name: 'Max Member' });
    const ann = server.buildMember(orgId, 'comment', { name: 'Ann Newcomer' });
    const ben = server.buildMember(orgId, null, { name: 'Ben Guest' });
    const { id: teamId } = server.buildTeam(orgId, 'Core', { [owner.id]: 'owner', [member.id]: 'member' });
    const otherOwner = server.buildMember(orgId, 'read', { name: 'Otto Other' });
    server.buildTeam(orgId, 'Other', { [otherOwner.id]: 'owner' });
    return {
      admin,
      orgId,
      owner,
      member,
      ann,
      ben,
      otherOwner,
      teamId,
      params: { organizationId: orgId, teamId },
    };
  }

  /** The team's members as `{ userId: team role }`, read back through the API, checked against the team's count. */
  async function roster(
    admin: TestUser,
    params: { organizationId: string; teamId: string },
  ): Promise<Record<string, TeamRole>> {
    const page = await admin.client.call('listTeamMembersInOrganizationById', {
      params,
      query: { limit: 1000 },
    });
    const team = await admin.client.call('getTeamInOrganizationById', { params });
    expect(team.members).toBe(page.count);
    return Object.fromEntries(page.items.map((e) => [e.organization.id, e.team.role]));
  }

  it('answers 401 without a valid token', async () => {
    const { params, ann } = buildTeamOrg();
    await expectUnauthorized(server, 'updateMembersInOrganizationTeam', { params, body: { add: [ann.id] } });
  });

  it('answers 400 naming the body field that breaks a rule, and changes nothing', async () => {
    const { admin, ann, member, owner, params } = buildTeamOrg();
    const bad: [unknown, string][] = [
      [{ add: ann.id }, 'add'],
      [{ add: [''] }, 'add[0]'],
      [{ add: [ann.id, 5] }, 'add[1]'],
      [{ add: ['a'.repeat(257)] }, 'add[0]'],
      [{ add: Array.from({ length: 1001 }, () => ann.id) }, 'add'],
      [{ remove: [null] }, 'remove[0]'],
      [{ remove: {} }, 'remove'],
      [{ memberships: [] }, 'memberships'],
      [{ memberships: { [member.id]: 'owner' } }, 'memberships'],
      [{ memberships: { [member.id]: {} } }, 'role'],
      [{ memberships: { [member.id]: { role: 'admin' } } }, 'role'],
      [{ memberships: { [member.id]: { role: 'owner', since: 'now' } } }, 'since'],
      [{ members: [ann.id] }, 'members'],
      [[ann.id], 'body'],
    ];
    for (const [body, field] of bad) {
      expectError(
        await sendRaw(server, 'updateMembersInOrganizationTeam', { token: admin.token, params, body }),
        400,
        field,
      );
    }
    expectError(
      await sendRaw(server, 'updateMembersInOrganizationTeam', { token: admin.token, params }),
      400,
      'body',
    );
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner', [member.id]: 'member' });
  });

  it('answers 400 naming the first reference to no member, and writes nothing of the request', async () => {
    const { admin, ann, ben, member, owner, params } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    const before = { [owner.id]: 'owner', [member.id]: 'member' };
    const cases: [object, string, string][] = [
      [
        {
          add: [ann.id, 'no-such-user'],
          remove: [member.id],
          memberships: { [owner.id]: { role: 'member' } },
        },
        'add[1]',
        'no-such-user',
      ],
      [
        { add: [ann.email, ben.id, foreign.member.email], remove: [member.email] },
        'add[2]',
        foreign.member.email,
      ],
      [{ add: [ann.id], remove: [owner.id, foreign.member.id] }, 'remove[1]', foreign.member.id],
      [
        {
          add: [ann.id],
          memberships: { [member.id]: { role: 'owner' }, 'ghost@example.com': { role: 'owner' } },
        },
        'memberships.ghost@example.com',
        'ghost@example.com',
      ],
    ];
    for (const [body, field, ref] of cases) {
      const answer = await sendRaw(server, 'updateMembersInOrganizationTeam', {
        token: admin.token,
        params,
        body,
      });
      expectError(answer, 400, field, ref);
      expect(await roster(admin, params)).toEqual(before);
    }
    const annNow = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: params.organizationId, userId: ann.id },
    });
    expect(annNow.teams).toBe(0);
  });

  it('answers 403 to a plain team member, the owner of another team, and members outside the team', async () => {
    const { admin, orgId, owner, member, ann, ben, otherOwner, params } = buildTeamOrg();
    const reader = server.buildMember(orgId, 'read');
    for (const caller of [member, otherOwner, ann, ben, reader]) {
      const answer = await caller.client.request('updateMembersInOrganizationTeam', {
        params,
        body: { add: [caller.id], memberships: { [caller.id]: { role: 'owner' } }, remove: [owner.id] },
      });
      expectError(answer, 403, 'owners');
    }
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner', [member.id]: 'member' });
  });

  it('answers 404 for an unknown team, a team of another organization, and another organization', async () => {
    const { admin, ann, orgId } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    for (const teamId of ['no-such-team', foreign.teamId]) {
      const answer = await admin.client.request('updateMembersInOrganizationTeam', {
        params: { organizationId: orgId, teamId },
        body: { add: [ann.id] },
      });
      expectError(answer, 404, teamId);
    }
    const hidden = await admin.client.request('updateMembersInOrganizationTeam', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
      body: { add: [admin.id], remove: [foreign.member.id] },
    });
    expectError(hidden, 404);
    expect(await roster(foreign.owner, { organizationId: foreign.orgId, teamId: foreign.teamId })).toEqual({
      [foreign.member.id]: 'owner',
    });
  });

  it('adds and removes by id or email, case-insensitively for emails', async () => {
    const { admin, ann, ben, member, owner, params } = buildTeamOrg();
    const answer = await admin.client.request('updateMembersInOrganizationTeam', {
      params,
      body: { add: [ann.id, ben.email.toUpperCase(), ann.email], remove: [member.email] },
    });
    expectStatus(answer, 204);
    expect(answer.body).toBeUndefined();
    expect(await roster(admin, params)).toEqual({
      [owner.id]: 'owner',
      [ann.id]: 'member',
      [ben.id]: 'member',
    });
    await admin.client.call('updateMembersInOrganizationTeam', {
      params,
      body: { remove: [ann.id, ben.email] },
    });
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner' });
    // Removing someone not in the team changes nothing.
    await admin.client.call('updateMembersInOrganizationTeam', { params, body: { remove: [member.id] } });
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner' });
  });

  it('sets roles with `memberships`, for members already in the team and for those being added', async () => {
    const { admin, ann, ben, member, owner, params } = buildTeamOrg();
    await admin.client.call('updateMembersInOrganizationTeam', {
      params,
      body: {
        add: [ann.email, ben.id],
        memberships: {
          [ann.id]: { role: 'owner' },
          [member.id]: { role: 'owner' },
          [owner.id]: { role: 'member' },
        },
      },
    });
    expect(await roster(admin, params)).toEqual({
      [owner.id]: 'member',
      [member.id]: 'owner',
      [ann.id]: 'owner',
      [ben.id]: 'member',
    });
    // Adding someone already in the team keeps their role.
    await admin.client.call('updateMembersInOrganizationTeam', {
      params,
      body: { add: [ann.id, member.email] },
    });
    expect(await roster(admin, params)).toMatchObject({ [ann.id]: 'owner', [member.id]: 'owner' });
    // `memberships` keys may be emails too; a member named there but not in the team joins it with that role.
    const cid = server.buildMember(params.organizationId, 'read');
    await admin.client.call('updateMembersInOrganizationTeam', {
      params,
      body: { memberships: { [cid.email]: { role: 'member' }, [ben.id]: { role: 'owner' } } },
    });
    expect(await roster(admin, params)).toMatchObject({ [cid.id]: 'member', [ben.id]: 'owner' });
  });

  it('removes a user named in both `add` and `remove` (and in `memberships`), whether or not already in the team', async () => {
    const { admin, ann, member, owner, params } = buildTeamOrg();
    await admin.client.call('updateMembersInOrganizationTeam', {
      params,
      body: {
        add: [ann.id, member.id],
        remove: [ann.email, member.id],
        memberships: { [ann.id]: { role: 'owner' }, [member.id]: { role: 'owner' } },
      },
    });
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner' });
    expect(
      (
        await admin.client.call('getMemberInOrganizationById', {
          params: { organizationId: params.organizationId, userId: ann.id },
        })
      ).teams,
    ).toBe(0);
  });

  it("lets the team's owner manage its members, and changes nothing on an empty request", async () => {
    const { admin, ann, member, owner, params } = buildTeamOrg();
    expectStatus(await owner.client.request('updateMembersInOrganizationTeam', { params, body: {} }), 204);
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner', [member.id]: 'member' });
    await owner.client.call('updateMembersInOrganizationTeam', {
      params,
      body: { add: [ann.id], remove: [member.id], memberships: { [ann.id]: { role: 'owner' } } },
    });
    expect(await roster(admin, params)).toEqual({ [owner.id]: 'owner', [ann.id]: 'owner' });
    // The new owner manages the team as well, down to removing the one who promoted them.
    await ann.client.call('updateMembersInOrganizationTeam', { params, body: { remove: [owner.id] } });
    expect(await roster(admin, params)).toEqual({ [ann.id]: 'owner' });
    expectError(
      await owner.client.request('updateMembersInOrganizationTeam', { params, body: { add: [owner.id] } }),
      403,
    );
  });
});
