import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildStructureOrg,
  changedKeys,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  siteParams,
  structureKeys,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** The ids of the top-level items and of the groups' sections, as `getSiteStructure` answers. */
async function shape(client: ReturnType<TestServer['client']>, orgId: string, siteId: string) {
  const structure = await client.call('getSiteStructure', { params: siteParams(orgId, siteId) });
  if (structure.type !== 'sections') return [];
  return structure.structure.map((item) =>
    item.object === 'site-section-group' ? { [item.id]: item.sections?.map((s) => s.id) } : item.id,
  );
}

describe('site section groups', () => {
  it('answer 401 without a valid token', async () => {
    const { orgId, siteId, groupId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const groupParams = { ...params, siteSectionGroupId: groupId };
    await expectUnauthorized(server, 'listSiteSectionGroups', { params });
    await expectUnauthorized(server, 'addSectionGroupToSite', { params, body: { title: 'G' } });
    await expectUnauthorized(server, 'updateSiteSectionGroupById', {
      params: groupParams,
      body: { title: 'G' },
    });
    await expectUnauthorized(server, 'deleteSiteSectionGroupById', { params: groupParams });
    await expectUnauthorized(server, 'addSectionToGroup', {
      params: groupParams,
      body: { sectionId: sections.first },
    });
    await expectUnauthorized(server, 'removeSectionFromGroup', {
      params: { ...groupParams, siteSectionId: sections.grouped },
    });
    await expectUnauthorized(server, 'moveSiteSectionGroup', { params: groupParams, body: {} });
  });

  it('lists groups with their sections; guests get 403', async () => {
    const { admin, orgId, siteId, groupId, sections, member } = buildStructureOrg(server);
    const page = await admin.client.call('listSiteSectionGroups', { params: siteParams(orgId, siteId) });
    expect(page.items.map((g) => [g.id, g.title, g.sections?.map((s) => s.id)])).toEqual([
      [groupId, 'More', [sections.grouped]],
    ]);
    expectStatus(
      await member('read').client.request('listSiteSectionGroups', { params: siteParams(orgId, siteId) }),
      200,
    );
    expectError(
      await member(null).client.request('listSiteSectionGroups', { params: siteParams(orgId, siteId) }),
      403,
    );
  });

  it('creates a group at the end holding the sections given, in that order', async () => {
    const { admin, orgId, siteId, groupId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const group = await admin.client.call('addSectionGroupToSite', {
      params,
      body: { title: 'Basics', icon: 'star', sections: [sections.second, sections.first] },
    });
    expect(group).toMatchObject({ title: 'Basics', icon: 'star' });
    expect(group.sections?.map((s) => [s.id, s.sectionGroup])).toEqual([
      [sections.second, group.id],
      [sections.first, group.id],
    ]);
    expect(await shape(admin.client, orgId, siteId)).toEqual([
      { [groupId]: [sections.grouped] },
      { [group.id]: [sections.second, sections.first] },
    ]);
  });

  it('answers 400 naming the field, 403 to non-admins, 404 for unknown or foreign groups', async () => {
    const { admin, orgId, siteId, groupId, sections, foreign, member } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    for (const [body, field] of [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: '  ' }, 'title'],
      [{ title: 'G', sections: [UNKNOWN_ID] }, 'sections[0]'],
      [{ title: 'G', sections: [sections.first, foreign.sectionId] }, 'sections[1]'],
      [{ title: 'G', sections: [sections.first, sections.first] }, 'sections[1]'],
    ] as const)
      expectError(
        await admin.client.request('addSectionGroupToSite', { params, body: body as never }),
        400,
        field,
      );
    const groupParams = { ...params, siteSectionGroupId: groupId };
    expectError(
      await admin.client.request('addSectionToGroup', {
        params: groupParams,
        body: { sectionId: UNKNOWN_ID },
      }),
      400,
      'sectionId',
    );
    expectError(
      await admin.client.request('updateSiteSectionGroupById', { params: groupParams, body: { title: '' } }),
      400,
      'title',
    );
    expectError(
      await admin.client.request('removeSectionFromGroup', {
        params: { ...groupParams, siteSectionId: sections.first },
      }),
      404,
      sections.first,
    );
    for (const role of NON_ADMIN_ROLES) {
      const client = member(role).client;
      expectError(await client.request('addSectionGroupToSite', { params, body: { title: 'G' } }), 403);
      expectError(await client.request('deleteSiteSectionGroupById', { params: groupParams }), 403);
      expectError(
        await client.request('updateSiteSectionGroupById', { params: groupParams, body: { title: 'G' } }),
        403,
      );
      expectError(
        await client.request('addSectionToGroup', {
          params: groupParams,
          body: { sectionId: sections.first },
        }),
        403,
      );
      expectError(
        await client.request('removeSectionFromGroup', {
          params: { ...groupParams, siteSectionId: sections.grouped },
        }),
        403,
      );
      expectError(await client.request('moveSiteSectionGroup', { params: groupParams, body: {} }), 403);
    }
    expectHidden(
      await admin.client.request('deleteSiteSectionGroupById', {
        params: { ...params, siteSectionGroupId: UNKNOWN_ID },
      }),
      UNKNOWN_ID,
      await admin.client.request('deleteSiteSectionGroupById', {
        params: { ...params, siteSectionGroupId: foreign.groupId },
      }),
      foreign.groupId,
    );
  });

  it('refuses a group on a site without sections (409)', async () => {
    const { admin, orgId, spaceId } = buildStructureOrg(server);
    const siteId = server.buildSite(orgId, { spaces: [spaceId] }).id;
    expectError(
      await admin.client.request('addSectionGroupToSite', {
        params: siteParams(orgId, siteId),
        body: { title: 'G' },
      }),
      409,
      'section',
    );
  });

  it('updates the title and icon; null removes the icon', async () => {
    const { admin, orgId, siteId, groupId } = buildStructureOrg(server);
    const params = { ...siteParams(orgId, siteId), siteSectionGroupId: groupId };
    const updated = await admin.client.call('updateSiteSectionGroupById', {
      params,
      body: { title: 'Extras', icon: 'box' },
    });
    expect(updated).toMatchObject({ title: 'Extras', icon: 'box' });
    const cleared = await admin.client.call('updateSiteSectionGroupById', { params, body: { icon: null } });
    expect(cleared.icon).toBeUndefined();
    expect(cleared.title).toBe('Extras');
  });

  it('adds a section at the end of a group and removes it right after the group', async () => {
    const { admin, orgId, siteId, groupId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const groupParams = { ...params, siteSectionGroupId: groupId };
    await admin.client.call('moveSiteSectionGroup', {
      params: groupParams,
      body: { position: { after: { type: 'site-section', id: sections.first } } },
    });
    expect(await shape(admin.client, orgId, siteId)).toEqual([
      sections.first,
      { [groupId]: [sections.grouped] },
      sections.second,
    ]);
    const grown = await admin.client.call('addSectionToGroup', {
      params: groupParams,
      body: { sectionId: sections.first },
    });
    expect(grown.sections?.map((s) => s.id)).toEqual([sections.grouped, sections.first]);
    expectStatus(
      await admin.client.request('removeSectionFromGroup', {
        params: { ...groupParams, siteSectionId: sections.grouped },
      }),
      205,
    );
    expect(await shape(admin.client, orgId, siteId)).toEqual([
      { [groupId]: [sections.first] },
      sections.grouped,
      sections.second,
    ]);
  });

  it('deleting a group puts its sections at its place, in its order', async () => {
    const { admin, orgId, siteId, groupId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const groupParams = { ...params, siteSectionGroupId: groupId };
    await admin.client.call('addSectionToGroup', {
      params: groupParams,
      body: { sectionId: sections.first },
    });
    await admin.client.call('moveSiteSectionGroup', {
      params: groupParams,
      body: { position: { before: { type: 'site-section', id: sections.second } } },
    });
    const tail = await admin.client.call('addSectionToSite', {
      params,
      body: { spaceId: server.buildSpace(orgId).id, title: 'Tail' },
    });
    expectStatus(await admin.client.request('deleteSiteSectionGroupById', { params: groupParams }), 205);
    expect(await shape(admin.client, orgId, siteId)).toEqual([
      sections.grouped,
      sections.first,
      sections.second,
      tail.id,
    ]);
  });

  it('moves a group among top-level items writing one key; a section of a group is not its sibling', async () => {
    const { admin, orgId, siteId, groupId, sections } = buildStructureOrg(server);
    const params = { ...siteParams(orgId, siteId), siteSectionGroupId: groupId };
    const before = structureKeys(server, siteId);
    const moved = await admin.client.call('moveSiteSectionGroup', {
      params,
      body: {
        position: {
          after: { type: 'site-section', id: sections.first },
          before: { type: 'site-section', id: sections.second },
        },
      },
    });
    expect(moved.id).toBe(groupId);
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([groupId]);
    expectError(
      await admin.client.request('moveSiteSectionGroup', {
        params,
        body: { position: { before: { type: 'site-section', id: sections.grouped } } },
      }),
      400,
      'position.before',
    );
    expectError(
      await admin.client.request('moveSiteSectionGroup', {
        params,
        body: {
          position: {
            after: { type: 'site-section', id: sections.second },
            before: { type: 'site-section', id: sections.first },
          },
        },
      }),
      400,
      'position',
    );
  });
});
