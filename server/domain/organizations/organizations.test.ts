/** Route tests: listing and reading organizations, and the permissions each role sees in them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../../shared/contract/resources/organizations.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
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

/** Turns a membership off, as an admin disabling a member would. */
function disableMembership(orgId: string, userId: string): void {
  server.db.run(
    server.db.q
      .updateTable('members')
      .set({ disabled: 1 })
      .where('organization_id', '=', orgId)
      .where('user_id', '=', userId),
  );
}

describe('GET /v1/orgs (listOrganizationsForAuthenticatedUser)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    await expectUnauthorized(server, 'listOrganizationsForAuthenticatedUser', {});
  });

  it('400 when `limit` is -1, 1001 (0 is GitBook’s minimum) or not an integer, naming `limit`', async () => {
    const user = server.buildUser();
    server.buildOrg(user);
    for (const limit of [-1, 1001]) {
      const answer = await user.client.request('listOrganizationsForAuthenticatedUser', { query: { limit } });
      expectError(answer, 400, '`limit`');
    }
    for (const limit of ['ten', '1.5', '']) {
      expectError(
        await sendRequest(server, { method: 'GET', path: `/v1/orgs?limit=${limit}`, token: user.token }),
        400,
        '`limit`',
      );
    }
  });

  it('400 when `page` is not a cursor of this list, naming `page`', async () => {
    const user = server.buildUser();
    server.buildOrg(user);
    const wrongArity = Buffer.from(JSON.stringify(['Org']), 'utf8').toString('base64url');
    const wrongTypes = Buffer.from(JSON.stringify([{}, []]), 'utf8').toString('base64url');
    for (const page of ['not-a-cursor', wrongArity, wrongTypes, 'x'.repeat(513)]) {
      const answer = await user.client.request('listOrganizationsForAuthenticatedUser', { query: { page } });
      expectError(answer, 400, 'page');
    }
  });

  it("lists only the organizations of the token's user, with their count", async () => {
    const ada = server.buildUser();
    const grace = server.buildUser();
    const own = [server.buildOrg(ada, { title: 'Ada One' }), server.buildOrg(ada, { title: 'Ada Two' })];
    const graceOrg = server.buildOrg(grace, { title: 'Grace Only' });
    const shared = server.buildOrg(grace, { title: 'Shared' });
    server.db.run(
      server.db.q.insertInto('members').values({
        organization_id: shared.id,
        user_id: ada.id,
        role: 'read',
        disabled: 0,
        sso: 0,
        joined_at: server.clock.now().toISOString(),
        last_seen_at: null,
      }),
    );

    const adaList = await ada.client.call('listOrganizationsForAuthenticatedUser');
    expect(adaList.items.map((o) => o.id)).toEqual([own[0]!.id, own[1]!.id, shared.id]);
    expect(adaList.count).toBe(3);
    expect(adaList.next).toBeUndefined();
    expect(adaList.items.find((o) => o.id === shared.id)?.permissions.admin).toBe(false);

    const graceList = await grace.client.call('listOrganizationsForAuthenticatedUser');
    expect(graceList.items.map((o) => o.id)).toEqual([graceOrg.id, shared.id]);
    expect(graceList.count).toBe(2);
    expect(graceList.items.find((o) => o.id === shared.id)?.permissions.admin).toBe(true);
  });

  it('leaves out organizations where the membership is disabled, from the items and the count', async () => {
    const user = server.buildUser();
    const kept = server.buildOrg(user, { title: 'Kept' });
    const other = server.buildUser();
    const off = server.buildOrg(other, { title: 'Off' });
    const member = server.buildMember(off.id, 'edit');
    server.buildOrg(member, { title: 'Mine' });
    disableMembership(off.id, member.id);
    const list = await member.client.call('listOrganizationsForAuthenticatedUser');
    expect(list.items.map((o) => o.title)).toEqual(['Mine']);
    expect(list.count).toBe(1);
    expect((await user.client.call('listOrganizationsForAuthenticatedUser')).items.map((o) => o.id)).toEqual([
      kept.id,
    ]);
  });

  it('pages with limit 1 through `next.page`, visiting each organization exactly once', async () => {
    const user = server.buildUser();
    // Two equal titles: the id breaks the tie, so neither is skipped nor repeated.
    const titles = ['Delta', 'Alpha', 'Twin', 'Twin', 'Charlie'];
    const orgs = titles.map((title) => ({ ...server.buildOrg(user, { title }), title }));
    const expected = [...orgs].sort((a, b) =>
      a.title === b.title ? (a.id < b.id ? -1 : 1) : a.title < b.title ? -1 : 1,
    );

    const seen: string[] = [];
    let page: string | undefined;
    for (let i = 0; i < titles.length; i++) {
      const answer = await user.client.call('listOrganizationsForAuthenticatedUser', {
        query: page === undefined ? { limit: 1 } : { limit: 1, page },
      });
      expect(answer.items).toHaveLength(1);
      expect(answer.count).toBe(titles.length);
      seen.push(answer.items[0]!.id);
      page = answer.next?.page;
      if (i < titles.length - 1) expect(page).toEqual(expect.any(String));
    }
    expect(page).toBeUndefined();
    expect(seen).toEqual(expected.map((o) => o.id));
    expect(new Set(seen).size).toBe(titles.length);

    const two = await user.client.call('listOrganizationsForAuthenticatedUser', { query: { limit: 2 } });
    const rest = await user.client.call('listOrganizationsForAuthenticatedUser', {
      query: { limit: 1000, page: two.next!.page },
    });
    expect([...two.items, ...rest.items].map((o) => o.id)).toEqual(seen);
    expect(rest.next).toBeUndefined();
  });

  it('answers an empty list to a user without organizations', async () => {
    const loner = server.buildUser();
    expect(await loner.client.call('listOrganizationsForAuthenticatedUser')).toEqual({ items: [], count: 0 });
  });
});

