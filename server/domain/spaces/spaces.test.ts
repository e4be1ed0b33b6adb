import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import { loadRevision } from '../content/revisions.ts';
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

describe('GET /v1/spaces/{spaceId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    await expectUnauthorized(server, 'getSpaceById', { params: { spaceId: server.buildSpace(orgId).id } });
  });

  it('answers the same 404 for an unknown id and for a space of another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('getSpaceById', { params: { spaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('getSpaceById', { params: { spaceId: foreign.spaceId } }),
      foreign.spaceId,
    );
  });

  it('answers the space with its URLs, revision and the permissions of each role; accepts a shareKey', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId, { title: 'Docs', emoji: '📘' });
    const flags = (level: number) => ({
      view: level >= 1,
      access: level >= 1,
      comment: level >= 2,
      edit: level >= 3,
      triggerGitSync: level >= 3,
      review: level >= 4,
      merge: level >= 4,
      admin: level >= 6,
      viewInviteLinks: level >= 6,
    });
    const ranks: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };
    for (const [role, rank] of Object.entries(ranks)) {
      const got = await member(role as Role).client.call('getSpaceById', {
        params: { spaceId },
        query: { shareKey: 'ignored' },
      });
      expect(got).toMatchObject({
        object: 'space',
        id: spaceId,
        title: 'Docs',
        emoji: '📘',
        visibility: 'private',
        editMode: 'live',
        organization: orgId,
        defaultLevel: 'inherit',
        urls: { location: `${server.baseUrl}/v1/spaces/${spaceId}`, app: `${server.baseUrl}/s/${spaceId}/` },
        permissions: flags(rank),
      });
      expect(got.parent).toBeUndefined();
      expect(got.deletedAt).toBeUndefined();
      expect(loadRevision(server.db, got.revision).spaceId).toBe(spaceId);
    }
    expectError(await member(null).client.request('getSpaceById', { params: { spaceId } }), 404);
  });
});

describe('POST /v1/orgs/{organizationId}/spaces', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    await expectUnauthorized(server, 'createSpace', { params: { organizationId: orgId }, body: {} });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, orgId, foreign } = buildContentOrg(server);
    const params = { organizationId: orgId };
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ emoji: 'x'.repeat(51) }, 'emoji'],
      [{ editMode: 'frozen' }, 'editMode'],
      [{ language: 'xx' }, 'language'],
      [{ parent: UNKNOWN_ID }, 'parent'],
      [{ parent: foreign.collectionId }, 'parent'],
      [{ visibility: 'public' }, 'visibility'],
    ] as const) {
      expectError(await admin.client.request('createSpace', { params, body: body as never }), 400, field);
    }
  });

  it.each(
    ROLES_OR_GUEST.filter((role) => role !== 'admin' && role !== 'create').map((r) => [roleName(r), r]),
  )('answers 403 to %s at the top level', async (_name, role) => {
    const { orgId, member } = buildContentOrg(server);
    const answer = await member(role).client.request('createSpace', { params: { organizationId: orgId } });
    expectError(answer, 403, 'create');
  });

  it('answers 404 for an organization the caller is not in', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectError(
      await admin.client.request('createSpace', { params: { organizationId: foreign.orgId } }),
      404,
    );
  });

  it('creates an "Untitled" private space with an "Introduction" page at the end of its parent', async () => {
    const { orgId, member } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId);
    const { id: first } = server.buildSpace(orgId, { parent });
    const creator = member('create');
    const answer = await creator.client.request('createSpace', {
      params: { organizationId: orgId },
      body: { parent },
    });
    expectStatus(answer, 201);
    if (!answer.ok) return;
    expect(answer.body).toMatchObject({
      title: 'Untitled',
      emoji: '',
      visibility: 'private',
      editMode: 'live',
      parent,
      defaultLevel: 'inherit',
    });
    const tree = loadRevision(server.db, answer.body.revision).tree;
    expect(tree.pages.map((p) => [p.title, p.pages.length, p.documentId])).toEqual([
      ['Introduction', 0, undefined],
    ]);
    const list = await creator.client.call('listSpacesInCollectionById', {
      params: { collectionId: parent },
    });
    expect(list.items.map((s) => s.id)).toEqual([first, answer.body.id]);
    const locked = await creator.client.call('createSpace', {
      params: { organizationId: orgId },
      body: { title: ' API ', emoji: '🔒', editMode: 'locked', language: 'fr' },
    });
    expect(locked).toMatchObject({ title: 'API', emoji: '🔒', editMode: 'locked' });
    expect(await creator.client.call('getSpaceById', { params: { spaceId: locked.id } })).toEqual(locked);
  });
});

