/**
 * Roles given to people and teams on spaces and collections, over HTTP on a real server: each operation's success
 * (re-read through the lists), 401, 400 naming the field, 403 per role, 404 (unknown ids, other organizations'
 * ids) and 409. Spaces and collections share the table of cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName, Role } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

interface Kind {
  name: 'Space' | 'Collection';
  param: 'spaceId' | 'collectionId';
  build: (orgId: string) => string;
}

const KINDS: readonly Kind[] = [
  { name: 'Space', param: 'spaceId', build: (orgId) => server.buildSpace(orgId).id },
  { name: 'Collection', param: 'collectionId', build: (orgId) => server.buildCollection(orgId).id },
];

const ops = (kind: Kind) =>
  ({
    invite: `inviteTo${kind.name}`,
    listUsers: `listUserPermissionsIn${kind.name}`,
    listTeams: `listTeamPermissionsIn${kind.name}`,
    updateUser: `updateUserPermissionIn${kind.name}`,
    updateTeam: `updateTeamPermissionIn${kind.name}`,
    removeUser: `removeUserFrom${kind.name}`,
    removeTeam: `removeTeamFrom${kind.name}`,
    aggregate: `listPermissionsAggregateIn${kind.name}`,
  }) as const satisfies Record<string, OperationName>;

interface World {
  admin: TestUser;
  orgId: string;
  itemId: string;
  member: TestUser;
  other: TestUser;
  teamId: string;
  params: Record<string, string>;
}

function world(kind: Kind): World {
  const admin = server.buildUser({ name: 'Ada Admin' });
  const orgId = server.buildOrg(admin).id;
  const member = server.buildMember(orgId, 'read', { name: 'Rita Reader' });
  const other = server.buildMember(orgId, 'comment', { name: 'Otto Other' });
  const teamId = server.buildTeam(orgId, 'Writers', { [other.id]: 'member' }).id;
  const itemId = kind.build(orgId);
  return { admin, orgId, itemId, member, other, teamId, params: { [kind.param]: itemId } };
}

async function listed(w: World, name: OperationName, query: Record<string, unknown> = {}) {
  const answer = await sendOperation(server, name, { params: w.params, query, token: w.admin.token });
  expectStatus(answer, 200);
  return answer.body as {
    items: { permission: Role; user?: { id: string }; team?: { id: string } }[];
    count: number;
  };
}

describe.each(KINDS)('permissions on a $name', (kind) => {
  const op = ops(kind);

  it('answers 401 to every operation without a valid token', async () => {
    const w = world(kind);
    const params = { ...w.params, userId: w.member.id, teamId: w.teamId };
    for (const name of Object.values(op)) await expectUnauthorized(server, name, { params });
  });

  it('gives, lists, changes and takes back roles of people and teams, each change re-read', async () => {
    const w = world(kind);
    const { token } = w.admin;
    const invited = await sendOperation(server, op.invite, {
      params: w.params,
      body: { role: 'edit', users: [w.member.id], teams: [w.teamId] },
      token,
    });
    expectStatus(invited, 204);
    let users = await listed(w, op.listUsers);
    expect(users.count).toBe(1);
    expect(users.items).toEqual([
      {
        permission: 'edit',
        user: expect.objectContaining({ object: 'user', id: w.member.id, displayName: 'Rita Reader' }),
      },
    ]);
    let teams = await listed(w, op.listTeams);
    expect(teams.items).toEqual([
      {
        permission: 'edit',
        team: expect.objectContaining({ object: 'team', id: w.teamId, title: 'Writers', members: 1 }),
      },
    ]);

    const userParams = { ...w.params, userId: w.member.id };
    const teamParams = { ...w.params, teamId: w.teamId };
    expectStatus(
      await sendOperation(server, op.updateUser, { params: userParams, body: { role: 'review' }, token }),
      204,
    );
    expectStatus(
      await sendOperation(server, op.updateTeam, { params: teamParams, body: { role: 'read' }, token }),
      204,
    );
    users = await listed(w, op.listUsers);
    teams = await listed(w, op.listTeams);
    expect(users.items.map((item) => item.permission)).toEqual(['review']);
    expect(teams.items.map((item) => item.permission)).toEqual(['read']);
    // Without a role the update changes nothing.
    expectStatus(await sendOperation(server, op.updateUser, { params: userParams, body: {}, token }), 204);
    expect((await listed(w, op.listUsers)).items.map((item) => item.permission)).toEqual(['review']);

    // Everyone who reaches the item: the admin (admin everywhere), the member (given review), the team's member
    // (read through the team, over the comment role it inherits).
    const aggregate = await listed(w, op.aggregate);
    expect(aggregate.items.map((item) => [item.user?.id, item.permission])).toEqual([
      [w.admin.id, 'admin'],
      [w.other.id, 'read'],
      [w.member.id, 'review'],
    ]);
    const reviewers = await listed(w, op.aggregate, { role: 'review' });
    expect(reviewers.items.map((item) => item.user?.id)).toEqual([w.member.id]);
    const first = await listed(w, op.aggregate, { limit: 2 });
    expect(first.count).toBe(3);
    const next = (first as { next?: { page: string } }).next;
    expect(next).toBeDefined();
    const second = await listed(w, op.aggregate, { limit: 2, page: next?.page });
    expect(second.items.map((item) => item.user?.id)).toEqual([w.member.id]);

    expectStatus(await sendOperation(server, op.removeUser, { params: userParams, token }), 205);
    expectStatus(await sendOperation(server, op.removeUser, { params: userParams, token }), 204);
    expectStatus(await sendOperation(server, op.removeTeam, { params: teamParams, token }), 205);
    expectStatus(await sendOperation(server, op.removeTeam, { params: teamParams, token }), 204);
    expect((await listed(w, op.listUsers)).items).toEqual([]);
    expect((await listed(w, op.listTeams)).items).toEqual([]);
  });

  it('answers 400 naming the field for bad bodies and queries', async () => {
    const w = world(kind);
    const { token } = w.admin;
    const invite = (body: unknown) => sendOperation(server, op.invite, { params: w.params, body, token });
    expectError(await invite({ users: [w.member.id] }), 400, 'role');
    expectError(await invite({ role: null, users: [w.member.id] }), 400, '`role`');
    expectError(await invite({ role: 'boss', users: [w.member.id] }), 400, 'role');
    expectError(await invite({ role: 'read' }), 400, '`users`');
    expectError(await invite({ role: 'read', users: [] }), 400, 'users');
    expectError(await invite({ role: 'read', users: [w.member.id, w.member.id] }), 400, '`users[1]`');
    expectError(await invite({ role: 'read', teams: [w.teamId, w.teamId] }), 400, '`teams[1]`');
    expectError(await invite({ role: 'read', users: [42] }), 400, 'users');
    expectError(await invite({ role: 'read', users: [w.member.id], extra: 1 }), 400, 'extra');
    await sendOperation(server, op.invite, {
      params: w.params,
      body: { role: 'read', users: [w.member.id] },
      token,
    });
    const userParams = { ...w.params, userId: w.member.id };
    const update = (body: unknown) =>
      sendOperation(server, op.updateUser, { params: userParams, body, token });
    expectError(await update({ role: null }), 400, '`role`');
    expectError(await update({ role: 'boss' }), 400, 'role');
    expectError(await update({ level: 'read' }), 400, 'level');
    const query = (q: Record<string, unknown>) =>
      sendOperation(server, op.aggregate, { params: w.params, query: q, token });
    expectError(await query({ role: 'boss' }), 400, 'role');
    expectError(await query({ limit: 5000 }), 400, 'limit');
    expectError(await query({ page: 'not-a-cursor' }), 400, 'page');
    expectError(
      await sendOperation(server, op.listUsers, { params: w.params, query: { limit: -1 }, token }),
      400,
      'limit',
    );
    // Nothing changed by the refusals.
    expect((await listed(w, op.listUsers)).items.map((item) => item.permission)).toEqual(['read']);
  });

  it.each(NON_ADMIN_ROLES)('answers 403 to a %s member (or 404 where the item is hidden)', async (role) => {
    const w = world(kind);
    const caller = server.buildMember(w.orgId, role);
    const params = { ...w.params, userId: w.member.id, teamId: w.teamId };
    await sendOperation(server, op.invite, {
      params: w.params,
      body: { role: 'read', users: [w.member.id], teams: [w.teamId] },
      token: w.admin.token,
    });
    const writes: [OperationName, unknown][] = [
      [op.invite, { role: 'read', users: [w.other.id] }],
      [op.updateUser, { role: 'edit' }],
      [op.updateTeam, { role: 'edit' }],
      [op.removeUser, undefined],
      [op.removeTeam, undefined],
    ];
    const reads = [op.listUsers, op.listTeams, op.aggregate];
    for (const [name, body] of writes) {
      const answer = await sendOperation(server, name, { params, body, token: caller.token });
      // A guest does not see the item at all: it answers as an unknown id.
      if (role === null) expectError(answer, 404);
      else expectError(answer, 403, 'admin level');
    }
    for (const name of reads) {
      const answer = await sendOperation(server, name, { params, token: caller.token });
      if (role === null) expectError(answer, 404);
      else expectStatus(answer, 200);
    }
    // Given a role on the item, a guest sees it, may not list who else does, and may not change anything; given
    // admin on it, a member of any role manages it.
    await sendOperation(server, op.invite, {
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
      if (role === null) expectError(answer, 403, 'guests');
      else expectStatus(answer, 200);
    }
  });

  it('answers 404 for unknown ids and other organizations’ ids, as if they named nothing', async () => {
    const w = world(kind);
    const { token } = w.admin;
    const stranger = server.buildUser();
    const foreignOrg = server.buildOrg(stranger).id;
    const foreignItem = kind.build(foreignOrg);
    const foreignMember = server.buildMember(foreignOrg, 'read');
    const foreignTeam = server.buildTeam(foreignOrg, 'Theirs').id;
    for (const name of Object.values(op)) {
      const rest = { userId: w.member.id, teamId: w.teamId };
      const body =
        name === op.invite
          ? { role: 'read', users: [w.member.id] }
          : name.startsWith('update')
            ? { role: 'read' }
            : undefined;
      const unknown = await sendOperation(server, name, {
        params: { [kind.param]: UNKNOWN_ID, ...rest },
        body,
        token,
      });
      const foreign = await sendOperation(server, name, {
        params: { [kind.param]: foreignItem, ...rest },
        body,
        token,
      });
      expectHidden(unknown, UNKNOWN_ID, foreign, foreignItem);
    }
    const invite = (body: unknown) => sendOperation(server, op.invite, { params: w.params, body, token });
    expectError(await invite({ role: 'read', users: [UNKNOWN_ID] }), 404, '`users[0]`');
    expectError(await invite({ role: 'read', users: [w.member.id, foreignMember.id] }), 404, '`users[1]`');
    expectError(await invite({ role: 'read', teams: [foreignTeam] }), 404, '`teams[0]`');
    for (const [name, id] of [
      [op.updateUser, foreignMember.id],
      [op.removeUser, foreignMember.id],
      [op.updateTeam, foreignTeam],
      [op.removeTeam, foreignTeam],
    ] as const) {
      const params = { ...w.params, userId: id, teamId: id };
      const body = name.startsWith('update') ? { role: 'read' } : undefined;
      expectError(await sendOperation(server, name, { params, body, token }), 404, 'in this organization');
    }
    // A member or team of the organization without a role on the item: nothing to update.
    const params = { ...w.params, userId: w.member.id, teamId: w.teamId };
    expectError(
      await sendOperation(server, op.updateUser, { params, body: { role: 'read' }, token }),
      404,
      'no role',
    );
    expectError(
      await sendOperation(server, op.updateTeam, { params, body: { role: 'read' }, token }),
      404,
      'no role',
    );
    // Nothing was written by the refused invites.
    expect((await listed(w, op.listUsers)).items).toEqual([]);
  });

  it('answers 409 to an invite naming someone who already has a role, and writes nothing', async () => {
    const w = world(kind);
    const { token } = w.admin;
    const invite = (body: unknown) => sendOperation(server, op.invite, { params: w.params, body, token });
    expectStatus(await invite({ role: 'read', users: [w.member.id], teams: [w.teamId] }), 204);
    expectError(await invite({ role: 'edit', users: [w.other.id, w.member.id] }), 409, '`users[1]`', 'read');
    expectError(await invite({ role: 'edit', teams: [w.teamId] }), 409, '`teams[0]`');
    const users = await listed(w, op.listUsers);
    expect(users.items.map((item) => [item.user?.id, item.permission])).toEqual([[w.member.id, 'read']]);
  });

  it(`${roleName(null)}s given a role reach the item and what it holds; taking it back hides it again`, async () => {
    const w = world(kind);
    const guest = server.buildMember(w.orgId, null);
    const get = kind.name === 'Space' ? 'getSpaceById' : 'getCollectionById';
    expectError(await sendOperation(server, get, { params: w.params, token: guest.token }), 404);
    await sendOperation(server, op.invite, {
      params: w.params,
      body: { role: 'comment', users: [guest.id] },
      token: w.admin.token,
    });
    const seen = await sendOperation(server, get, { params: w.params, token: guest.token });
    expectStatus(seen, 200);
    await sendOperation(server, op.removeUser, {
      params: { ...w.params, userId: guest.id },
      token: w.admin.token,
    });
    expectError(await sendOperation(server, get, { params: w.params, token: guest.token }), 404);
  });
});

describe('grants go with what they name', () => {
  async function grantAll(w: World, token: string) {
    const answer = await sendOperation(server, 'inviteToSpace', {
      params: w.params,
      body: { role: 'edit', users: [w.member.id], teams: [w.teamId] },
      token,
    });
    expectStatus(answer, 204);
  }
  const remaining = (targetId: string) =>
    server.db.all(
      server.db.q.selectFrom('content_permissions').selectAll().where('target_id', '=', targetId),
    );

  it('the member removed from the organization, the team deleted, the space moved to another organization', async () => {
    const w = world(KINDS[0]!);
    const { token } = w.admin;
    await grantAll(w, token);
    expectStatus(
      await sendOperation(server, 'removeMemberFromOrganizationById', {
        params: { organizationId: w.orgId, userId: w.member.id },
        token,
      }),
      204,
    );
    expect(remaining(w.itemId).map((row) => row.grantee_type)).toEqual(['team']);
    expectStatus(
      await sendOperation(server, 'removeTeamFromOrganizationById', {
        params: { organizationId: w.orgId, teamId: w.teamId },
        token,
      }),
      204,
    );
    expect(remaining(w.itemId)).toEqual([]);

    const moved = world(KINDS[0]!);
    await grantAll(moved, moved.admin.token);
    const destination = server.buildOrg(moved.admin).id;
    expectStatus(
      await sendOperation(server, 'transferSpace', {
        params: moved.params,
        body: { organization: destination },
        token: moved.admin.token,
      }),
      200,
    );
    expect(remaining(moved.itemId)).toEqual([]);
  });

  it('a space in the trash keeps its grants, which come back with it; deleted for good, they go', async () => {
    const w = world(KINDS[0]!);
    const { token } = w.admin;
    await grantAll(w, token);
    expectStatus(await sendOperation(server, 'deleteSpaceById', { params: w.params, token }), 205);
    expect(remaining(w.itemId)).toHaveLength(2);
    expectStatus(await sendOperation(server, 'restoreSpace', { params: w.params, token }), 200);
    expect((await listed(w, 'listUserPermissionsInSpace')).items.map((item) => item.permission)).toEqual([
      'edit',
    ]);
    expectStatus(await sendOperation(server, 'deleteSpaceById', { params: w.params, token }), 205);
    expectStatus(await sendOperation(server, 'deleteSpacePermanently', { params: w.params, token }), 204);
    expect(remaining(w.itemId)).toEqual([]);
  });
});
