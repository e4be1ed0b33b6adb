import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildStructureOrg,
  changedKeys,
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  siteParams,
  siteSpacesOf,
  structureKeys,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /v1/orgs/{organizationId}/sites/{siteId}/structure', () => {
  it('answers the sections and groups in order, with their site spaces', async () => {
    const { admin, orgId, siteId, sections, groupId, foreign, member } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    await expectUnauthorized(server, 'getSiteStructure', { params });
    const structure = await admin.client.call('getSiteStructure', { params });
    expect(structure.type).toBe('sections');
    expect(structure.structure.map((item) => item.id)).toEqual([sections.first, sections.second, groupId]);
    const group = structure.structure[2];
    expect(group?.object === 'site-section-group' && group.sections?.map((s) => s.id)).toEqual([
      sections.grouped,
    ]);
    // A reader sees the same structure; the spaces carry the reader's own permissions.
    const read = await member('read').client.call('getSiteStructure', { params });
    expect(read.structure.map((item) => item.id)).toEqual(structure.structure.map((item) => item.id));
    expectError(await member(null).client.request('getSiteStructure', { params }), 403);
    expectHidden(
      await admin.client.request('getSiteStructure', { params: siteParams(orgId, UNKNOWN_ID) }),
      UNKNOWN_ID,
      await admin.client.request('getSiteStructure', { params: siteParams(orgId, foreign.siteId) }),
      foreign.siteId,
    );
  });

  it('gives published URLs once the site is published', async () => {
    const { admin, orgId, siteId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const unpublished = await admin.client.call('listSiteSections', { params });
    expect(unpublished.items[0]?.urls?.published).toBeUndefined();
    server.db.run(server.db.q.updateTable('sites').set({ published: 1 }).where('id', '=', siteId));
    const basename = server.db.first(
      server.db.q.selectFrom('sites').select('basename').where('id', '=', siteId),
    )!.basename;
    const siteUrl = `${server.baseUrl}/sites/${orgId}/${basename}/`;
    const variant = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: server.buildSpace(orgId, { title: 'V2' }).id, sectionId: sections.first },
    });
    expect(variant.urls?.published).toBe(`${siteUrl}guides/v2`);
    const listed = await admin.client.call('listSiteSections', { params });
    expect(listed.items[0]?.urls?.published).toBe(`${siteUrl}guides`);
    expect(listed.items[0]?.siteSpaces?.[0]?.urls?.published).toBe(`${siteUrl}guides`);
  });
});

describe('PATCH /v1/orgs/{organizationId}/sites/{siteId}/structure/sort', () => {
  it('answers 401, 403 to non-admins, 404 for unknown sites', async () => {
    const { orgId, siteId, sections, member, admin, foreign } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const body = { item: { type: 'site-section' as const, id: sections.first }, position: {} };
    await expectUnauthorized(server, 'sortSiteStructure', { params, body });
    for (const role of NON_ADMIN_ROLES)
      expectError(await member(role).client.request('sortSiteStructure', { params, body }), 403);
    expectHidden(
      await admin.client.request('sortSiteStructure', { params: siteParams(orgId, UNKNOWN_ID), body }),
      UNKNOWN_ID,
      await admin.client.request('sortSiteStructure', { params: siteParams(orgId, foreign.siteId), body }),
      foreign.siteId,
    );
  });

  it('answers 404 naming `item` for an item outside the site, 400 naming the pointer outside its level', async () => {
    const { admin, orgId, siteId, sections, groupId, foreign } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    for (const item of [
      { type: 'site-section', id: UNKNOWN_ID },
      { type: 'site-section', id: foreign.sectionId },
      { type: 'site-section-group', id: foreign.groupId },
      { type: 'site-space', id: foreign.siteSpaceId },
    ] as const)
      expectError(
        await admin.client.request('sortSiteStructure', { params, body: { item, position: {} } }),
        404,
        'item',
      );
    const siteSpace = siteSpacesOf(server, sections.first)[0]!;
    for (const [item, position, field] of [
      [
        { type: 'site-section', id: sections.first },
        { before: { type: 'site-section', id: foreign.sectionId } },
        'position.before',
      ],
      [
        { type: 'site-section', id: sections.first },
        { before: { type: 'site-space', id: siteSpace } },
        'position.before',
      ],
      [
        { type: 'site-section-group', id: groupId },
        { after: { type: 'site-section', id: sections.grouped } },
        'position.after',
      ],
      [
        { type: 'site-space', id: siteSpace },
        { after: { type: 'site-section', id: sections.second } },
        'position.after',
      ],
      [
        { type: 'site-section', id: sections.first },
        { after: { type: 'site-section', id: sections.first } },
        'position.after',
      ],
      [{ type: 'site-section', id: sections.first }, { after: { type: 'page', id: 'x' } }, 'position'],
      [
        { type: 'site-section', id: sections.first },
        {
          after: { type: 'site-section', id: sections.second },
          before: { type: 'site-section', id: sections.grouped },
        },
        'position',
      ],
    ] as const)
      expectError(
        await admin.client.request('sortSiteStructure', { params, body: { item, position } as never }),
        400,
        field,
      );
  });

  it('moves sections, groups and site spaces, each writing one key', async () => {
    const { admin, orgId, siteId, sections, groupId } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    let before = structureKeys(server, siteId);
    const group = await admin.client.call('sortSiteStructure', {
      params,
      body: {
        item: { type: 'site-section-group', id: groupId },
        position: { before: { type: 'site-section', id: sections.first } },
      },
    });
    expect(group).toMatchObject({ object: 'site-section-group', id: groupId });
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([groupId]);

    before = structureKeys(server, siteId);
    const section = await admin.client.call('sortSiteStructure', {
      params,
      body: {
        item: { type: 'site-section', id: sections.second },
        position: { before: { type: 'site-section', id: sections.grouped } },
      },
    });
    expect(section).toMatchObject({ object: 'site-section', sectionGroup: groupId });
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([sections.second]);

    before = structureKeys(server, siteId);
    await admin.client.call('sortSiteStructure', {
      params,
      body: {
        item: { type: 'site-section', id: sections.grouped },
        position: { after: { type: 'site-section-group', id: groupId } },
      },
    });
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([sections.grouped]);
    const structure = await admin.client.call('getSiteStructure', { params });
    expect(
      structure.structure.map((item) =>
        item.object === 'site-section-group' ? item.sections?.map((s) => s.id) : item.id,
      ),
    ).toEqual([[sections.second], sections.grouped, sections.first]);

    const added = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: server.buildSpace(orgId).id, sectionId: sections.first },
    });
    before = structureKeys(server, siteId);
    const siteSpace = await admin.client.call('sortSiteStructure', {
      params,
      body: {
        item: { type: 'site-space', id: added.id },
        position: { before: { type: 'site-space', id: siteSpacesOf(server, sections.first)[0]! } },
      },
    });
    expect(siteSpace).toMatchObject({ object: 'site-space', id: added.id, default: false });
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([added.id]);
    expect(siteSpacesOf(server, sections.first)[0]).toBe(added.id);
  });
});