describe('GET /v1/orgs/{organizationId} (getOrganizationById)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner);
    await expectUnauthorized(server, 'getOrganizationById', { params: { organizationId: org.id } });
  });

  it('400 when the organization id is longer than an id may be, naming `organizationId`', async () => {
    const owner = server.buildUser();
    const answer = await owner.client.request('getOrganizationById', {
      params: { organizationId: 'x'.repeat(257) },
    });
    expectError(answer, 400, '`organizationId`');
  });

  it('lets every member read it, guests included (no 403)', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner);
    for (const role of NON_ADMIN_ROLES) {
      const member = server.buildMember(org.id, role);
      const answer = await member.client.request('getOrganizationById', {
        params: { organizationId: org.id },
      });
      expect(answer.status, roleName(role)).toBe(200);
    }
  });

  it('404 for an unknown id and for an organization the caller is not a member of, with the same answer', async () => {
    const owner = server.buildUser();
    const stranger = server.buildUser();
    server.buildOrg(stranger);
    const foreign = server.buildOrg(owner);
    expectHidden(
      await stranger.client.request('getOrganizationById', { params: { organizationId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await stranger.client.request('getOrganizationById', { params: { organizationId: foreign.id } }),
      foreign.id,
    );
  });

  it('404 for a member whose membership is disabled', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner);
    const member = server.buildMember(org.id, 'edit');
    disableMembership(org.id, member.id);
    expectError(
      await member.client.request('getOrganizationById', { params: { organizationId: org.id } }),
      404,
    );
  });

  it('answers the organization, the same as its entry in the list', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner, { title: 'Acme Docs', emailDomains: ['acme.test'] });
    const answer = await owner.client.request('getOrganizationById', { params: { organizationId: org.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      object: 'organization',
      id: org.id,
      title: 'Acme Docs',
      createdAt: server.clock.now().toISOString(),
      emailDomains: ['acme.test'],
      type: 'business',
      defaultRole: 'read',
      sso: false,
      ai: true,
      inviteLinks: true,
      mergeRules: { type: 'none' },
      plan: 'free_2024',
      trial: { status: 'notapplicable', count: 0 },
      urls: { location: `${server.baseUrl}/v1/orgs/${org.id}`, app: `${server.baseUrl}/o/${org.id}/` },
      permissions: expect.any(Object),
    });
    const list = await owner.client.call('listOrganizationsForAuthenticatedUser');
    expect(list.items).toEqual([answer.body]);
  });
});

describe('organization `permissions`', () => {
  const lists = { listMembers: true, listTeams: true, listIntegrations: true };
  const none = {
    admin: false,
    ownTeam: false,
    createContent: false,
    createOpenAPISpec: false,
    viewBilling: false,
  };
  const EXPECTED: Record<string, Organization['permissions']> = {
    admin: {
      view: true,
      ...none,
      admin: true,
      createContent: true,
      createOpenAPISpec: true,
      viewBilling: true,
      ...lists,
    },
    create: { view: true, ...none, createContent: true, createOpenAPISpec: true, ...lists },
    review: { view: true, ...none, ...lists },
    edit: { view: true, ...none, ...lists },
    comment: { view: true, ...none, ...lists },
    read: { view: true, ...none, ...lists },
    guest: { view: true, ...none, listMembers: false, listTeams: false, listIntegrations: false },
  };

  for (const role of ROLES_OR_GUEST) {
    it(`are those of the role ${roleName(role)}, in the organization and in the list`, async () => {
      const owner = server.buildUser();
      const org = server.buildOrg(owner);
      const member = server.buildMember(org.id, role);
      const read = await member.client.call('getOrganizationById', { params: { organizationId: org.id } });
      expect(read.permissions).toEqual(EXPECTED[roleName(role)]);
      const listed = await member.client.call('listOrganizationsForAuthenticatedUser');
      expect(listed.items.find((o) => o.id === org.id)?.permissions).toEqual(EXPECTED[roleName(role)]);
    });
  }

  it('say `ownTeam` for an owner of a team and not for a mere team member', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner);
    const lead = server.buildMember(org.id, 'read');
    const follower = server.buildMember(org.id, 'read');
    server.buildTeam(org.id, 'Writers', { [lead.id]: 'owner', [follower.id]: 'member' });
    const get = (id: string, token: string) =>
      server.client(token).call('getOrganizationById', { params: { organizationId: id } });
    expect((await get(org.id, lead.token)).permissions.ownTeam).toBe(true);
    expect((await get(org.id, follower.token)).permissions.ownTeam).toBe(false);
    expect((await get(org.id, owner.token)).permissions.ownTeam).toBe(false);
  });

  it('agree with the 403s: no `admin`, no update; no `listMembers`, no member list', async () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner);
    const params = { organizationId: org.id };
    for (const role of ROLES_OR_GUEST) {
      const member = server.buildMember(org.id, role);
      const { permissions } = await member.client.call('getOrganizationById', { params });
      const update = await member.client.request('updateOrganizationById', { params, body: { ai: true } });
      expect(update.status, roleName(role)).toBe(permissions.admin ? 200 : 403);
      const members = await member.client.request('listMembersInOrganizationById', { params });
      expect(members.status, roleName(role)).toBe(permissions.listMembers ? 200 : 403);
      const invites = await member.client.request('listOrganizationInviteLinks', { params });
      expect(invites.status, roleName(role)).toBe(permissions.admin ? 200 : 403);
    }
  });
});
