import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../organizations/commands.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildContentOrg,
  expectError,
  expectHidden,
  expectUnauthorized,
  siblingKeys,
  siblingOrder,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('POST /v1/collections/{collectionId}/move', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    await expectUnauthorized(server, 'moveCollection', {
      params: { collectionId: id },
      body: { parent: null },
    });
  });

  it('answers 400 for a move into itself or one of its descendants', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: top } = server.buildCollection(orgId);
    const { id: child } = server.buildCollection(orgId, { parent: top });
    const { id: grandchild } = server.buildCollection(orgId, { parent: child });
    for (const parent of [top, child, grandchild]) {
      const answer = await admin.client.request('moveCollection', {
        params: { collectionId: top },
        body: { parent },
      });
      expectError(answer, 400, 'parent', 'descendants');
    }
  });

  it('answers 400 naming the field for an empty body, an unknown parent or a pointer outside the parent', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    const { id: other } = server.buildCollection(orgId);
    const { id: nested } = server.buildSpace(orgId, { parent: other });
    const params = { collectionId: id };
    expectError(await admin.client.request('moveCollection', { params, body: {} as never }), 400, 'body');
    for (const [body, field] of [
      [{ parent: UNKNOWN_ID }, 'parent'],
      [{ parent: foreign.collectionId }, 'parent'],
      [{ position: { before: { type: 'space', space: nested } } }, 'position.before'],
      [{ position: { after: { type: 'collection', collection: UNKNOWN_ID } } }, 'position.after'],
      [{ position: { after: { type: 'collection', collection: id } } }, 'position.after'],
      [{ position: { after: { type: 'page', page: 'x' } } }, 'position'],
    ] as const) {
      expectError(await admin.client.request('moveCollection', { params, body: body as never }), 400, field);
    }
  });

  it('answers 403 to a member without admin on the collection, and without create on the target', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    expectError(
      await member('create').client.request('moveCollection', {
        params: { collectionId: id },
        body: { parent: null },
      }),
      403,
      'admin level',
    );
  });

  it('answers 404 for an unknown collection and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    const body = { parent: null };
    expectHidden(
      await admin.client.request('moveCollection', { params: { collectionId: UNKNOWN_ID }, body }),
      UNKNOWN_ID,
      await admin.client.request('moveCollection', { params: { collectionId: foreign.collectionId }, body }),
      foreign.collectionId,
    );
  });

  it('moves between siblings of both kinds, writing the moved row only', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: a } = server.buildSpace(orgId);
    const { id: b } = server.buildCollection(orgId);
    const { id: c } = server.buildSpace(orgId);
    const { id: moved } = server.buildCollection(orgId);
    const before = siblingKeys(server, orgId, null);
    const got = await admin.client.call('moveCollection', {
      params: { collectionId: moved },
      body: { position: { after: { type: 'space', space: a } } },
    });
    expect(got.id).toBe(moved);
    expect(siblingOrder(server, orgId, null)).toEqual([a, moved, b, c]);
    const after = siblingKeys(server, orgId, null);
    for (const id of [a, b, c]) expect(after.get(id)).toBe(before.get(id));
    await admin.client.call('moveCollection', {
      params: { collectionId: moved },
      body: { position: { before: { type: 'collection', collection: b } } },
    });
    expect(siblingOrder(server, orgId, null)).toEqual([a, moved, b, c]);
    await admin.client.call('moveCollection', {
      params: { collectionId: moved },
      body: {
        position: { after: { type: 'collection', collection: b }, before: { type: 'space', space: c } },
      },
    });
    expect(siblingOrder(server, orgId, null)).toEqual([a, b, moved, c]);
  });

  it('moves into another collection (at the end) and back to the top level', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: target } = server.buildCollection(orgId);
    const { id: inside } = server.buildSpace(orgId, { parent: target });
    const { id: moved } = server.buildCollection(orgId);
    const got = await admin.client.call('moveCollection', {
      params: { collectionId: moved },
      body: { parent: target },
    });
    expect(got.parent).toBe(target);
    expect(siblingOrder(server, orgId, target)).toEqual([inside, moved]);
    const back = await admin.client.call('moveCollection', {
      params: { collectionId: moved },
      body: { parent: null },
    });
    expect(back.parent).toBeUndefined();
    expect(
      (await admin.client.call('getCollectionById', { params: { collectionId: moved } })).parent,
    ).toBeUndefined();
  });
});

describe('POST /v1/collections/{collectionId}/transfer', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    await expectUnauthorized(server, 'transferCollection', {
      params: { collectionId: id },
      body: { organization: orgId },
    });
  });

  it('answers 400 for a missing or same organization', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const params = { collectionId: server.buildCollection(orgId).id };
    expectError(
      await admin.client.request('transferCollection', { params, body: {} as never }),
      400,
      'organization',
    );
    expectError(
      await admin.client.request('transferCollection', { params, body: { organization: orgId } }),
      400,
      'organization',
    );
  });

  it('answers 404 for a target the caller is not in, and 403 to an admin of only one of the two', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const params = { collectionId: server.buildCollection(orgId).id };
    const body = { organization: foreign.orgId };
    expectError(await admin.client.request('transferCollection', { params, body }), 404);
    addMember(server.db, server.clock.now(), foreign.orgId, admin.id, 'create');
    expectError(
      await admin.client.request('transferCollection', { params, body }),
      403,
      'both organizations',
    );
    // Admin of the target, but only a creator in the source.
    const creator = server.buildMember(orgId, 'create');
    addMember(server.db, server.clock.now(), foreign.orgId, creator.id, 'admin');
    expectError(
      await creator.client.request('transferCollection', { params, body }),
      403,
      'both organizations',
    );
  });

  it('moves the collection with its sub-collections and spaces to the top level of the target', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const target = server.buildOrg(admin);
    const { id: existing } = server.buildSpace(target.id);
    const { id: parent } = server.buildCollection(orgId);
    const { id: moved } = server.buildCollection(orgId, { parent });
    const { id: sub } = server.buildCollection(orgId, { parent: moved });
    const { id: deep } = server.buildSpace(orgId, { parent: sub, pages: [{ title: 'Deep page' }] });
    const revision = (await admin.client.call('getSpaceById', { params: { spaceId: deep } })).revision;
    const got = await admin.client.call('transferCollection', {
      params: { collectionId: moved },
      body: { organization: target.id },
    });
    expect(got).toMatchObject({ id: moved, organization: target.id });
    expect(got.parent).toBeUndefined();
    const collections = await admin.client.call('listCollectionsInOrganizationById', {
      params: { organizationId: target.id },
    });
    expect(collections.items.map((c) => c.id)).toEqual([moved, sub]);
    const spaces = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: target.id },
    });
    expect(spaces.items.map((s) => s.id)).toEqual([existing, deep]);
    expect(spaces.items[1]).toMatchObject({ organization: target.id, parent: sub, revision });
    expect(siblingOrder(server, target.id, null)).toEqual([existing, moved]);
    const left = await admin.client.call('listCollectionsInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(left.items.map((c) => c.id)).toEqual([parent]);
  });
});
