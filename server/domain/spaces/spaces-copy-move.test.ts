import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRevision } from '../content/revisions.ts';
import { addMember } from '../organizations/commands.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildContentOrg,
  expectError,
  expectHidden,
  expectStatus,
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

const PAGES = [
  { title: 'Introduction', markdown: '# Hello' },
  { title: 'Guides', markdown: 'Read me', pages: [{ title: 'Setup', markdown: 'Install it' }] },
];

describe('POST /v1/spaces/{spaceId}/duplicate', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    await expectUnauthorized(server, 'duplicateSpace', { params: { spaceId: server.buildSpace(orgId).id } });
  });

  it('answers 403 to a member who may view the space but not create next to it', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    expectError(
      await member('edit').client.request('duplicateSpace', { params: { spaceId } }),
      403,
      'create',
    );
    const { id: parent } = server.buildCollection(orgId, { defaultLevel: 'review' });
    const { id: inside } = server.buildSpace(orgId, { parent });
    const answer = await member('create').client.request('duplicateSpace', { params: { spaceId: inside } });
    expectError(answer, 403, 'create');
  });

  it('answers 404 for an unknown space and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('duplicateSpace', { params: { spaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('duplicateSpace', { params: { spaceId: foreign.spaceId } }),
      foreign.spaceId,
    );
  });

  it('copies the content into a new revision and places the copy right after the original', async () => {
    const { orgId, member } = buildContentOrg(server);
    const creator = member('create');
    const { id: parent } = server.buildCollection(orgId);
    const { id: spaceId } = server.buildSpace(orgId, {
      parent,
      title: 'Handbook',
      emoji: '📘',
      pages: PAGES,
    });
    const { id: next } = server.buildSpace(orgId, { parent });
    await creator.client.call('updateSpaceById', { params: { spaceId }, body: { title: 'Handbook' } });
    const answer = await creator.client.request('duplicateSpace', { params: { spaceId } });
    expectStatus(answer, 201);
    if (!answer.ok) return;
    const copy = answer.body;
    const original = await creator.client.call('getSpaceById', { params: { spaceId } });
    expect(copy).toMatchObject({
      title: 'Handbook (copy)',
      emoji: '📘',
      visibility: original.visibility,
      defaultLevel: original.defaultLevel,
      editMode: 'live',
      parent,
    });
    expect(copy.revision).not.toBe(original.revision);
    const shape = (revisionId: string) => {
      const walk = (pages: ReturnType<typeof loadRevision>['tree']['pages']): unknown[] =>
        pages.map((p) => [p.title, p.documentId, walk(p.pages)]);
      return walk(loadRevision(server.db, revisionId).tree.pages);
    };
    expect(shape(copy.revision)).toEqual(shape(original.revision));
    expect(loadRevision(server.db, copy.revision).parents).toEqual([]);
    expect(siblingOrder(server, orgId, parent)).toEqual([spaceId, copy.id, next]);
  });

  it('keeps the copy suffix within the 50-character limit', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId, { title: 'x'.repeat(50) });
    const copy = await admin.client.call('duplicateSpace', { params: { spaceId } });
    expect(copy.title).toBe(`${'x'.repeat(43)} (copy)`);
  });
});

describe('POST /v1/spaces/{spaceId}/move', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    await expectUnauthorized(server, 'moveSpace', { params, body: { parent: null } });
  });

  it('answers 400 naming the field for an unknown parent and a pointer outside the target', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    const { id: collection } = server.buildCollection(orgId);
    const { id: top } = server.buildSpace(orgId);
    for (const [body, field] of [
      [{ parent: UNKNOWN_ID }, 'parent'],
      [{ parent: foreign.collectionId }, 'parent'],
      [{ parent: collection, position: { after: { type: 'space', space: top } } }, 'position.after'],
      [{ position: { before: { type: 'space', space: spaceId } } }, 'position.before'],
    ] as const) {
      expectError(
        await admin.client.request('moveSpace', { params: { spaceId }, body: body as never }),
        400,
        field,
      );
    }
  });

  it('answers 403 to a member without admin on the space', async () => {
    const { orgId, member } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    expectError(
      await member('create').client.request('moveSpace', { params, body: { parent: null } }),
      403,
      'admin',
    );
  });

  it('answers 404 for an unknown space and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    const body = { parent: null };
    expectHidden(
      await admin.client.request('moveSpace', { params: { spaceId: UNKNOWN_ID }, body }),
      UNKNOWN_ID,
      await admin.client.request('moveSpace', { params: { spaceId: foreign.spaceId }, body }),
      foreign.spaceId,
    );
  });

  it('moves into a collection before a sibling, writing the moved row only', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: target } = server.buildCollection(orgId);
    const { id: a } = server.buildSpace(orgId, { parent: target });
    const { id: b } = server.buildCollection(orgId, { parent: target });
    const { id: spaceId } = server.buildSpace(orgId);
    const before = siblingKeys(server, orgId, target);
    const moved = await admin.client.call('moveSpace', {
      params: { spaceId },
      body: { parent: target, position: { before: { type: 'collection', collection: b } } },
    });
    expect(moved.parent).toBe(target);
    expect(siblingOrder(server, orgId, target)).toEqual([a, spaceId, b]);
    const after = siblingKeys(server, orgId, target);
    for (const id of [a, b]) expect(after.get(id)).toBe(before.get(id));
    const list = await admin.client.call('listSpacesInCollectionById', { params: { collectionId: target } });
    expect(list.items.map((s) => s.id)).toEqual([a, spaceId]);
  });

  it('makes an in-collection space private when it lands at the top level', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId);
    const { id: spaceId } = server.buildSpace(orgId, { parent, visibility: 'in-collection' });
    const moved = await admin.client.call('moveSpace', { params: { spaceId }, body: { parent: null } });
    expect(moved).toMatchObject({ visibility: 'private' });
    expect(moved.parent).toBeUndefined();
  });
});

describe('POST /v1/spaces/{spaceId}/transfer', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    await expectUnauthorized(server, 'transferSpace', { params, body: { organization: orgId } });
  });

  it('answers 404 for a target the caller is not in, 403 to an admin of only one, 400 for the same org', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    const body = { organization: foreign.orgId };
    expectError(await admin.client.request('transferSpace', { params, body }), 404);
    addMember(server.db, server.clock.now(), foreign.orgId, admin.id, 'edit');
    expectError(await admin.client.request('transferSpace', { params, body }), 403, 'both organizations');
    const same = await admin.client.request('transferSpace', { params, body: { organization: orgId } });
    expectError(same, 400, 'organization');
  });

  it('moves the space with its revisions to the end of the target top level', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const target = server.buildOrg(admin);
    const { id: there } = server.buildSpace(target.id);
    const { id: parent } = server.buildCollection(orgId);
    const { id: spaceId } = server.buildSpace(orgId, { parent, visibility: 'in-collection', pages: PAGES });
    const { revision } = await admin.client.call('getSpaceById', { params: { spaceId } });
    const moved = await admin.client.call('transferSpace', {
      params: { spaceId },
      body: { organization: target.id },
    });
    expect(moved).toMatchObject({ organization: target.id, revision, visibility: 'private' });
    expect(moved.parent).toBeUndefined();
    const list = await admin.client.call('listSpacesInOrganizationById', {
      params: { organizationId: target.id },
    });
    expect(list.items.map((s) => s.id)).toEqual([there, spaceId]);
    expect(loadRevision(server.db, revision).spaceId).toBe(spaceId);
    const left = await admin.client.call('listSpacesInCollectionById', { params: { collectionId: parent } });
    expect(left.items).toEqual([]);
  });
});
