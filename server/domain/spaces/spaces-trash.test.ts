import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedSpaces } from '../../jobs/purge.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildContentOrg,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  sendRaw,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('DELETE /v1/spaces/{spaceId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    await expectUnauthorized(server, 'deleteSpaceById', { params: { spaceId: server.buildSpace(orgId).id } });
  });

  it.each((['create', 'edit', 'read'] as const).map((r) => [r]))('answers 403 to %s', async (role) => {
    const { orgId, member } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    expectError(await member(role).client.request('deleteSpaceById', { params }), 403, 'admin level');
  });

  it('answers 404 for an unknown space and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('deleteSpaceById', { params: { spaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('deleteSpaceById', { params: { spaceId: foreign.spaceId } }),
      foreign.spaceId,
    );
  });

  it('puts the space in the trash: out of the lists, in the trash list, readable with deletedAt', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId);
    const { id: spaceId } = server.buildSpace(orgId, { parent });
    expectStatus(await admin.client.request('deleteSpaceById', { params: { spaceId } }), 205);
    const got = await admin.client.call('getSpaceById', { params: { spaceId } });
    expect(got.deletedAt).toBe(server.clock.now().toISOString());
    const live = await admin.client.call('listSpacesInCollectionById', { params: { collectionId: parent } });
    expect(live.items).toEqual([]);
    const trash = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { deleted: true },
    });
    expect(trash.items.map((s) => [s.id, s.deletedAt])).toEqual([[spaceId, got.deletedAt]]);
    for (const answer of [
      await admin.client.request('deleteSpaceById', { params: { spaceId } }),
      await admin.client.request('updateSpaceById', { params: { spaceId }, body: { title: 'x' } }),
      await admin.client.request('moveSpace', { params: { spaceId }, body: { parent: null } }),
      await admin.client.request('duplicateSpace', { params: { spaceId } }),
    ])
      expectError(answer, 404, 'in the trash');
  });

  it('lists the trash for admins only', async () => {
    const { orgId, member } = buildContentOrg(server);
    for (const role of ['create', 'read', null] as const) {
      const answer = await member(role).client.request('listSpacesInOrganizationById', {
        params: { organizationId: orgId },
        query: { deleted: true },
      });
      expectError(answer, 403, 'trash');
    }
  });
});

describe('POST /v1/spaces/{spaceId}/restore', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    await expectUnauthorized(server, 'restoreSpace', { params: { spaceId: server.buildSpace(orgId).id } });
  });

  it('answers 404 for a space that is not in the trash, an unknown one and another organization', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    expectError(await admin.client.request('restoreSpace', { params: { spaceId } }), 404, 'not in the trash');
    expectHidden(
      await admin.client.request('restoreSpace', { params: { spaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('restoreSpace', { params: { spaceId: foreign.spaceId } }),
      foreign.spaceId,
    );
  });

  it('answers 403 to a member who can see the deleted space without admin on it', async () => {
    const { admin, orgId, member } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    await admin.client.call('deleteSpaceById', { params: { spaceId } });
    expectError(
      await member('create').client.request('restoreSpace', { params: { spaceId } }),
      403,
      'admin level',
    );
  });

  it('restores at 6 days 23 hours, back at its old place', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId);
    const { id: first } = server.buildSpace(orgId, { parent });
    const { id: spaceId } = server.buildSpace(orgId, { parent });
    const { id: last } = server.buildSpace(orgId, { parent });
    await admin.client.call('deleteSpaceById', { params: { spaceId } });
    server.clock.advance(6 * DAY + 23 * HOUR);
    const restored = await admin.client.call('restoreSpace', { params: { spaceId } });
    expect(restored.deletedAt).toBeUndefined();
    expect(restored.parent).toBe(parent);
    const list = await admin.client.call('listSpacesInCollectionById', { params: { collectionId: parent } });
    expect(list.items.map((s) => s.id)).toEqual([first, spaceId, last]);
  });

  it('answers 410 at 7 days and 1 ms; the purge then removes the space and its revisions', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    const { id: kept } = server.buildSpace(orgId);
    const { revision } = await admin.client.call('getSpaceById', { params: { spaceId } });
    await admin.client.call('deleteSpaceById', { params: { spaceId } });
    server.clock.advance(7 * DAY);
    // Exactly 7 days: still in the trash, and not purged.
    await purgeDeletedSpaces(server.store, server.clock);
    expectStatus(await admin.client.request('getSpaceById', { params: { spaceId } }), 200);
    server.clock.advance(1);
    expectError(await admin.client.request('restoreSpace', { params: { spaceId } }), 410, 'more than 7 days');
    const trash = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { deleted: true },
    });
    expect(trash.items.map((s) => s.id)).not.toContain(spaceId);
    expect(await purgeDeletedSpaces(server.store, server.clock)).toBeGreaterThanOrEqual(1);
    expectError(await admin.client.request('getSpaceById', { params: { spaceId } }), 404);
    const { db } = server;
    expect(db.all(db.q.selectFrom('revisions').select('id').where('space_id', '=', spaceId))).toEqual([]);
    expect(db.first(db.q.selectFrom('revisions').select('id').where('id', '=', revision))).toBeUndefined();
    expectStatus(await admin.client.request('getSpaceById', { params: { spaceId: kept } }), 200);
  });
});

