/**
 * Roles given to people and teams on a site, over HTTP on a real server: each operation's success (re-read), 401,
 * 400 naming the field, 403 per role, 404 (unknown and other organizations' ids), 409; the aggregate's origins,
 * filters, sorts and pages; and a role given on a site deciding what the person may do to the site itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName, Role } from '../../../shared/contract/index.ts';
import type { UserSitePermission } from '../../../shared/contract/resources/permissions.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const OPS = {
  invite: 'inviteToSite',
  listUsers: 'listUserPermissionsInSite',
  listTeams: 'listTeamPermissionsInSite',
  updateUser: 'updateUserPermissionInSite',
  updateTeam: 'updateTeamPermissionInSite',
  removeUser: 'removeUserFromSite',
  removeTeam: 'removeTeamFromSite',
  aggregate: 'listPermissionsAggregateInSite',
} as const satisfies Record<string, OperationName>;

interface World {
  admin: TestUser;
  orgId: string;
  siteId: string;
  member: TestUser;
  other: TestUser;
  guest: TestUser;
  teamId: string;
  params: { organizationId: string; siteId: string };
}

function world(): World {
  const admin = server.buildUser({ name: 'Ada Admin' });
  const orgId = server.buildOrg(admin).id;
  server.clock.advance(1000);
  const member = server.buildMember(orgId, 'read', { name: 'Rita Reader' });
  server.clock.advance(1000);
  const other = server.buildMember(orgId, 'comment', { name: 'Otto Other' });
  server.clock.advance(1000);
  const guest = server.buildMember(orgId, null, { name: 'Gus Guest' });
  const teamId = server.buildTeam(orgId, 'Writers', { [other.id]: 'member' }).id;
  const siteId = server.buildSite(orgId).id;
  return { admin, orgId, siteId, member, other, guest, teamId, params: { organizationId: orgId, siteId } };
}

async function read(
  w: World,
  name: OperationName,
  query: Record<string, unknown> = {},
  token = w.admin.token,
) {
  const answer = await sendOperation(server, name, { params: w.params, query, token });
  expectStatus(answer, 200);
  return answer.body as {
    items: (UserSitePermission & { team?: { id: string } })[];
    count: number;
    next?: { page: string };
  };
}

describe('permissions on a site', () => {
  it('answers 401 to every operation without a valid token', async () => {
    const w = world();
    const params = { ...w.params, userId: w.member.id, teamId: w.teamId };
    for (const name of Object.values(OPS)) await expectUnauthorized(server, name, { params });
  });

  it('gives, lists, changes and takes back roles; the aggregate says where each level comes from', async () => {
    const w = world();
    const { token } = w.admin;
    const invited = await sendOperation(server, OPS.invite, {
      params: w.params,
      body: { role: 'edit', users: [w.member.id], teams: [w.teamId] },
      token,
    });
    expectStatus(invited, 204);
    expect((await read(w, OPS.listUsers)).items).toEqual([
      { permission: 'edit', user: expect.objectContaining({ id: w.member.id, displayName: 'Rita Reader' }) },
    ]);
    expect((await read(w, OPS.listTeams)).items).toEqual([
      { permission: 'edit', team: expect.objectContaining({ id: w.teamId, title: 'Writers' }) },
    ]);
    const userParams = { ...w.params, userId: w.member.id };
    const teamParams = { ...w.params, teamId: w.teamId };
    expectStatus(
      await sendOperation(server, OPS.updateUser, { params: userParams, body: { role: 'admin' }, token }),
      204,
    );
    expectStatus(
      await sendOperation(server, OPS.updateTeam, { params: teamParams, body: { role: 'read' }, token }),
      204,
    );
    expect((await read(w, OPS.listUsers)).items.map((item) => item.permission)).toEqual(['admin']);
    expect((await read(w, OPS.listTeams)).items.map((item) => item.permission)).toEqual(['read']);

    // Newest member first by default: the guest, Otto (read through the team, over his comment role), Rita
    // (admin on the site, given directly), the organization's admin.
    const all = await read(w, OPS.aggregate);
    expect(all.count).toBe(4);
    expect(all.items.map((item) => [item.user.id, item.permission, item.origin, item.disabled])).toEqual([
      [w.guest.id, null, { type: 'organization', organization: w.orgId }, false],
      [w.other.id, 'read', { type: 'site', site: w.siteId, reason: 'team', team: w.teamId }, false],
      [w.member.id, 'admin', { type: 'site', site: w.siteId, reason: 'member' }, false],
      [w.admin.id, 'admin', { type: 'organization', organization: w.orgId }, false],
    ]);
    const ids = async (query: Record<string, unknown>) =>
      (await read(w, OPS.aggregate, query)).items.map((item) => item.user.id);
    expect(await ids({ role: 'guest' })).toEqual([w.guest.id]);
    expect(await ids({ role: 'admin', order: 'asc' })).toEqual([w.admin.id, w.member.id]);
    expect(await ids({ search: 'OTTO' })).toEqual([w.other.id]);
    expect(await ids({ team: w.teamId })).toEqual([w.other.id]);
    expect(await ids({ sort: 'name', order: 'asc' })).toEqual([
      w.admin.id,
      w.guest.id,
      w.other.id,
      w.member.id,
    ]);
    const first = await read(w, OPS.aggregate, { sort: 'name', order: 'asc', limit: 3 });
    expect(first.next).toBeDefined();
    expect(await ids({ sort: 'name', order: 'asc', limit: 3, page: first.next?.page })).toEqual([
      w.member.id,
    ]);

    expectStatus(await sendOperation(server, OPS.removeUser, { params: userParams, token }), 205);
    expectStatus(await sendOperation(server, OPS.removeUser, { params: userParams, token }), 204);
    expectStatus(await sendOperation(server, OPS.removeTeam, { params: teamParams, token }), 205);
    expectStatus(await sendOperation(server, OPS.removeTeam, { params: teamParams, token }), 204);
    expect((await read(w, OPS.listUsers)).items).toEqual([]);
    expect((await read(w, OPS.listTeams)).items).toEqual([]);
    const after = await read(w, OPS.aggregate, { sort: 'name', order: 'asc' });
    expect(after.items.map((item) => item.permission)).toEqual(['admin', null, 'comment', 'read']);
  });

  it('answers 400 naming the field for bad bodies and queries', async () => {
    const w = world();
    const { token } = w.admin;
    const invite = (body: unknown) => sendOperation(server, OPS.invite, { params: w.params, body, token });
    expectError(await invite({ users: [w.member.id] }), 400, 'role');
    expectError(await invite({ role: null, users: [w.member.id] }), 400, '`role`');
    expectError(await invite({ role: 'read' }), 400, '`users`');
    expectError(await invite({ role: 'read', teams: [] }), 400, 'teams');
    expectError(await invite({ role: 'read', users: [w.member.id, w.member.id] }), 400, '`users[1]`');
    await invite({ role: 'read', users: [w.member.id] });
    const update = (body: unknown) =>
      sendOperation(server, OPS.updateUser, { params: { ...w.params, userId: w.member.id }, body, token });
    expectError(await update({ role: null }), 400, 'role');
    expectError(await update({ role: 'boss' }), 400, 'role');
    const query = (q: Record<string, unknown>) =>
      sendOperation(server, OPS.aggregate, { params: w.params, query: q, token });
    expectError(await query({ role: 'boss' }), 400, 'role');
    expectError(await query({ sort: 'age' }), 400, 'sort');
    expectError(await query({ order: 'up' }), 400, 'order');
    expectError(await query({ team: UNKNOWN_ID }), 400, '`team`');
    expectError(await query({ page: 'nonsense' }), 400, 'page');
    expect((await read(w, OPS.listUsers)).items.map((item) => item.permission)).toEqual(['read']);
  });

  it.each(NON_ADMIN_ROLES)('answers 403 to a %s member; a role given on the site lifts it', async (role) => {
    const w = world();
    const caller = server.buildMember(w.orgId, role);
    const params = { ...w.params, userId: w.member.id, teamId: w.teamId };
    await sendOperation(server, OPS.invite, {
      params: w.params,
      body: { role: 'read', users: [w.member.id], teams: [w.teamId] },
      token: w.admin.token,
    });
    const writes: [OperationName, unknown][] = [
      [OPS.invite, { role: 'read', users: [w.other.id] }],
      [OPS.updateUser, { role: 'edit' }],
      [OPS.updateTeam, { role: 'edit' }],
      [OPS.removeUser, undefined],
      [OPS.removeTeam, undefined],
    ];
    const reads = [OPS.listUsers, OPS.listTeams, OPS.aggregate];
    for (const [name, body] of writes) {
      const answer = await sendOperation(server, name, { params, body, token: caller.token });
      expectError(answer, 403, role === null ? 'guests may not see the sites' : 'admin level');
    }
    for (const name of reads) {
      const answer = await sendOperation(server, name, { params, token: caller.token });
      if (role === null) expectError(answer, 403, 'guests may not see the sites');
      else expectStatus(answer, 200);
    }
    const rename = () =>
      sendOperation(server, 'updateSiteById', {
        params: w.params,
        body: { title: 'Renamed' },
        token: caller.token,
      });
    expectError(await rename(), 403);
    // Given admin on the site, a member of any role manages it and its permissions; a guest given a role sees the
    // site, may not list who else does, and changes nothing.
    await sendOperation(server, OPS.invite, {
      params: w.params,
      body: { role: role === null ? 'read' : 'admin', users: [caller.id] },
      token: w.admin.token,
    });
    for (const [name, body] of writes) {
      const answer = await sendOperation(server, name, { params, body, token: caller.token });
      if (role === null) expectError(answer, 403, 'admin level');
      else expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    }
    for (const name of reads) {
      const answer = await sendOperation(server, name, { params, token: caller.token });
      if (role === null) expectError(answer, 403, 'guests may not list');
      else expectStatus(answer, 200);
    }
    if (role === null) {
      expectStatus(
        await sendOperation(server, 'getSiteById', { params: w.params, token: caller.token }),
        200,
      );
      const sites = await sendOperation(server, 'listSites', {
        params: { organizationId: w.orgId },
        token: caller.token,
      });
      expectStatus(sites, 200);
      expect((sites.body as { items: { id: string }[] }).items.map((site) => site.id)).toEqual([w.siteId]);
      expectError(await rename(), 403);
    } else expectStatus(await rename(), 200);
  });

  it('answers 404 for unknown ids and other organizations’ ids', async () => {
    const w = world();
    const { token } = w.admin;
    const stranger = server.buildUser();
    const foreignOrg = server.buildOrg(stranger).id;
    const foreignSite = server.buildSite(foreignOrg).id;
    const foreignMember = server.buildMember(foreignOrg, 'read');
    const foreignTeam = server.buildTeam(foreignOrg, 'Theirs').id;
    for (const name of Object.values(OPS)) {
      const rest = { organizationId: w.orgId, userId: w.member.id, teamId: w.teamId };
      const body =
        name === OPS.invite
          ? { role: 'read', users: [w.member.id] }
          : name.startsWith('update')
            ? { role: 'read' }
            : undefined;
      const unknown = await sendOperation(server, name, {
        params: { ...rest, siteId: UNKNOWN_ID },
        body,
        token,
      });
      const foreign = await sendOperation(server, name, {
        params: { ...rest, siteId: foreignSite },
        body,
        token,
      });
      expectHidden(unknown, UNKNOWN_ID, foreign, foreignSite);
      const foreignOrgAnswer = await sendOperation(server, name, {
        params: { ...rest, organizationId: foreignOrg, siteId: foreignSite },
        body,
        token,
      });
      expectError(foreignOrgAnswer, 404);
    }
    const invite = (body: unknown) => sendOperation(server, OPS.invite, { params: w.params, body, token });
    expectError(await invite({ role: 'read', users: [foreignMember.id] }), 404, '`users[0]`');
    expectError(await invite({ role: 'read', teams: [foreignTeam] }), 404, '`teams[0]`');
    for (const [name, id] of [
      [OPS.updateUser, foreignMember.id],
      [OPS.removeUser, foreignMember.id],
      [OPS.updateTeam, foreignTeam],
      [OPS.removeTeam, foreignTeam],
    ] as const) {
      const body = name.startsWith('update') ? { role: 'read' } : undefined;
      const answer = await sendOperation(server, name, {
        params: { ...w.params, userId: id, teamId: id },
        body,
        token,
      });
      expectError(answer, 404, 'in this organization');
    }
    const params = { ...w.params, userId: w.member.id };
    expectError(
      await sendOperation(server, OPS.updateUser, { params, body: { role: 'read' }, token }),
      404,
      'no role',
    );
    expect((await read(w, OPS.listUsers)).items).toEqual([]);
  });

  it('answers 409 to an invite naming someone who already has a role, and writes nothing', async () => {
    const w = world();
    const invite = (body: unknown) =>
      sendOperation(server, OPS.invite, { params: w.params, body, token: w.admin.token });
    expectStatus(await invite({ role: 'read', users: [w.member.id] }), 204);
    expectError(await invite({ role: 'edit', users: [w.other.id, w.member.id] }), 409, '`users[1]`');
    const users = await read(w, OPS.listUsers);
    expect(users.items.map((item) => [item.user.id, item.permission as Role])).toEqual([
      [w.member.id, 'read'],
    ]);
  });

  it('goes with the site: a deleted site leaves no grant behind', async () => {
    const w = world();
    await sendOperation(server, OPS.invite, {
      params: w.params,
      body: { role: 'read', users: [w.member.id], teams: [w.teamId] },
      token: w.admin.token,
    });
    expectStatus(
      await sendOperation(server, 'deleteSiteById', { params: w.params, token: w.admin.token }),
      205,
    );
    const { db } = server;
    const left = db.all(db.q.selectFrom('content_permissions').selectAll().where('target_id', '=', w.siteId));
    expect(left).toEqual([]);
  });
});
