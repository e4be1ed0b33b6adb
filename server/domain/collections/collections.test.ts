import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildContentOrg,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  roleName,
  ROLES_OR_GUEST,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /v1/collections/{collectionId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    await expectUnauthorized(server, 'getCollectionById', { params: { collectionId: id } });
  });

  it('answers the same 404 for an unknown id and for a collection of another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('getCollectionById', { params: { collectionId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('getCollectionById', { params: { collectionId: foreign.collectionId } }),
      foreign.collectionId,
    );
  });

  it('answers the collection with its URLs and the permissions of each role', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId, { title: 'Guides' });
    const { id } = server.buildCollection(orgId, { title: 'API', parent });
    const expected: Record<string, { view: boolean; create: boolean; admin: boolean }> = {
      admin: { view: true, create: true, admin: true },
      create: { view: true, create: true, admin: false },
      review: { view: true, create: false, admin: false },
      read: { view: true, create: false, admin: false },
    };
    for (const [role, permissions] of Object.entries(expected)) {
      const got = await member(role as Role).client.call('getCollectionById', {
        params: { collectionId: id },
      });
      expect(got).toMatchObject({
        object: 'collection',
        id,
        title: 'API',
        organization: orgId,
        parent,
        defaultLevel: 'inherit',
        urls: { location: `${server.baseUrl}/v1/collections/${id}`, app: `${server.baseUrl}/c/${id}/` },
        permissions: { ...permissions, viewInviteLinks: permissions.admin },
      });
      expect(got.description).toBeUndefined();
    }
  });

  it('hides a collection from guests, and one with no default level from every role but admin', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: open } = server.buildCollection(orgId);
    const { id: closed } = server.buildCollection(orgId, { defaultLevel: null });
    const { id: under } = server.buildCollection(orgId, { parent: closed });
    expectError(
      await member(null).client.request('getCollectionById', { params: { collectionId: open } }),
      404,
    );
    for (const role of ['create', 'read'] as const) {
      for (const collectionId of [closed, under])
        expectError(
          await member(role).client.request('getCollectionById', { params: { collectionId } }),
          404,
        );
    }
    expectStatus(
      await member('admin').client.request('getCollectionById', { params: { collectionId: under } }),
      200,
    );
  });

  it('caps an explicit default level by the role, and lets it open a collection under a hidden one', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: closed } = server.buildCollection(orgId, { defaultLevel: null });
    const { id: open } = server.buildCollection(orgId, { parent: closed, defaultLevel: 'admin' });
    const got = await member('create').client.call('getCollectionById', { params: { collectionId: open } });
    expect(got.permissions).toEqual({ view: true, create: true, admin: false, viewInviteLinks: false });
  });
});

describe('POST /v1/orgs/{organizationId}/collections', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    await expectUnauthorized(server, 'createCollection', { params: { organizationId: orgId }, body: {} });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const params = { organizationId: orgId };
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ parent: '' }, 'parent'],
      [{ parent: UNKNOWN_ID }, 'parent'],
      [{ parent: foreign.collectionId }, 'parent'],
      [{ color: 'red' }, 'color'],
    ] as const) {
      expectError(
        await admin.client.request('createCollection', { params, body: body as never }),
        400,
        field,
      );
    }
  });

  it('answers 400 for a parent the caller may not see, as for an unknown one', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: hidden } = server.buildCollection(orgId, { defaultLevel: null });
    expectError(
      await member('create').client.request('createCollection', {
        params: { organizationId: orgId },
        body: { parent: hidden },
      }),
      400,
      'parent',
      hidden,
    );
  });

  it.each(
    ROLES_OR_GUEST.filter((role) => role !== 'admin' && role !== 'create').map((r) => [roleName(r), r]),
  )('answers 403 to %s at the top level', async (_name, role) => {
    const { orgId, member } = buildContentOrg(server);
    const answer = await member(role).client.request('createCollection', {
      params: { organizationId: orgId },
    });
    expectError(answer, 403, 'create');
  });

  it('answers 403 inside a collection whose level is below create, even to a create member', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId, { defaultLevel: 'edit' });
    const answer = await member('create').client.request('createCollection', {
      params: { organizationId: orgId },
      body: { parent },
    });
    expectError(answer, 403, 'create');
  });

  it('answers 404 for an organization the caller is not in', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectError(
      await admin.client.request('createCollection', { params: { organizationId: foreign.orgId } }),
      404,
    );
  });

  it('creates "Untitled" at the end of the top level, and a titled one inside a parent', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: existing } = server.buildSpace(orgId);
    const creator = member('create');
    const created = await creator.client.request('createCollection', { params: { organizationId: orgId } });
    expectStatus(created, 201);
    if (!created.ok) return;
    expect(created.body).toMatchObject({ title: 'Untitled', defaultLevel: 'inherit', organization: orgId });
    expect(created.body.parent).toBeUndefined();
    expect(created.headers.get('location')).toBe(created.body.urls.location);
    const child = await creator.client.call('createCollection', {
      params: { organizationId: orgId },
      body: { title: '  Guides  ', parent: created.body.id },
    });
    expect(child).toMatchObject({ title: 'Guides', parent: created.body.id });
    const reread = await creator.client.call('getCollectionById', { params: { collectionId: child.id } });
    expect(reread).toEqual(child);
    const top = await creator.client.call('listCollectionsInOrganizationById', {
      params: { organizationId: orgId },
      query: { nested: false },
    });
    expect(top.items.map((c) => c.id)).toEqual([created.body.id]);
    const { db } = server;
    const keys = db.all(db.q.selectFrom('spaces').select('sort_key').where('id', '=', existing));
    const mine = db.first(
      db.q.selectFrom('collections').select('sort_key').where('id', '=', created.body.id),
    );
    expect(mine!.sort_key > keys[0]!.sort_key).toBe(true);
  });
});

