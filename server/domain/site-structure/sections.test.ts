import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildStructureOrg,
  changedKeys,
  declareClaims,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
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

describe('site sections', () => {
  it('answer 401 without a valid token', async () => {
    const { orgId, siteId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    await expectUnauthorized(server, 'listSiteSections', { params });
    await expectUnauthorized(server, 'addSectionToSite', { params, body: { spaceId: UNKNOWN_ID } });
    const sectionParams = { ...params, siteSectionId: sections.first };
    await expectUnauthorized(server, 'updateSiteSectionById', {
      params: sectionParams,
      body: { title: 'New' },
    });
    await expectUnauthorized(server, 'deleteSiteSectionById', { params: sectionParams });
    await expectUnauthorized(server, 'moveSiteSection', { params: sectionParams, body: {} });
  });

  it('lists the sections in structure order, a group’s sections at its place, with their site spaces', async () => {
    const { admin, orgId, siteId, sections, groupId } = buildStructureOrg(server);
    const page = await admin.client.call('listSiteSections', { params: siteParams(orgId, siteId) });
    expect(page.items.map((s) => s.id)).toEqual([sections.first, sections.second, sections.grouped]);
    expect(page.count).toBe(3);
    expect(page.items.map((s) => s.default)).toEqual([true, false, false]);
    expect(page.items[2]?.sectionGroup).toBe(groupId);
    expect(page.items.map((s) => s.path)).toEqual(['guides', 'api', 'recipes']);
    for (const section of page.items) {
      expect(section.siteSpaces).toHaveLength(1);
      expect(section.siteSpaces?.[0]?.default).toBe(true);
    }
    const first = await admin.client.call('listSiteSections', {
      params: siteParams(orgId, siteId),
      query: { limit: 2 },
    });
    expect(first.items).toHaveLength(2);
    const rest = await admin.client.call('listSiteSections', {
      params: siteParams(orgId, siteId),
      query: { limit: 2, page: first.next!.page },
    });
    expect(rest.items.map((s) => s.id)).toEqual([sections.grouped]);
    expect(rest.next).toBeUndefined();
  });

  it('lets every member but guests read; 404 for unknown and foreign sites', async () => {
    const { admin, orgId, siteId, member, foreign } = buildStructureOrg(server);
    for (const role of NON_ADMIN_ROLES) {
      const answer = await member(role).client.request('listSiteSections', {
        params: siteParams(orgId, siteId),
      });
      if (role === null) expectError(answer, 403, 'guests');
      else expectStatus(answer, 200);
    }
    expectHidden(
      await admin.client.request('listSiteSections', { params: siteParams(orgId, UNKNOWN_ID) }),
      UNKNOWN_ID,
      await admin.client.request('listSiteSections', { params: siteParams(orgId, foreign.siteId) }),
      foreign.siteId,
    );
  });

  it('adds a section with its first site space, its path from the title, unique in the site', async () => {
    const { admin, orgId, siteId, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const spaceId = space('Changelog');
    const created = await admin.client.call('addSectionToSite', {
      params,
      body: { spaceId, title: 'Guides' },
    });
    expect(created).toMatchObject({ title: 'Guides', path: 'guides-2', default: false });
    expect(created.siteSpaces).toHaveLength(1);
    expect(created.siteSpaces?.[0]).toMatchObject({ default: true, path: 'changelog', section: created.id });
    expect(created.siteSpaces?.[0]?.space?.id).toBe(spaceId);
    const untitled = await admin.client.call('addSectionToSite', { params, body: { spaceId } });
    expect(untitled).toMatchObject({ title: 'Changelog', path: 'changelog' });
    const listed = await admin.client.call('listSiteSections', { params });
    expect(listed.items.map((s) => s.id).slice(-2)).toEqual([created.id, untitled.id]);
  });

  it('moves the root site spaces into the first section of a site, keeping their default', async () => {
    const { admin, orgId, space } = buildStructureOrg(server);
    const [a, b, c] = [space('Alpha'), space('Beta'), space('Gamma')];
    const siteId = server.buildSite(orgId, { spaces: [a, b] }).id;
    const params = siteParams(orgId, siteId);
    const before = await admin.client.call('getSiteStructure', { params });
    expect(before.type).toBe('siteSpaces');
    const section = await admin.client.call('addSectionToSite', {
      params,
      body: { spaceId: c, title: 'Docs' },
    });
    expect(section.default).toBe(true);
    expect(section.siteSpaces?.map((s) => [s.space?.id, s.default])).toEqual([
      [a, true],
      [b, false],
      [c, false],
    ]);
    const after = await admin.client.call('getSiteStructure', { params });
    expect(after.type).toBe('sections');
    expect(siteSpacesOf(server, null, siteId)).toEqual([]);
  });

  it('answers 400 naming the field for bad bodies', async () => {
    const { admin, orgId, siteId, sections, foreign, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    for (const [body, field] of [
      [{}, 'spaceId'],
      [{ spaceId: UNKNOWN_ID }, 'spaceId'],
      [{ spaceId: foreign.spaceId }, 'spaceId'],
      [{ spaceId: space('X'), title: 'x' }, 'title'],
      [{ spaceId: space('X'), title: '   ' }, 'title'],
      [{ spaceId: space('X'), extra: 1 }, 'extra'],
    ] as const)
      expectError(
        await admin.client.request('addSectionToSite', { params, body: body as never }),
        400,
        field,
      );
    const sectionParams = { ...params, siteSectionId: sections.second };
    const otherSiteSpace = siteSpacesOf(server, sections.first)[0]!;
    for (const [body, field] of [
      [{ title: 'x' }, 'title'],
      [{ path: 'a/b' }, 'path'],
      [{ path: '..' }, 'path'],
      [{ path: '' }, 'path'],
      [{ defaultSiteSpace: otherSiteSpace }, 'defaultSiteSpace'],
      [{ defaultSiteSpace: UNKNOWN_ID }, 'defaultSiteSpace'],
      [{ condition: 'visitor.claims.' }, 'condition'],
      [{ condition: '' }, 'condition'],
      [{ icon: 'x'.repeat(51) }, 'icon'],
      [{ description: 'x'.repeat(257) }, 'description'],
    ] as const)
      expectError(
        await admin.client.request('updateSiteSectionById', { params: sectionParams, body: body as never }),
        400,
        field,
      );
  });

  it('answers 400 naming the claim for a condition reading an undeclared claim', async () => {
    const { admin, orgId, siteId, sections } = buildStructureOrg(server);
    declareClaims(server, siteId, ['beta']);
    const params = { ...siteParams(orgId, siteId), siteSectionId: sections.first };
    expectError(
      await admin.client.request('updateSiteSectionById', {
        params,
        body: { condition: 'visitor.claims.pro === true' },
      }),
      400,
      'condition',
      '`pro`',
    );
    const set = await admin.client.call('updateSiteSectionById', {
      params,
      body: { condition: 'visitor.claims.beta' },
    });
    expect(set.condition).toBe('visitor.claims.beta');
    const kept = await admin.client.call('updateSiteSectionById', { params, body: { title: 'Guides 2' } });
    expect(kept.condition).toBe('visitor.claims.beta');
    const removed = await admin.client.call('updateSiteSectionById', { params, body: { condition: null } });
    expect(removed.condition).toBeUndefined();
  });

  it('answers 403 to non-admins on every change', async () => {
    const { orgId, siteId, sections, member, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const sectionParams = { ...params, siteSectionId: sections.second };
    for (const role of NON_ADMIN_ROLES) {
      const client = member(role).client;
      const label = roleName(role);
      expectError(
        await client.request('addSectionToSite', { params, body: { spaceId: space('S') } }),
        403,
        'admins',
      );
      expectError(
        await client.request('updateSiteSectionById', {
          params: sectionParams,
          body: { title: 'T' + label },
        }),
        403,
      );
      expectError(await client.request('deleteSiteSectionById', { params: sectionParams }), 403);
      expectError(await client.request('moveSiteSection', { params: sectionParams, body: {} }), 403);
    }
  });

  it('answers 404 for unknown sections and sections of another site', async () => {
    const { admin, orgId, siteId, foreign } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    for (const op of ['deleteSiteSectionById', 'moveSiteSection'] as const) {
      expectHidden(
        await admin.client.request(op, {
          params: { ...params, siteSectionId: UNKNOWN_ID },
          body: {},
        } as never),
        UNKNOWN_ID,
        await admin.client.request(op, {
          params: { ...params, siteSectionId: foreign.sectionId },
          body: {},
        } as never),
        foreign.sectionId,
      );
    }
    expectError(
      await admin.client.request('updateSiteSectionById', {
        params: { ...params, siteSectionId: foreign.sectionId },
        body: { title: 'Mine' },
      }),
      404,
    );
  });

  it('updates title, path, default site space, icon and description; 409 for a taken path', async () => {
    const { admin, orgId, siteId, sections, space } = buildStructureOrg(server);
    const params = { ...siteParams(orgId, siteId), siteSectionId: sections.second };
    const added = await admin.client.call('addSpaceToSite', {
      params: siteParams(orgId, siteId),
      body: { spaceId: space('V2'), sectionId: sections.second },
    });
    expect(added.default).toBe(false);
    expectError(
      await admin.client.request('updateSiteSectionById', { params, body: { path: 'guides' } }),
      409,
      'path',
      sections.first,
    );
    const updated = await admin.client.call('updateSiteSectionById', {
      params,
      body: {
        title: 'API reference',
        path: 'reference',
        defaultSiteSpace: added.id,
        icon: 'book',
        description: 'All',
      },
    });
    expect(updated).toMatchObject({
      title: 'API reference',
      path: 'reference',
      icon: 'book',
      description: 'All',
    });
    expect(updated.siteSpaces?.map((s) => [s.id, s.default])).toEqual([
      [siteSpacesOf(server, sections.second)[0], false],
      [added.id, true],
    ]);
    const cleared = await admin.client.call('updateSiteSectionById', {
      params,
      body: { icon: null, description: null },
    });
    expect(cleared.icon).toBeUndefined();
    expect(cleared.description).toBeUndefined();
    const listed = await admin.client.call('listSiteSections', { params: siteParams(orgId, siteId) });
    expect(listed.items.find((s) => s.id === sections.second)?.path).toBe('reference');
  });

  it('deletes a section with its site spaces; deleting the default promotes the next in structure order', async () => {
    const { admin, orgId, siteId, sections, groupId } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    // The grouped section first: the group now leads the top level.
    await admin.client.call('moveSiteSectionGroup', {
      params: { ...params, siteSectionGroupId: groupId },
      body: { position: { before: { type: 'site-section', id: sections.first } } },
    });
    const firstSiteSpaces = siteSpacesOf(server, sections.first);
    expectStatus(
      await admin.client.request('deleteSiteSectionById', {
        params: { ...params, siteSectionId: sections.first },
      }),
      205,
    );
    expect(siteSpacesOf(server, sections.first)).toEqual([]);
    expect(
      server.db.all(server.db.q.selectFrom('site_spaces').select('id').where('id', 'in', firstSiteSpaces)),
    ).toEqual([]);
    const listed = await admin.client.call('listSiteSections', { params });
    expect(listed.items.map((s) => [s.id, s.default])).toEqual([
      [sections.grouped, true],
      [sections.second, false],
    ]);
    expect(listed.items.filter((s) => s.default)).toHaveLength(1);
  });

  it('deleting the last section leaves the site with no sections and no site spaces', async () => {
    const { admin, orgId, space } = buildStructureOrg(server);
    const siteId = server.buildSite(orgId).id;
    const params = siteParams(orgId, siteId);
    const section = await admin.client.call('addSectionToSite', { params, body: { spaceId: space('Only') } });
    expectStatus(
      await admin.client.request('deleteSiteSectionById', {
        params: { ...params, siteSectionId: section.id },
      }),
      205,
    );
    expect(await admin.client.call('getSiteStructure', { params })).toEqual({
      type: 'siteSpaces',
      structure: [],
    });
    const again = await admin.client.call('addSpaceToSite', { params, body: { spaceId: space('Again') } });
    expect(again.default).toBe(true);
    expect(again.section).toBeUndefined();
  });

  it('moves a section among its siblings writing one key, and into a group by pointing at its section', async () => {
    const { admin, orgId, siteId, sections, groupId } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const before = structureKeys(server, siteId);
    const moved = await admin.client.call('moveSiteSection', {
      params: { ...params, siteSectionId: sections.second },
      body: { position: { before: { type: 'site-section', siteSection: sections.first } } },
    });
    expect(moved.id).toBe(sections.second);
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([sections.second]);
    let listed = await admin.client.call('listSiteSections', { params });
    expect(listed.items.map((s) => s.id)).toEqual([sections.second, sections.first, sections.grouped]);
    const joined = await admin.client.call('moveSiteSection', {
      params: { ...params, siteSectionId: sections.second },
      body: { position: { after: { type: 'site-section', siteSection: sections.grouped } } },
    });
    expect(joined.sectionGroup).toBe(groupId);
    listed = await admin.client.call('listSiteSections', { params });
    expect(listed.items.map((s) => s.id)).toEqual([sections.first, sections.grouped, sections.second]);
    expectError(
      await admin.client.request('moveSiteSection', {
        params: { ...params, siteSectionId: sections.second },
        body: { position: { after: { type: 'site-section', siteSection: UNKNOWN_ID } } },
      }),
      400,
      'position.after',
    );
    expectError(
      await admin.client.request('moveSiteSection', {
        params: { ...params, siteSectionId: sections.second },
        body: { position: { before: { type: 'site-section', siteSection: sections.second } } },
      }),
      400,
      'position.before',
    );
  });
});
