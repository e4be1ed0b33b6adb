import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  allPages,
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectUnauthorized,
  sendRaw,
} from '../../test/factories.ts';

describe('GET /v1/orgs/{organizationId}/members/{userId}/teams', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** A member in three teams (owner of one), and a team they are not in. */
  function buildMemberTeams() {
    const { admin, orgId } = buildAdminOrg(server);
    const member = server.buildMember(orgId, 'edit', { name: 'Tia Teams' });
    const buddy = server.buildMember(orgId, 'read');
    server.buildTeam(orgId, 'Alpha', { [member.id]: 'owner', [buddy.id]: 'member' });
    server.buildTeam(orgId, 'Beta Squad', { [member.id]: 'member' });
    server.buildTeam(orgId, 'Gamma squad', { [member.id]: 'member', [admin.id]: 'owner' });
    server.buildTeam(orgId, 'Delta', { [buddy.id]: 'owner' });
    return { admin, orgId, member, buddy, params: { organizationId: orgId, userId: member.id } };
  }

  it('answers 401 without a valid token', async () => {
    const { params } = buildMemberTeams();
    await expectUnauthorized(server, 'listTeamsForOrganizationMember', { params });
  });

  it('answers 400 naming the query parameter that breaks a rule', async () => {
    const { admin, params } = buildMemberTeams();
    const bad: [Record<string, unknown>, string][] = [
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(65) }, 'title'],
      [{ page: 'garbage' }, 'page'],
    ];
    for (const [query, field] of bad) {
      expectError(
        await sendRaw(server, 'listTeamsForOrganizationMember', { token: admin.token, params, query }),
        400,
        field,
      );
    }
  });

  it("answers 403 to a guest asking for someone else's teams, and lets a guest see their own", async () => {
    const { orgId, params } = buildMemberTeams();
    const guest = server.buildMember(orgId, null);
    server.buildTeam(orgId, 'Visitors', { [guest.id]: 'member' });
    expectError(await guest.client.request('listTeamsForOrganizationMember', { params }), 403, 'guests');
    const own = await guest.client.call('listTeamsForOrganizationMember', {
      params: { organizationId: orgId, userId: guest.id },
    });
    expect(own.items.map((e) => [e.team.title, e.member.role])).toEqual([['Visitors', 'member']]);
  });

  it('answers 404 for an unknown member, a member of another organization, and another organization', async () => {
    const { admin, orgId } = buildMemberTeams();
    const foreign = buildForeignOrg(server);
    for (const userId of ['no-such-user', foreign.member.id]) {
      const answer = await admin.client.request('listTeamsForOrganizationMember', {
        params: { organizationId: orgId, userId },
      });
      expectError(answer, 404, userId);
    }
    const hidden = await admin.client.request('listTeamsForOrganizationMember', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    expectError(hidden, 404);
  });

  it("lists the member's teams by title with the member's role in each", async () => {
    const { buddy, params } = buildMemberTeams();
    const page = await buddy.client.call('listTeamsForOrganizationMember', { params });
    expect(page.items.map((e) => [e.team.title, e.member.role])).toEqual([
      ['Alpha', 'owner'],
      ['Beta Squad', 'member'],
      ['Gamma squad', 'member'],
    ]);
    expect(page.count).toBe(3);
    expect(page.next).toBeUndefined();
    expect(page.items[0]?.team).toMatchObject({
      object: 'team',
      title: 'Alpha',
      members: 2,
      spaces: 0,
      permissions: { admin: false, view: true },
    });
    const none = await buddy.client.call('listTeamsForOrganizationMember', {
      params: { organizationId: params.organizationId, userId: buddy.id },
    });
    expect(none.items.map((e) => [e.team.title, e.member.role])).toEqual([
      ['Alpha', 'member'],
      ['Delta', 'owner'],
    ]);
  });

  it('filters by title, case-insensitively', async () => {
    const { admin, params } = buildMemberTeams();
    const list = async (title: string) =>
      (await admin.client.call('listTeamsForOrganizationMember', { params, query: { title } })).items.map(
        (e) => e.team.title,
      );
    expect(await list('SQUAD')).toEqual(['Beta Squad', 'Gamma squad']);
    expect(await list('alp')).toEqual(['Alpha']);
    expect(await list('delta')).toEqual([]);
    expect(await list('%')).toEqual([]);
  });

  it('pages through the teams exactly once', async () => {
    const { admin, params } = buildMemberTeams();
    const pages = await allPages((page) =>
      admin.client.call('listTeamsForOrganizationMember', {
        params,
        query: { limit: 2, ...(page !== undefined ? { page } : {}) },
      }),
    );
    expect(pages.map((p) => p.items.map((e) => e.team.title))).toEqual([
      ['Alpha', 'Beta Squad'],
      ['Gamma squad'],
    ]);
    expect(pages.map((p) => p.count)).toEqual([3, 3]);
  });

  it('follows team changes: a removed membership and a deleted team are gone', async () => {
    const { admin, params } = buildMemberTeams();
    const before = await admin.client.call('listTeamsForOrganizationMember', { params });
    const [alpha, beta] = before.items.map((e) => e.team.id);
    await admin.client.call('deleteMemberFromOrganizationTeamById', {
      params: { organizationId: params.organizationId, teamId: alpha ?? '', userId: params.userId },
    });
    await admin.client.call('removeTeamFromOrganizationById', {
      params: { organizationId: params.organizationId, teamId: beta ?? '' },
    });
    const after = await admin.client.call('listTeamsForOrganizationMember', { params });
    expect(after.items.map((e) => e.team.title)).toEqual(['Gamma squad']);
    expect(after.count).toBe(1);
  });
});