describe('PATCH /v1/collections/{collectionId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    await expectUnauthorized(server, 'updateCollectionById', {
      params: { collectionId: id },
      body: { title: 'x' },
    });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const params = { collectionId: server.buildCollection(orgId).id };
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ description: 'x'.repeat(101) }, 'description'],
      [{ defaultLevel: 'owner' }, 'defaultLevel'],
      [{ visibility: 'public' }, 'visibility'],
    ] as const) {
      expectError(
        await admin.client.request('updateCollectionById', { params, body: body as never }),
        400,
        field,
      );
    }
  });

  it.each(ROLES_OR_GUEST.filter((role) => role !== 'admin' && role !== null).map((r) => [roleName(r), r]))(
    'answers 403 to %s, who is not admin of the collection',
    async (_name, role) => {
      const { orgId, member } = buildContentOrg(server);
      const params = { collectionId: server.buildCollection(orgId).id };
      const answer = await member(role).client.request('updateCollectionById', {
        params,
        body: { title: 'New' },
      });
      expectError(answer, 403, 'admin level');
    },
  );

  it('answers 404 for an unknown collection and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('updateCollectionById', { params: { collectionId: UNKNOWN_ID }, body: {} }),
      UNKNOWN_ID,
      await admin.client.request('updateCollectionById', {
        params: { collectionId: foreign.collectionId },
        body: {},
      }),
      foreign.collectionId,
    );
  });

  it('updates the title, description and default level, and the change shows on a re-read', async () => {
    const { admin, orgId, member } = buildContentOrg(server);
    const collectionId = server.buildCollection(orgId).id;
    const updated = await admin.client.call('updateCollectionById', {
      params: { collectionId },
      body: { title: 'Handbook', description: 'How we work', defaultLevel: null },
    });
    expect(updated).toMatchObject({ title: 'Handbook', description: 'How we work', defaultLevel: null });
    expect(await admin.client.call('getCollectionById', { params: { collectionId } })).toEqual(updated);
    // null hides it from everyone but admins.
    expectError(
      await member('create').client.request('getCollectionById', { params: { collectionId } }),
      404,
    );
  });
});

describe('DELETE /v1/collections/{collectionId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const { id } = server.buildCollection(orgId);
    await expectUnauthorized(server, 'deleteCollectionById', { params: { collectionId: id } });
  });

  it.each((['create', 'read'] as Role[]).map((r) => [r]))('answers 403 to %s', async (role) => {
    const { orgId, member } = buildContentOrg(server);
    const params = { collectionId: server.buildCollection(orgId).id };
    expectError(await member(role).client.request('deleteCollectionById', { params }), 403, 'admin level');
  });

  it('answers 404 for an unknown collection and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('deleteCollectionById', { params: { collectionId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('deleteCollectionById', { params: { collectionId: foreign.collectionId } }),
      foreign.collectionId,
    );
  });

  it('removes the collection and its sub-collections, and puts their spaces at any depth in the trash', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: top } = server.buildCollection(orgId);
    const { id: sub } = server.buildCollection(orgId, { parent: top });
    const { id: direct } = server.buildSpace(orgId, { parent: top, visibility: 'in-collection' });
    const { id: deep } = server.buildSpace(orgId, { parent: sub });
    const { id: outside } = server.buildSpace(orgId);
    expectStatus(await admin.client.request('deleteCollectionById', { params: { collectionId: top } }), 205);
    for (const collectionId of [top, sub])
      expectError(await admin.client.request('getCollectionById', { params: { collectionId } }), 404);
    const trash = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { deleted: true },
    });
    expect(new Set(trash.items.map((s) => s.id))).toEqual(new Set([direct, deep]));
    const live = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: orgId },
    });
    expect(live.items.map((s) => s.id)).toEqual([outside]);
    // Restored, they come back at the top level; `in-collection` no longer applies there.
    const restored = await admin.client.call('restoreSpace', { params: { spaceId: direct } });
    expect(restored.parent).toBeUndefined();
    expect(restored.visibility).toBe('private');
  });
});
