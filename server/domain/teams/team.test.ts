import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  sendRaw,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** An organization with a team owned by a reader, and a second team the owner is not in. */
function buildTeamOrg() {
  const { admin, orgId } = buildAdminOrg(server);
  const owner = server.buildMember(orgId, 'read', { name: 'Olga Owner' });
  const member = server.buildMember(orgId, 'edit', { name: 'Max Member' });
  const { id: teamId } = server.buildTeam(orgId, 'Core', { [owner.id]: 'owner', [member.id]: 'member' });
  const { id: otherTeamId } = server.buildTeam(orgId, 'Other', { [member.id]: 'owner' });
  return { admin, orgId, owner, member, teamId, otherTeamId, params: { organizationId: orgId, teamId } };
}

describe('GET /v1/orgs/{organizationId}/teams/{teamId}', () => {
  it('answers 401 without a valid token', async () => {
    const { params } = buildTeamOrg();
    await expectUnauthorized(server, 'getTeamInOrganizationById', { params });
  });

  it('answers 400 for a path parameter that breaks its bounds', async () => {
    const { admin, orgId } = buildTeamOrg();
    const answer = await admin.client.request('getTeamInOrganizationById', {
      params: { organizationId: orgId, teamId: 't'.repeat(257) },
    });
    expectError(answer, 400, 'teamId');
  });

  it('answers 403 to a guest outside the team, and lets a guest in the team see it', async () => {
    const { orgId, params } = buildTeamOrg();
    const outsider = server.buildMember(orgId, null);
    expectError(await outsider.client.request('getTeamInOrganizationById', { params }), 403, 'guests');
    const insider = server.buildMember(orgId, null);
    const { id: teamId } = server.buildTeam(orgId, 'Guest team', { [insider.id]: 'member' });
    const seen = await insider.client.call('getTeamInOrganizationById', {
      params: { organizationId: orgId, teamId },
    });
    expect(seen).toMatchObject({
      title: 'Guest team',
      members: 1,
      permissions: { admin: false, view: true },
    });
  });

  it('answers 404 for an unknown team, a team of another organization, and another organization', async () => {
    const { admin, orgId } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    for (const teamId of ['no-such-team', foreign.teamId]) {
      expectError(
        await admin.client.request('getTeamInOrganizationById', {
          params: { organizationId: orgId, teamId },
        }),
        404,
        teamId,
      );
    }
    const hidden = await admin.client.request('getTeamInOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
    });
    expect(expectError(hidden, 404)).not.toContain('Foreign team');
  });

  it('answers the team with the permissions of the caller', async () => {
    const { admin, owner, member, orgId, params } = buildTeamOrg();
    const reader = server.buildMember(orgId, 'read');
    const expected = {
      object: 'team',
      id: params.teamId,
      title: 'Core',
      members: 2,
      spaces: 0,
      createdAt: server.clock.now().toISOString(),
    };
    expect(await admin.client.call('getTeamInOrganizationById', { params })).toEqual({
      ...expected,
      permissions: { admin: true, view: true },
    });
    expect(await owner.client.call('getTeamInOrganizationById', { params })).toEqual({
      ...expected,
      permissions: { admin: true, view: true },
    });
    expect(await member.client.call('getTeamInOrganizationById', { params })).toEqual({
      ...expected,
      permissions: { admin: false, view: true },
    });
    expect(await reader.client.call('getTeamInOrganizationById', { params })).toEqual({
      ...expected,
      permissions: { admin: false, view: true },
    });
  });
});