describe('PATCH /v1/spaces/{spaceId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    await expectUnauthorized(server, 'updateSpaceById', { params, body: { title: 'x' } });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, orgId } = buildContentOrg(server);
    const params = { spaceId: server.buildSpace(orgId).id };
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: ' ' }, 'title'],
      [{ emoji: 'x'.repeat(51) }, 'emoji'],
      [{ editMode: 'frozen' }, 'editMode'],
      [{ defaultLevel: 'owner' }, 'defaultLevel'],
      [{ visibility: 'public' }, 'visibility'],
    ] as const) {
      expectError(await admin.client.request('updateSpaceById', { params, body: body as never }), 400, field);
    }
  });

  it('answers 404 for an unknown space and for another organization', async () => {
    const { admin, foreign } = buildContentOrg(server);
    expectHidden(
      await admin.client.request('updateSpaceById', { params: { spaceId: UNKNOWN_ID }, body: {} }),
      UNKNOWN_ID,
      await admin.client.request('updateSpaceById', { params: { spaceId: foreign.spaceId }, body: {} }),
      foreign.spaceId,
    );
  });

  // Each case: the collection's and the space's default levels, the member's role, and what the member may do.
  const CASES: readonly [
    string,
    Role | 'inherit' | null,
    Role | 'inherit' | null,
    Role,
    'rename' | 403 | 404,
  ][] = [
    ['edit member, inherited from the top level', 'inherit', 'inherit', 'edit', 'rename'],
    ['comment member', 'inherit', 'inherit', 'comment', 403],
    ['edit member under a read collection', 'read', 'inherit', 'edit', 403],
    ['edit member, space overrides a read collection', 'read', 'edit', 'edit', 'rename'],
    ['create member, space read', 'inherit', 'read', 'create', 403],
    ['review member, space admin (capped by the role)', 'inherit', 'admin', 'review', 'rename'],
    ['edit member under a hidden collection', null, 'inherit', 'edit', 404],
    ['edit member, hidden space', 'inherit', null, 'edit', 404],
    ['edit member, space edit under a hidden collection', null, 'edit', 'edit', 'rename'],
  ];
  it.each(CASES)('%s', async (_name, collectionLevel, spaceLevel, role, outcome) => {
    const { orgId, member } = buildContentOrg(server);
    const { id: parent } = server.buildCollection(orgId, { defaultLevel: collectionLevel });
    const { id: spaceId } = server.buildSpace(orgId, { parent, defaultLevel: spaceLevel });
    const answer = await member(role).client.request('updateSpaceById', {
      params: { spaceId },
      body: { title: 'Renamed' },
    });
    if (outcome === 'rename') {
      expectStatus(answer, 200);
      expect((await member(role).client.call('getSpaceById', { params: { spaceId } })).title).toBe('Renamed');
    } else expectError(answer, outcome, ...(outcome === 403 ? ['edit level'] : []));
  });

  it('needs admin for editMode and defaultLevel, and re-reads the changes', async () => {
    const { admin, orgId, member } = buildContentOrg(server);
    const { id: spaceId } = server.buildSpace(orgId);
    for (const body of [{ editMode: 'locked' }, { defaultLevel: 'read' }] as const) {
      expectError(
        await member('create').client.request('updateSpaceById', { params: { spaceId }, body }),
        403,
      );
    }
    server.clock.advance(1000);
    const updated = await admin.client.call('updateSpaceById', {
      params: { spaceId },
      body: { title: 'Locked', emoji: '🔒', editMode: 'locked', defaultLevel: 'read' },
    });
    expect(updated).toMatchObject({ title: 'Locked', emoji: '🔒', editMode: 'locked', defaultLevel: 'read' });
    expect(updated.updatedAt > updated.createdAt).toBe(true);
    expect(await admin.client.call('getSpaceById', { params: { spaceId } })).toEqual(updated);
    const reader = await member('edit').client.call('getSpaceById', { params: { spaceId } });
    expect(reader.permissions.edit).toBe(false);
  });
});
