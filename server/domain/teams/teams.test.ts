import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Team } from '../../../shared/contract/resources/members.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  allPages,
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

const titles = (page: { items: Team[] }) => page.items.map((t) => t.title);

describe('GET /v1/orgs/{organizationId}/teams', () => {
  /** Four teams: Ops owned by Olga (a reader) with Max as a member, Docs with Max as owner. */
  function buildTeams() {
    const { admin, orgId } = buildAdminOrg(server);
    const olga = server.buildMember(orgId, 'read', { name: 'Olga Owner' });
    const max = server.buildMember(orgId, 'edit', { name: 'Max Member' });
    const nobody = server.buildMember(orgId, 'comment');
    const ops = server.buildTeam(orgId, 'Ops', { [olga.id]: 'owner', [max.id]: 'member' });
    const docs = server.buildTeam(orgId, 'Docs Writers', { [max.id]: 'owner' });
    const design = server.buildTeam(orgId, 'Design');
    const backend = server.buildTeam(orgId, 'Backend 100%_done');
    return { admin, orgId, olga, max, nobody, ops, docs, design, backend };
  }

  it('answers 401 without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'listTeamsInOrganizationById', { params: { organizationId: orgId } });
  });

  it('answers 400 naming the query parameter that breaks a rule', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const bad: [Record<string, unknown>, string][] = [
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ title: '' }, 'title'],
      [{ title: 't'.repeat(65) }, 'title'],
      [{ owner: '' }, 'owner'],
      [{ owner: 'o'.repeat(257) }, 'owner'],
      [{ page: '' }, 'page'],
      [{ page: 'garbage' }, 'page'],
      [{ page: Buffer.from(JSON.stringify(['a', 'b', 'c'])).toString('base64url') }, 'page'],
    ];
    for (const [query, field] of bad) {
      const answer = await sendRaw(server, 'listTeamsInOrganizationById', {
        token: admin.token,
        params: { organizationId: orgId },
        query,
      });
      expectError(answer, 400, field);
    }
  });

  it('answers 400 naming `owner` when the owner filter names no member of the organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const owner of ['no-such-member', foreign.member.id]) {
      const answer = await admin.client.request('listTeamsInOrganizationById', {
        params: { organizationId: orgId },
        query: { owner },
      });
      expectError(answer, 400, 'owner');
    }
  });

  it('answers 403 to a guest, even one in a team', async () => {
    const { orgId } = buildAdminOrg(server);
    const guest = server.buildMember(orgId, null);
    server.buildTeam(orgId, 'Guests', { [guest.id]: 'owner' });
    expectError(
      await guest.client.request('listTeamsInOrganizationById', { params: { organizationId: orgId } }),
      403,
      'guests',
    );
  });

  it('answers 404 for an unknown organization and for one the caller is not a member of', async () => {
    const { admin } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const organizationId of ['no-such-org', foreign.orgId]) {
      expectError(
        await admin.client.request('listTeamsInOrganizationById', { params: { organizationId } }),
        404,
      );
    }
  });

  it('lists every team by title, with counts, creation time and the caller permissions', async () => {
    const { admin, orgId, olga, ops } = buildTeams();
    const page = await admin.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(titles(page)).toEqual(['Backend 100%_done', 'Design', 'Docs Writers', 'Ops']);
    expect(page.count).toBe(4);
    expect(page.next).toBeUndefined();
    expect(page.items.find((t) => t.id === ops.id)).toEqual({
      object: 'team',
      id: ops.id,
      title: 'Ops',
      members: 2,
      spaces: 0,
      createdAt: server.clock.now().toISOString(),
      permissions: { admin: true, view: true },
    });
    const asOwner = await olga.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
    });
    const permissions = Object.fromEntries(asOwner.items.map((t) => [t.title, t.permissions]));
    expect(permissions).toEqual({
      'Backend 100%_done': { admin: false, view: true },
      Design: { admin: false, view: true },
      'Docs Writers': { admin: false, view: true },
      Ops: { admin: true, view: true },
    });
  });

  it('filters by title, case-insensitively, with LIKE wildcards taken literally', async () => {
    const { nobody, orgId } = buildTeams();
    const list = async (title: string) =>
      titles(
        await nobody.client.call('listTeamsInOrganizationById', {
          params: { organizationId: orgId },
          query: { title },
        }),
      );
    expect(await list('OPS')).toEqual(['Ops']);
    expect(await list('dO')).toEqual(['Backend 100%_done', 'Docs Writers']);
    expect(await list('dEs')).toEqual(['Design']);
    expect(await list('%_')).toEqual(['Backend 100%_done']);
    expect(await list('_')).toEqual(['Backend 100%_done']);
    expect(await list('zzz')).toEqual([]);
    const filtered = await nobody.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
      query: { title: 'S' },
    });
    expect(filtered.count).toBe(3);
  });

  it('filters by owner: every team for an admin, the owned ones for anyone else', async () => {
    const { admin, orgId, olga, max, nobody } = buildTeams();
    const ownedBy = async (owner: string) =>
      titles(
        await nobody.client.call('listTeamsInOrganizationById', {
          params: { organizationId: orgId },
          query: { owner },
        }),
      );
    expect(await ownedBy(admin.id)).toEqual(['Backend 100%_done', 'Design', 'Docs Writers', 'Ops']);
    expect(await ownedBy(olga.id)).toEqual(['Ops']);
    expect(await ownedBy(max.id)).toEqual(['Docs Writers']);
    expect(await ownedBy(nobody.id)).toEqual([]);
    const both = await admin.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
      query: { owner: max.id, title: 'ops' },
    });
    expect(both).toEqual({ items: [], count: 0 });
  });

  it('pages through every team exactly once', async () => {
    const { admin, orgId } = buildTeams();
    const pages = await allPages((page) =>
      admin.client.call('listTeamsInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: 3, ...(page !== undefined ? { page } : {}) },
      }),
    );
    expect(pages.map(titles)).toEqual([['Backend 100%_done', 'Design', 'Docs Writers'], ['Ops']]);
    expect(pages.map((p) => p.count)).toEqual([4, 4]);
    expect(pages[1]?.next).toBeUndefined();
  });
});