describe('PATCH /v1/orgs/{organizationId}/teams/{teamId}', () => {
  it('answers 401 without a valid token', async () => {
    const { params } = buildTeamOrg();
    await expectUnauthorized(server, 'updateTeamInOrganizationById', { params, body: { title: 'Renamed' } });
  });

  it('answers 400 naming the body field that breaks a rule, and renames nothing', async () => {
    const { admin, params } = buildTeamOrg();
    const bad: [unknown, string][] = [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(65) }, 'title'],
      [{ title: '    ' }, 'title'],
      [{ title: 12 }, 'title'],
      [{ title: ['Core'] }, 'title'],
      [{ title: 'Fine', members: [] }, 'members'],
      ['Core', 'body'],
    ];
    for (const [body, field] of bad) {
      expectError(
        await sendRaw(server, 'updateTeamInOrganizationById', { token: admin.token, params, body }),
        400,
        field,
      );
    }
    expectError(
      await sendRaw(server, 'updateTeamInOrganizationById', { token: admin.token, params }),
      400,
      'body',
    );
    expect((await admin.client.call('getTeamInOrganizationById', { params })).title).toBe('Core');
  });

  it("answers 403 to every role but admin, the team's own owner included", async () => {
    const { admin, owner, member, orgId, params } = buildTeamOrg();
    const callers = [owner, member, ...NON_ADMIN_ROLES.map((role) => server.buildMember(orgId, role))];
    for (const caller of callers) {
      const answer = await caller.client.request('updateTeamInOrganizationById', {
        params,
        body: { title: 'Hijacked' },
      });
      expectError(answer, 403, 'only admins', 'rename');
    }
    expect((await admin.client.call('getTeamInOrganizationById', { params })).title).toBe('Core');
  });

  it('answers 404 for an unknown team, a team of another organization, and another organization', async () => {
    const { admin, orgId } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    for (const teamId of ['no-such-team', foreign.teamId]) {
      const answer = await admin.client.request('updateTeamInOrganizationById', {
        params: { organizationId: orgId, teamId },
        body: { title: 'X' },
      });
      expectError(answer, 404, teamId);
    }
    const hidden = await admin.client.request('updateTeamInOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
      body: { title: 'X' },
    });
    expectError(hidden, 404);
    const theirs = await foreign.owner.client.call('getTeamInOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
    });
    expect(theirs.title).toBe('Foreign team');
  });

  it("answers 409 for another team's title, whatever its case", async () => {
    const { admin, params } = buildTeamOrg();
    for (const title of ['Other', 'OTHER', ' other ']) {
      expectError(
        await admin.client.request('updateTeamInOrganizationById', { params, body: { title } }),
        409,
        'title',
        'already exists',
      );
    }
    expect((await admin.client.call('getTeamInOrganizationById', { params })).title).toBe('Core');
  });

  it('renames the team, trimmed, its own title in another case included', async () => {
    const { admin, orgId, params } = buildTeamOrg();
    const renamed = await admin.client.call('updateTeamInOrganizationById', {
      params,
      body: { title: '  Platform ' },
    });
    expect(renamed).toMatchObject({
      id: params.teamId,
      title: 'Platform',
      members: 2,
      permissions: { admin: true, view: true },
    });
    expect(await admin.client.call('getTeamInOrganizationById', { params })).toEqual(renamed);
    const list = await admin.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(list.items.map((t) => t.title)).toEqual(['Other', 'Platform']);
    expect(
      (await admin.client.call('updateTeamInOrganizationById', { params, body: { title: 'PLATFORM' } }))
        .title,
    ).toBe('PLATFORM');
    // The old title is free again.
    const reused = await admin.client.call('createOrganizationTeam', {
      params: { organizationId: orgId },
      body: { title: 'Core' },
    });
    expect(reused.title).toBe('Core');
  });
});

describe('DELETE /v1/orgs/{organizationId}/teams/{teamId}', () => {
  it('answers 401 without a valid token', async () => {
    const { params } = buildTeamOrg();
    await expectUnauthorized(server, 'removeTeamFromOrganizationById', { params });
  });

  it("answers 403 to every role but admin, the team's own owner included", async () => {
    const { admin, owner, member, orgId, params } = buildTeamOrg();
    const callers = [owner, member, ...NON_ADMIN_ROLES.map((role) => server.buildMember(orgId, role))];
    for (const caller of callers) {
      expectError(
        await caller.client.request('removeTeamFromOrganizationById', { params }),
        403,
        'only admins',
        'delete',
      );
    }
    expect((await admin.client.call('getTeamInOrganizationById', { params })).members).toBe(2);
  });

  it('answers 404 for an unknown team, a team of another organization, and another organization', async () => {
    const { admin, orgId } = buildTeamOrg();
    const foreign = buildForeignOrg(server);
    for (const teamId of ['no-such-team', foreign.teamId]) {
      expectError(
        await admin.client.request('removeTeamFromOrganizationById', {
          params: { organizationId: orgId, teamId },
        }),
        404,
        teamId,
      );
    }
    const hidden = await admin.client.request('removeTeamFromOrganizationById', {
      params: { organizationId: foreign.orgId, teamId: foreign.teamId },
    });
    expectError(hidden, 404);
    const theirs = await foreign.owner.client.call('listTeamsInOrganizationById', {
      params: { organizationId: foreign.orgId },
    });
    expect(theirs.count).toBe(1);
  });

  it('deletes the team and its memberships; it is then 404', async () => {
    const { admin, owner, orgId, params, otherTeamId } = buildTeamOrg();
    const answer = await admin.client.request('removeTeamFromOrganizationById', { params });
    expectStatus(answer, 204);
    expect(answer.body).toBeUndefined();
    expectError(await admin.client.request('getTeamInOrganizationById', { params }), 404);
    expectError(await admin.client.request('listTeamMembersInOrganizationById', { params }), 404);
    expectError(await admin.client.request('removeTeamFromOrganizationById', { params }), 404);
    const list = await admin.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(list.items.map((t) => t.id)).toEqual([otherTeamId]);
    const ownerNow = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: owner.id },
    });
    expect(ownerNow.teams).toBe(0);
    // The former owner owns nothing any more.
    const owned = await admin.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
      query: { owner: owner.id },
    });
    expect(owned.count).toBe(0);
  });
});
