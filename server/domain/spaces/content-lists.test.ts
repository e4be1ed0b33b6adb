import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  allPages,
  buildContentOrg,
  expectError,
  expectHidden,
  expectUnauthorized,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** Two top-level spaces, a collection with three spaces (one hidden), and a hidden collection with one space. */
function buildTree() {
  const org = buildContentOrg(server);
  const { orgId } = org;
  const { id: top1 } = server.buildSpace(orgId);
  const { id: guides } = server.buildCollection(orgId);
  const { id: top2 } = server.buildSpace(orgId);
  const { id: sub } = server.buildCollection(orgId, { parent: guides });
  const inGuides = [
    server.buildSpace(orgId, { parent: guides }).id,
    server.buildSpace(orgId, { parent: guides }).id,
  ];
  const { id: hiddenSpace } = server.buildSpace(orgId, { parent: guides, defaultLevel: null });
  const { id: secret } = server.buildCollection(orgId, { defaultLevel: null });
  const { id: inSecret } = server.buildSpace(orgId, { parent: secret });
  return { ...org, top1, top2, guides, sub, inGuides, hiddenSpace, secret, inSecret };
}

describe('GET /v1/orgs/{organizationId}/spaces', () => {
  it('answers 401 without a valid token, and 404 for an organization the caller is not in', async () => {
    const { orgId, admin, foreign } = buildTree();
    await expectUnauthorized(server, 'listSpacesInOrganizationById', { params: { organizationId: orgId } });
    expectError(
      await admin.client.request('listSpacesInOrganizationById', {
        params: { organizationId: foreign.orgId },
      }),
      404,
    );
  });

  it('answers 400 for a page cursor of another list', async () => {
    const { orgId, admin } = buildTree();
    const answer = await admin.client.request('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { page: 'bm90IGEgY3Vyc29y' },
    });
    expectError(answer, 400, 'page');
  });

  it('lists every space to an admin, by parent then sibling order, across pages', async () => {
    const tree = buildTree();
    const pages = await allPages((page) =>
      tree.admin.client.call('listSpacesInOrganizationById', {
        params: { organizationId: tree.orgId },
        query: { limit: 2, ...(page !== undefined ? { page } : {}) },
      }),
    );
    const ids = pages.flatMap((p) => p.items.map((s) => s.id));
    expect(ids.slice(0, 2)).toEqual([tree.top1, tree.top2]);
    expect(new Set(ids)).toEqual(
      new Set([tree.top1, tree.top2, ...tree.inGuides, tree.hiddenSpace, tree.inSecret]),
    );
    expect(ids.length).toBe(6);
    expect(pages.every((p) => p.count === 6)).toBe(true);
  });

  it('lists to a member only the spaces they may view', async () => {
    const tree = buildTree();
    const list = await tree.member('read').client.call('listSpacesInOrganizationById', {
      params: { organizationId: tree.orgId },
    });
    expect(new Set(list.items.map((s) => s.id))).toEqual(new Set([tree.top1, tree.top2, ...tree.inGuides]));
    expect(list.count).toBe(4);
    const guest = await tree.member(null).client.call('listSpacesInOrganizationById', {
      params: { organizationId: tree.orgId },
    });
    expect(guest).toEqual({ items: [], count: 0 });
  });
});

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('answers 401 without a valid token', async () => {
    const { guides } = buildTree();
    await expectUnauthorized(server, 'listSpacesInCollectionById', { params: { collectionId: guides } });
  });

  it('answers the same 404 for an unknown collection, a hidden one and another organization', async () => {
    const { member, secret, foreign } = buildTree();
    const reader = member('read');
    expectHidden(
      await reader.client.request('listSpacesInCollectionById', { params: { collectionId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await reader.client.request('listSpacesInCollectionById', { params: { collectionId: secret } }),
      secret,
    );
    expectError(
      await reader.client.request('listSpacesInCollectionById', {
        params: { collectionId: foreign.collectionId },
      }),
      404,
    );
  });

  it('lists the direct child spaces the caller may view, in sibling order, across pages', async () => {
    const { admin, member, guides, inGuides, hiddenSpace } = buildTree();
    const pages = await allPages((page) =>
      admin.client.call('listSpacesInCollectionById', {
        params: { collectionId: guides },
        query: { limit: 1, ...(page !== undefined ? { page } : {}) },
      }),
    );
    expect(pages.flatMap((p) => p.items.map((s) => s.id))).toEqual([...inGuides, hiddenSpace]);
    const reader = await member('read').client.call('listSpacesInCollectionById', {
      params: { collectionId: guides },
    });
    expect(reader.items.map((s) => s.id)).toEqual(inGuides);
  });
});

describe('GET /v1/orgs/{organizationId}/collections', () => {
  it('answers 401 without a valid token, and 404 for an organization the caller is not in', async () => {
    const { orgId, admin, foreign } = buildTree();
    await expectUnauthorized(server, 'listCollectionsInOrganizationById', {
      params: { organizationId: orgId },
    });
    expectError(
      await admin.client.request('listCollectionsInOrganizationById', {
        params: { organizationId: foreign.orgId },
      }),
      404,
    );
  });

  it('lists every visible collection (nested by default), or the top level only, across pages', async () => {
    const { orgId, admin, member, guides, sub, secret } = buildTree();
    const pages = await allPages((page) =>
      admin.client.call('listCollectionsInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: 1, ...(page !== undefined ? { page } : {}) },
      }),
    );
    const ids = pages.flatMap((p) => p.items.map((c) => c.id));
    expect(ids.slice(0, 2)).toEqual([guides, secret]);
    expect(ids).toContain(sub);
    expect(ids.length).toBe(3);
    const top = await admin.client.call('listCollectionsInOrganizationById', {
      params: { organizationId: orgId },
      query: { nested: false },
    });
    expect(top.items.map((c) => c.id)).toEqual([guides, secret]);
    const reader = await member('read').client.call('listCollectionsInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(reader.items.map((c) => c.id)).toEqual([guides, sub]);
    expect(reader.count).toBe(2);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces and member counts', () => {
  it('lists and counts the spaces each member may view', async () => {
    const { orgId, admin, member, top1, top2, inGuides } = buildTree();
    const reader = member('read');
    const list = await admin.client.call('listSpacesForOrganizationMember', {
      params: { organizationId: orgId, userId: reader.id },
    });
    expect(new Set(list.items.map((i) => i.space.id))).toEqual(new Set([top1, top2, ...inGuides]));
    expect(list.items.every((i) => i.permission === 'read')).toBe(true);
    const own = await reader.client.call('getMemberInOrganizationById', {
      params: { organizationId: orgId, userId: reader.id },
    });
    expect(own.spaces).toBe(4);
    const members = await admin.client.call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    const counts = Object.fromEntries(members.items.map((m) => [m.id, m.spaces]));
    expect(counts[admin.id]).toBe(6);
    expect(counts[reader.id]).toBe(4);
  });
});