describe('who sent a space to the trash (deletedBy, an extension)', () => {
  it('is told while the space is in the trash, in the trash list and on the space, and forgotten once restored', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    await admin.client.call('deleteSpaceById', { params: { spaceId } });
    const trash = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { deleted: true },
    });
    const listed = trash.items.find((space) => space.id === spaceId);
    expect([listed?.deletedBy?.id, listed?.deletedBy?.displayName]).toEqual([admin.id, 'Ada Admin']);
    const got = await admin.client.call('getSpaceById', { params: { spaceId } });
    expect(got.deletedBy?.id).toBe(admin.id);
    const restored = await admin.client.call('restoreSpace', { params: { spaceId } });
    expect(restored.deletedBy).toBeUndefined();
    expect((await admin.client.call('getSpaceById', { params: { spaceId } })).deletedBy).toBeUndefined();
  });
});

describe('DELETE /v1/spaces/{spaceId}/permanent (deleteSpacePermanently, an extension)', () => {
  const trashed = async () => {
    const org = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(org.orgId);
    await org.admin.client.call('deleteSpaceById', { params: { spaceId } });
    return { ...org, spaceId };
  };

  it('answers 401 without a valid token, and the space stays in the trash', async () => {
    const { admin, spaceId } = await trashed();
    await expectUnauthorized(server, 'deleteSpacePermanently', { params: { spaceId } });
    expectStatus(await admin.client.request('restoreSpace', { params: { spaceId } }), 200);
  });

  it('answers 400 for a space id longer than any id, naming it', async () => {
    const { admin } = await trashed();
    const answer = await sendRaw(server, 'deleteSpacePermanently', {
      params: { spaceId: 'x'.repeat(300) },
      token: admin.token,
    });
    expectError(answer, 400, 'spaceId');
  });

  it.each((['create', 'edit', 'read'] as const).map((r) => [r]))(
    'answers 403 to %s, even one who sees the deleted space',
    async (role) => {
      const { admin, member, spaceId } = await trashed();
      expectError(
        await member(role).client.request('deleteSpacePermanently', { params: { spaceId } }),
        403,
        'for good',
      );
      expectStatus(await admin.client.request('restoreSpace', { params: { spaceId } }), 200);
    },
  );

  it('answers 404 for a space that is not in the trash, an unknown one and another organization', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    expectError(
      await admin.client.request('deleteSpacePermanently', { params: { spaceId } }),
      404,
      'not in the trash',
    );
    expectStatus(await admin.client.request('getSpaceById', { params: { spaceId } }), 200);
    expectHidden(
      await admin.client.request('deleteSpacePermanently', { params: { spaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('deleteSpacePermanently', { params: { spaceId: foreign.spaceId } }),
      foreign.spaceId,
    );
  });

  it('removes the space and its revisions at once, before the 7 days; other spaces stay', async () => {
    const { admin, orgId, spaceId } = await trashed();
    const { id: kept } = server.buildSpace(orgId);
    const { db } = server;
    expect(db.all(db.q.selectFrom('revisions').select('id').where('space_id', '=', spaceId))).not.toEqual([]);
    expectStatus(await admin.client.request('deleteSpacePermanently', { params: { spaceId } }), 204);
    expectError(await admin.client.request('getSpaceById', { params: { spaceId } }), 404);
    expectError(await admin.client.request('restoreSpace', { params: { spaceId } }), 404);
    expect(db.all(db.q.selectFrom('revisions').select('id').where('space_id', '=', spaceId))).toEqual([]);
    const trash = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { deleted: true },
    });
    expect(trash.items.map((space) => space.id)).not.toContain(spaceId);
    expectStatus(await admin.client.request('getSpaceById', { params: { spaceId: kept } }), 200);
  });
});
