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
  tick,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('POST /v1/orgs/{organizationId}/ping', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'updateOrganizationMemberLastSeenAt', {
      params: { organizationId: orgId },
    });
  });

  it('answers 404 for an unknown organization and for one the caller is not a member of', async () => {
    const { admin } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const organizationId of ['no-such-org', foreign.orgId]) {
      expectError(
        await admin.client.request('updateOrganizationMemberLastSeenAt', { params: { organizationId } }),
        404,
      );
    }
    const member = await foreign.owner.client.call('getMemberInOrganizationById', {
      params: { organizationId: foreign.orgId, userId: foreign.owner.id },
    });
    expect(member.lastSeenAt).toBeUndefined();
  });

  it("updates the caller's last-seen time, and only the caller's, for every role", async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const other = server.buildMember(orgId, 'read');
    for (const role of NON_ADMIN_ROLES) {
      const member = server.buildMember(orgId, role);
      const params = { organizationId: orgId, userId: member.id };
      expect((await admin.client.call('getMemberInOrganizationById', { params })).lastSeenAt).toBeUndefined();
      tick(server, 60);
      const seenAt = server.clock.now().toISOString();
      const answer = await member.client.request('updateOrganizationMemberLastSeenAt', {
        params: { organizationId: orgId },
      });
      expectStatus(answer, 200);
      expect(answer.body).toEqual({});
      expect((await admin.client.call('getMemberInOrganizationById', { params })).lastSeenAt).toBe(seenAt);
    }
    const untouched = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: other.id },
    });
    expect(untouched.lastSeenAt).toBeUndefined();
  });

  it('moves the last-seen time forward on every ping', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId, userId: admin.id };
    await admin.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: orgId } });
    const first = (await admin.client.call('getMemberInOrganizationById', { params })).lastSeenAt;
    server.clock.advance(3 * 24 * 3600_000);
    await admin.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: orgId } });
    const second = (await admin.client.call('getMemberInOrganizationById', { params })).lastSeenAt;
    expect(second).toBe(server.clock.now().toISOString());
    expect(Date.parse(second ?? '') - Date.parse(first ?? '')).toBe(3 * 24 * 3600_000);
  });
});

describe('POST /v1/orgs/{organizationId}/members/{userId}/sso', () => {
  it('answers 401 without a valid token', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'setUserAsSSOMemberForOrganization', {
      params: { organizationId: orgId, userId: admin.id },
    });
  });

  it('answers 403 to every role but admin, on someone else and on themselves', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const target = server.buildMember(orgId, 'read');
    for (const role of NON_ADMIN_ROLES) {
      const caller = server.buildMember(orgId, role);
      for (const userId of [target.id, caller.id]) {
        const answer = await caller.client.request('setUserAsSSOMemberForOrganization', {
          params: { organizationId: orgId, userId },
        });
        expectError(answer, 403, 'only admins');
      }
    }
    const after = await admin.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: target.id },
    });
    expect(after.sso).toBe(false);
  });

  it('answers 404 for an unknown member, a member of another organization, and another organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const userId of ['no-such-user', foreign.member.id]) {
      const answer = await admin.client.request('setUserAsSSOMemberForOrganization', {
        params: { organizationId: orgId, userId },
      });
      expectError(answer, 404, userId);
    }
    const hidden = await admin.client.request('setUserAsSSOMemberForOrganization', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    expectError(hidden, 404);
    const untouched = await foreign.owner.client.call('getMemberInOrganizationById', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    expect(untouched.sso).toBe(false);
  });

  it('marks the member as an SSO member, idempotently, and only that member', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const member = server.buildMember(orgId, 'edit');
    const params = { organizationId: orgId, userId: member.id };
    const marked = await admin.client.call('setUserAsSSOMemberForOrganization', { params });
    expect(marked).toMatchObject({ object: 'member', id: member.id, role: 'edit', sso: true });
    expect((await admin.client.call('getMemberInOrganizationById', { params })).sso).toBe(true);
    expect((await admin.client.call('setUserAsSSOMemberForOrganization', { params })).sso).toBe(true);
    const all = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(all.items.filter((m) => m.sso).map((m) => m.id)).toEqual([member.id]);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces', () => {
  it('answers 401 without a valid token', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'listSpacesForOrganizationMember', {
      params: { organizationId: orgId, userId: admin.id },
    });
  });

  it('answers 400 naming the query parameter that breaks a rule', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId, userId: admin.id };
    const bad: [Record<string, unknown>, string][] = [
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ limit: 'all' }, 'limit'],
      [{ order: 'sideways' }, 'order'],
      [{ page: '' }, 'page'],
      [{ page: 'not-a-cursor' }, 'page'],
    ];
    for (const [query, field] of bad) {
      expectError(
        await sendRaw(server, 'listSpacesForOrganizationMember', { token: admin.token, params, query }),
        400,
        field,
      );
    }
  });

  it("answers 403 to a non-admin asking for someone else's spaces", async () => {
    const { admin, orgId } = buildAdminOrg(server);
    for (const role of NON_ADMIN_ROLES) {
      const caller = server.buildMember(orgId, role);
      const answer = await caller.client.request('listSpacesForOrganizationMember', {
        params: { organizationId: orgId, userId: admin.id },
      });
      expectError(answer, 403, 'only admins');
    }
  });

  it('answers 404 for an unknown member, a member of another organization, and another organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const userId of ['no-such-user', foreign.member.id]) {
      const answer = await admin.client.request('listSpacesForOrganizationMember', {
        params: { organizationId: orgId, userId },
      });
      expectError(answer, 404, userId);
    }
    const hidden = await admin.client.request('listSpacesForOrganizationMember', {
      params: { organizationId: foreign.orgId, userId: foreign.member.id },
    });
    expectError(hidden, 404);
  });

  it('answers an empty list to an admin and to a member asking for their own (no spaces exist yet)', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const guest = server.buildMember(orgId, null);
    const byAdmin = await admin.client.call('listSpacesForOrganizationMember', {
      params: { organizationId: orgId, userId: guest.id },
      query: { limit: 10, order: 'asc' },
    });
    expect(byAdmin).toEqual({ items: [], count: 0 });
    const own = await guest.client.call('listSpacesForOrganizationMember', {
      params: { organizationId: orgId, userId: guest.id },
    });
    expect(own).toEqual({ items: [], count: 0 });
  });
});