describe('PUT /v1/orgs/{organizationId}/teams', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'createOrganizationTeam', {
      params: { organizationId: orgId },
      body: { title: 'Core' },
    });
  });

  it('answers 400 naming the body field that breaks a rule, and creates nothing', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId };
    const bad: [unknown, string][] = [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: 't'.repeat(65) }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: '\t\n' }, 'title'],
      [{ title: 42 }, 'title'],
      [{ title: null }, 'title'],
      [{ title: 'Core', color: 'red' }, 'color'],
      [{ title: 'Core', members: 'someone' }, 'members'],
      [{ title: 'Core', members: [''] }, 'members[0]'],
      [{ title: 'Core', members: [admin.id, 7] }, 'members[1]'],
      [{ title: 'Core', members: ['m'.repeat(257)] }, 'members[0]'],
      [[{ title: 'Core' }], 'body'],
    ];
    for (const [body, field] of bad) {
      expectError(
        await sendRaw(server, 'createOrganizationTeam', { token: admin.token, params, body }),
        400,
        field,
      );
    }
    expectError(await sendRaw(server, 'createOrganizationTeam', { token: admin.token, params }), 400, 'body');
    expectError(
      await sendRaw(server, 'createOrganizationTeam', {
        token: admin.token,
        params,
        rawBody: '{"title": "Core"',
      }),
      400,
      'JSON',
    );
    expect((await admin.client.call('listTeamsInOrganizationById', { params })).count).toBe(0);
  });

  it('answers 400 naming `members[i]` for a reference to no member, and creates nothing', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const member = server.buildMember(orgId, 'read');
    const foreign = buildForeignOrg(server);
    for (const stranger of ['no-such-user', foreign.member.id, foreign.member.email]) {
      const answer = await admin.client.request('createOrganizationTeam', {
        params: { organizationId: orgId },
        body: { title: 'Core', members: [member.id, admin.email, stranger] },
      });
      expectError(answer, 400, 'members[2]', stranger);
    }
    expect(
      (await admin.client.call('listTeamsInOrganizationById', { params: { organizationId: orgId } })).count,
    ).toBe(0);
    const self = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: member.id },
    });
    expect(self.teams).toBe(0);
  });

  it('answers 403 to every role but admin, a team owner included', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const owner = server.buildMember(orgId, 'create');
    server.buildTeam(orgId, 'Owned', { [owner.id]: 'owner' });
    const callers = [...NON_ADMIN_ROLES.map((role) => server.buildMember(orgId, role)), owner];
    for (const caller of callers) {
      const answer = await caller.client.request('createOrganizationTeam', {
        params: { organizationId: orgId },
        body: { title: 'Mine' },
      });
      expectError(answer, 403, 'only admins');
    }
    expect(
      titles(await admin.client.call('listTeamsInOrganizationById', { params: { organizationId: orgId } })),
    ).toEqual(['Owned']);
  });

  it('answers 404 for an unknown organization and for one the caller is not a member of', async () => {
    const { admin } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const organizationId of ['no-such-org', foreign.orgId]) {
      expectError(
        await admin.client.request('createOrganizationTeam', {
          params: { organizationId },
          body: { title: 'Intruders' },
        }),
        404,
      );
    }
    const theirs = await foreign.owner.client.call('listTeamsInOrganizationById', {
      params: { organizationId: foreign.orgId },
    });
    expect(titles(theirs)).toEqual(['Foreign team']);
  });

  it('answers 409 for a title already taken, whatever its case or surrounding spaces', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    server.buildTeam(orgId, 'Core');
    server.buildTeam(orgId, 'Équipe');
    for (const title of ['Core', 'core', '  CORE ', 'équipe', 'ÉQUIPE']) {
      const answer = await admin.client.request('createOrganizationTeam', {
        params: { organizationId: orgId },
        body: { title },
      });
      expectError(answer, 409, 'title', 'already exists');
    }
    expect(
      (await admin.client.call('listTeamsInOrganizationById', { params: { organizationId: orgId } })).count,
    ).toBe(2);
    // The same title in another organization is no conflict.
    const other = buildAdminOrg(server);
    const elsewhere = await other.admin.client.call('createOrganizationTeam', {
      params: { organizationId: other.orgId },
      body: { title: 'Core' },
    });
    expect(elsewhere.title).toBe('Core');
  });

  it('creates a team with members given by id or email, and answers 201 with the team', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const ann = server.buildMember(orgId, 'read', { name: 'Ann A' });
    const ben = server.buildMember(orgId, null, { name: 'Ben B' });
    const createdAt = server.clock.now().toISOString();
    const answer = await admin.client.request('createOrganizationTeam', {
      params: { organizationId: orgId },
      body: { title: '  Core team ', members: [ann.id, ben.email.toUpperCase(), ann.email] },
    });
    expect(answer.status).toBe(201);
    if (!answer.ok) throw new Error(answer.body.error.message);
    expect(answer.body).toEqual({
      object: 'team',
      id: expect.any(String),
      title: 'Core team',
      members: 2,
      spaces: 0,
      createdAt,
      permissions: { admin: true, view: true },
    });
    const params = { organizationId: orgId, teamId: answer.body.id };
    expect(await admin.client.call('getTeamInOrganizationById', { params })).toEqual(answer.body);
    const members = await admin.client.call('listTeamMembersInOrganizationById', { params });
    expect(members.items.map((e) => [e.organization.id, e.team.role])).toEqual([
      [ann.id, 'member'],
      [ben.id, 'member'],
    ]);
    expect(
      (
        await ann.client.call('getMemberInOrganizationById', {
          params: { organizationId: orgId, userId: ann.id },
        })
      ).teams,
    ).toBe(1);
  });

  it('creates a team without members, with a title of exactly 64 characters', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const title = 'T'.repeat(64);
    const team = await admin.client.call('createOrganizationTeam', {
      params: { organizationId: orgId },
      body: { title, members: [] },
    });
    expect(team).toMatchObject({ title, members: 0 });
    expect(
      titles(await admin.client.call('listTeamsInOrganizationById', { params: { organizationId: orgId } })),
    ).toEqual([title]);
  });
});
