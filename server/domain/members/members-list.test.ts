import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/contract/resources/members.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  allPages,
  buildAdminOrg,
  buildForeignOrg,
  expectError,
  expectUnauthorized,
  type Page,
  sendRaw,
  tick,
} from '../../test/factories.ts';

describe('GET /v1/orgs/{organizationId}/members', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** An organization of five members with distinct names, roles and join times (one minute apart). */
  function buildCrew() {
    const { admin, orgId } = buildAdminOrg(server, 'Ada Admin');
    tick(server);
    const bea = server.buildMember(orgId, 'edit', { name: 'Bea Baker', email: `bea.${orgId}@Acme.org` });
    tick(server);
    const cal = server.buildMember(orgId, 'read', { name: 'Cal Carter', email: `cal.${orgId}@example.com` });
    tick(server);
    const dee = server.buildMember(orgId, null, { name: 'Dee Dawson', email: `dee.${orgId}@example.com` });
    tick(server);
    const eve = server.buildMember(orgId, 'read', { name: 'Eve Evans', email: `eve.${orgId}@example.com` });
    tick(server);
    return { admin, orgId, bea, cal, dee, eve, joinOrder: [admin, bea, cal, dee, eve] };
  }

  const ids = (page: { items: Member[] }) => page.items.map((m) => m.id);
  const userIds = (users: TestUser[]) => users.map((u) => u.id);

  it('answers 401 without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'listMembersInOrganizationById', { params: { organizationId: orgId } });
  });

  it('answers 400 naming the query parameter that breaks a rule', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const params = { organizationId: orgId };
    const bad: [Record<string, unknown>, string][] = [
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ role: 'owner' }, 'role'],
      [{ role: 'ADMIN' }, 'role'],
      [{ sort: 'email' }, 'sort'],
      [{ order: 'up' }, 'order'],
      [{ search: '' }, 'search'],
      [{ search: 'x'.repeat(257) }, 'search'],
      [{ page: '' }, 'page'],
      [{ page: 'not-a-cursor' }, 'page'],
      // A cursor with the wrong number of keys, and one of another list.
      [{ page: Buffer.from(JSON.stringify(['x'])).toString('base64url') }, 'page'],
      [{ page: Buffer.from(JSON.stringify({ a: 1 })).toString('base64url') }, 'page'],
      [{ page: 'x'.repeat(513) }, 'page'],
    ];
    for (const [query, field] of bad) {
      expectError(
        await sendRaw(server, 'listMembersInOrganizationById', { token: admin.token, params, query }),
        400,
        field,
      );
    }
  });

  it('answers 403 to a guest', async () => {
    const { orgId } = buildAdminOrg(server);
    const guest = server.buildMember(orgId, null);
    const answer = await guest.client.request('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expectError(answer, 403, 'guests');
  });

  it('answers 404 for an unknown organization and for one the caller is not a member of', async () => {
    const { admin } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    for (const organizationId of ['no-such-org', foreign.orgId]) {
      const answer = await admin.client.request('listMembersInOrganizationById', {
        params: { organizationId },
      });
      expectError(answer, 404, organizationId);
    }
  });

  it('lists every member, newest first by default, with the total count', async () => {
    const { orgId, cal, joinOrder } = buildCrew();
    server.buildTeam(orgId, 'Readers', { [cal.id]: 'member' });
    const page = await cal.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(ids(page)).toEqual(userIds(joinOrder).reverse());
    expect(page.count).toBe(5);
    expect(page.next).toBeUndefined();
    const listed = page.items.find((m) => m.id === cal.id);
    expect(listed).toMatchObject({
      object: 'member',
      role: 'read',
      teams: 1,
      disabled: false,
      sso: false,
      spaces: 0,
    });
    expect(listed?.user).toMatchObject({
      object: 'user',
      id: cal.id,
      displayName: 'Cal Carter',
      email: cal.email,
    });
  });

  it('filters by role, `guest` meaning no organization role', async () => {
    const { admin, orgId, bea, cal, dee, eve } = buildCrew();
    const list = (role: 'admin' | 'edit' | 'read' | 'comment' | 'guest') =>
      admin.client.call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { role, sort: 'name', order: 'asc' },
      });
    expect(ids(await list('admin'))).toEqual([admin.id]);
    expect(ids(await list('edit'))).toEqual([bea.id]);
    const readers = await list('read');
    expect(ids(readers)).toEqual([cal.id, eve.id]);
    expect(readers.count).toBe(2);
    const guests = await list('guest');
    expect(ids(guests)).toEqual([dee.id]);
    expect(guests.items[0]?.role).toBeNull();
    expect(await list('comment')).toEqual({ items: [], count: 0 });
  });

  it('searches display names and emails, case-insensitively, with LIKE wildcards taken literally', async () => {
    const { admin, orgId, bea, cal, dee, eve } = buildCrew();
    const search = async (text: string) =>
      ids(
        await admin.client.call('listMembersInOrganizationById', {
          params: { organizationId: orgId },
          query: { search: text, sort: 'name', order: 'asc' },
        }),
      );
    expect(await search('bAKer')).toEqual([bea.id]);
    expect(await search('EVE EV')).toEqual([eve.id]);
    expect(await search('ACME.ORG')).toEqual([bea.id]);
    expect(await search('@example.COM')).toEqual([admin.id, cal.id, dee.id, eve.id]);
    expect(await search('a')).toContain(admin.id);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('nobody-here')).toEqual([]);
    const combined = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { search: 'example.com', role: 'read' },
    });
    expect(combined.count).toBe(2);
    expect(new Set(ids(combined))).toEqual(new Set([cal.id, eve.id]));
  });

  it('sorts by join time and by name, in both orders', async () => {
    const { admin, orgId, joinOrder } = buildCrew();
    const list = (sort: 'joinedAt' | 'name', order: 'asc' | 'desc') =>
      admin.client.call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { sort, order },
      });
    expect(ids(await list('joinedAt', 'asc'))).toEqual(userIds(joinOrder));
    expect(ids(await list('joinedAt', 'desc'))).toEqual(userIds(joinOrder).reverse());
    // The names were chosen so that alphabetical order is the join order.
    expect(ids(await list('name', 'asc'))).toEqual(userIds(joinOrder));
    expect(ids(await list('name', 'desc'))).toEqual(userIds(joinOrder).reverse());
    const desc = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { sort: 'name' },
    });
    expect(ids(desc)).toEqual(userIds(joinOrder).reverse());
  });

  it('sorts names without regard to case, also across pages', async () => {
    const admin = server.buildUser({ name: 'Mira Admin' });
    const orgId = server.buildOrg(admin).id;
    const names = ['bob lower', 'Alice Upper', 'Zed Last', 'carl lower'];
    for (const name of names) server.buildMember(orgId, 'read', { name });
    const pages = await allPages((page) =>
      admin.client.call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { sort: 'name', order: 'asc', limit: 2, ...(page !== undefined ? { page } : {}) },
      }),
    );
    const shown = pages.flatMap((p) => p.items.map((m) => m.user.displayName));
    expect(shown).toEqual(['Alice Upper', 'bob lower', 'carl lower', 'Mira Admin', 'Zed Last']);
  });

  it('sorts by last-seen time, listing only members seen at least once', async () => {
    const { admin, orgId, bea, dee, eve } = buildCrew();
    for (const member of [eve, admin, dee]) {
      tick(server, 5);
      await member.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: orgId } });
    }
    const list = (order: 'asc' | 'desc') =>
      bea.client.call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { sort: 'lastSeenAt', order },
      });
    const asc = await list('asc');
    expect(ids(asc)).toEqual([eve.id, admin.id, dee.id]);
    expect(asc.count).toBe(3);
    expect(asc.items.every((m) => m.lastSeenAt !== undefined)).toBe(true);
    expect(ids(await list('desc'))).toEqual([dee.id, admin.id, eve.id]);
  });

  it('pages through every member exactly once with `limit`, for every sort and order', async () => {
    const { admin, orgId, joinOrder } = buildCrew();
    for (const member of joinOrder.slice(1)) {
      tick(server);
      await member.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: orgId } });
    }
    for (const sort of ['joinedAt', 'name', 'lastSeenAt'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const pages = await allPages((page) =>
          admin.client.call('listMembersInOrganizationById', {
            params: { organizationId: orgId },
            query: { sort, order, limit: 2, ...(page !== undefined ? { page } : {}) },
          }),
        );
        const expected = sort === 'lastSeenAt' ? userIds(joinOrder.slice(1)) : userIds(joinOrder);
        if (order === 'desc') expected.reverse();
        expect(pages.flatMap(ids), `${sort} ${order}`).toEqual(expected);
        expect(pages.map((p) => p.items.length)).toEqual(sort === 'lastSeenAt' ? [2, 2] : [2, 2, 1]);
        expect(pages.every((p) => p.count === expected.length)).toBe(true);
        expect(pages.slice(0, -1).every((p) => p.next !== undefined)).toBe(true);
        expect(pages.at(-1)?.next).toBeUndefined();
      }
    }
  });

  it('pages a filtered list, and ends without `next` when the last page is exactly full', async () => {
    const { admin, orgId, cal, eve } = buildCrew();
    const first = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { role: 'read', limit: 1, sort: 'name', order: 'asc' },
    });
    expect(ids(first)).toEqual([cal.id]);
    expect(first.count).toBe(2);
    const second = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { role: 'read', limit: 1, sort: 'name', order: 'asc', page: first.next?.page ?? '' },
    });
    expect(ids(second)).toEqual([eve.id]);
    expect(second.next).toBeUndefined();
    const exact = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: { limit: 5 },
    });
    expect(exact.items).toHaveLength(5);
    expect(exact.next).toBeUndefined();
  });

  it('keeps paging correct when members are added and removed between two pages', async () => {
    const { admin, orgId, bea, cal, dee, eve } = buildCrew();
    const page = (cursor?: string): Promise<Page<Member>> =>
      admin.client.call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: {
          sort: 'joinedAt',
          order: 'asc',
          limit: 2,
          ...(cursor !== undefined ? { page: cursor } : {}),
        },
      });
    const first = await page();
    expect(ids(first)).toEqual([admin.id, bea.id]);
    // Remove a member already shown (an offset would now skip Cal) and one not shown yet; add a newcomer.
    await admin.client.call('removeMemberFromOrganizationById', {
      params: { organizationId: orgId, userId: bea.id },
    });
    await admin.client.call('removeMemberFromOrganizationById', {
      params: { organizationId: orgId, userId: dee.id },
    });
    tick(server);
    const newcomer = server.buildMember(orgId, 'read', { name: 'Fay Fox' });
    const rest = await allPages(async (cursor) => page(cursor ?? first.next?.page));
    expect(rest.flatMap(ids)).toEqual([cal.id, eve.id, newcomer.id]);
    expect(rest[0]?.count).toBe(4);
  });

  it('shows a token only the organizations of its user', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const foreign = buildForeignOrg(server);
    const second = server.buildOrg(admin);
    const orgs = await admin.client.call('listOrganizationsForAuthenticatedUser');
    expect(new Set(orgs.items.map((o) => o.id))).toEqual(new Set([orgId, second.id]));
    expect(orgs.items.map((o) => o.id)).not.toContain(foreign.orgId);
    const foreignView = await foreign.member.client.call('listOrganizationsForAuthenticatedUser');
    expect(foreignView.items.map((o) => o.id)).toEqual([foreign.orgId]);
    const members = await foreign.member.client.request('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expectError(members, 404);
  });
});
