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

describe('site spaces', () => {
  it('answer 401 without a valid token', async () => {
    const { orgId, siteId, sections } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const siteSpaceParams = { ...params, siteSpaceId: siteSpacesOf(server, sections.first)[0]! };
    await expectUnauthorized(server, 'listSiteSpaces', { params });
    await expectUnauthorized(server, 'addSpaceToSite', { params, body: { spaceId: UNKNOWN_ID } });
    await expectUnauthorized(server, 'updateSiteSpaceById', { params: siteSpaceParams, body: { path: 'x' } });
    await expectUnauthorized(server, 'deleteSiteSpaceById', { params: siteSpaceParams });
    await expectUnauthorized(server, 'moveSiteSpace', { params: siteSpaceParams, body: {} });
  });

  it('adds to the default section by default, to a section given, and at the root without sections', async () => {
    const { admin, orgId, siteId, sections, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const toDefault = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: space('Guide') },
    });
    expect(toDefault).toMatchObject({
      section: sections.first,
      default: false,
      path: 'guide-2',
      title: 'Guide',
    });
    const toSecond = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: space('Guide'), sectionId: sections.second },
    });
    expect(toSecond).toMatchObject({ section: sections.second, path: 'guide' });
    const rootSite = server.buildSite(orgId).id;
    const rootParams = siteParams(orgId, rootSite);
    const first = await admin.client.call('addSpaceToSite', {
      params: rootParams,
      body: { spaceId: space('A') },
    });
    const second = await admin.client.call('addSpaceToSite', {
      params: rootParams,
      body: { spaceId: space('B') },
    });
    expect([first.default, second.default]).toEqual([true, false]);
    expect(first.section).toBeUndefined();
    const structure = await admin.client.call('getSiteStructure', { params: rootParams });
    expect(structure).toMatchObject({ type: 'siteSpaces', structure: [{ id: first.id }, { id: second.id }] });
  });

  it('lists site spaces in structure order; `default` filters', async () => {
    const { admin, orgId, siteId, sections, member } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const extra = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: server.buildSpace(orgId).id, sectionId: sections.first },
    });
    const all = await admin.client.call('listSiteSpaces', { params });
    expect(all.items.map((s) => s.section)).toEqual([
      sections.first,
      sections.first,
      sections.second,
      sections.grouped,
    ]);
    expect(all.items[1]?.id).toBe(extra.id);
    const defaults = await admin.client.call('listSiteSpaces', { params, query: { default: true } });
    expect(defaults.items.map((s) => s.default)).toEqual([true, true, true]);
    const others = await admin.client.call('listSiteSpaces', { params, query: { default: false } });
    expect(others.items.map((s) => s.id)).toEqual([extra.id]);
    const paged = await admin.client.call('listSiteSpaces', { params, query: { limit: 3 } });
    const rest = await admin.client.call('listSiteSpaces', {
      params,
      query: { limit: 3, page: paged.next!.page },
    });
    expect([...paged.items, ...rest.items].map((s) => s.id)).toEqual(all.items.map((s) => s.id));
    expectStatus(await member('read').client.request('listSiteSpaces', { params }), 200);
    expectError(await member(null).client.request('listSiteSpaces', { params }), 403);
  });

  it('answers 400 naming the field, 403 to non-admins and 404 for unknown or foreign site spaces', async () => {
    const { admin, orgId, siteId, sections, foreign, member, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    for (const [body, field] of [
      [{}, 'spaceId'],
      [{ spaceId: UNKNOWN_ID }, 'spaceId'],
      [{ spaceId: foreign.spaceId }, 'spaceId'],
      [{ spaceId: space('S'), sectionId: UNKNOWN_ID }, 'sectionId'],
      [{ spaceId: space('S'), sectionId: foreign.sectionId }, 'sectionId'],
    ] as const)
      expectError(await admin.client.request('addSpaceToSite', { params, body: body as never }), 400, field);
    const siteSpaceId = siteSpacesOf(server, sections.first)[0]!;
    const siteSpaceParams = { ...params, siteSpaceId };
    for (const [body, field] of [
      [{ path: 'a b' }, 'path'],
      [{ path: '' }, 'path'],
      [{ spaceId: foreign.spaceId }, 'spaceId'],
      [{ spaceId: UNKNOWN_ID }, 'spaceId'],
      [{ condition: 'visitor.claims.x ===' }, 'condition'],
      [{ condition: 'visitor.claims.undeclared' }, 'undeclared'],
    ] as const)
      expectError(
        await admin.client.request('updateSiteSpaceById', { params: siteSpaceParams, body: body as never }),
        400,
        field,
      );
    for (const role of NON_ADMIN_ROLES) {
      const client = member(role).client;
      expectError(await client.request('addSpaceToSite', { params, body: { spaceId: space('S') } }), 403);
      expectError(
        await client.request('updateSiteSpaceById', { params: siteSpaceParams, body: { path: 'p' } }),
        403,
      );
      expectError(await client.request('deleteSiteSpaceById', { params: siteSpaceParams }), 403);
      expectError(await client.request('moveSiteSpace', { params: siteSpaceParams, body: {} }), 403);
    }
    expectHidden(
      await admin.client.request('deleteSiteSpaceById', { params: { ...params, siteSpaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('deleteSiteSpaceById', {
        params: { ...params, siteSpaceId: foreign.siteSpaceId },
      }),
      foreign.siteSpaceId,
    );
  });

  it('updates path (409 among siblings), condition and space', async () => {
    const { admin, orgId, siteId, sections, space } = buildStructureOrg(server);
    declareClaims(server, siteId, ['beta']);
    const params = siteParams(orgId, siteId);
    const added = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: space('Next'), sectionId: sections.first },
    });
    const siteSpaceParams = { ...params, siteSpaceId: added.id };
    const holder = siteSpacesOf(server, sections.first)[0]!;
    expectError(
      await admin.client.request('updateSiteSpaceById', { params: siteSpaceParams, body: { path: 'guide' } }),
      409,
      'path',
      holder,
    );
    // The same path in another section is free.
    expectStatus(
      await admin.client.request('updateSiteSpaceById', {
        params: { ...params, siteSpaceId: siteSpacesOf(server, sections.second)[0]! },
        body: { path: 'next' },
      }),
      200,
    );
    const replacement = space('Replacement');
    const updated = await admin.client.call('updateSiteSpaceById', {
      params: siteSpaceParams,
      body: { path: 'v2', condition: 'visitor.claims.beta', spaceId: replacement },
    });
    expect(updated).toMatchObject({ path: 'v2', condition: 'visitor.claims.beta', title: 'Replacement' });
    expect(updated.space?.id).toBe(replacement);
    const cleared = await admin.client.call('updateSiteSpaceById', {
      params: siteSpaceParams,
      body: { condition: null },
    });
    expect(cleared.condition).toBeUndefined();
    expect(cleared.path).toBe('v2');
  });

  it('refuses to delete the last site space of a section; deleting a default promotes the next', async () => {
    const { admin, orgId, siteId, sections, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const [only] = siteSpacesOf(server, sections.first);
    expectError(
      await admin.client.request('deleteSiteSpaceById', { params: { ...params, siteSpaceId: only! } }),
      409,
      'delete the section',
    );
    const next = await admin.client.call('addSpaceToSite', { params, body: { spaceId: space('Next') } });
    expectStatus(
      await admin.client.request('deleteSiteSpaceById', { params: { ...params, siteSpaceId: only! } }),
      205,
    );
    const listed = await admin.client.call('listSiteSpaces', { params, query: { default: true } });
    expect(listed.items.map((s) => s.id)).toContain(next.id);
    expect(listed.items.filter((s) => s.section === sections.first)).toHaveLength(1);
  });

  it('moves a site space writing one key, into another section unless its path collides', async () => {
    const { admin, orgId, siteId, sections, space } = buildStructureOrg(server);
    const params = siteParams(orgId, siteId);
    const a = await admin.client.call('addSpaceToSite', { params, body: { spaceId: space('A') } });
    const b = await admin.client.call('addSpaceToSite', { params, body: { spaceId: space('B') } });
    const [guide] = siteSpacesOf(server, sections.first);
    const before = structureKeys(server, siteId);
    await admin.client.call('moveSiteSpace', {
      params: { ...params, siteSpaceId: b.id },
      body: { position: { before: { type: 'site-space', siteSpace: a.id } } },
    });
    expect(changedKeys(before, structureKeys(server, siteId))).toEqual([b.id]);
    expect(siteSpacesOf(server, sections.first)).toEqual([guide, b.id, a.id]);
    const [reference] = siteSpacesOf(server, sections.second);
    const moved = await admin.client.call('moveSiteSpace', {
      params: { ...params, siteSpaceId: guide! },
      body: { position: { after: { type: 'site-space', siteSpace: reference! } } },
    });
    expect(moved).toMatchObject({ section: sections.second, default: false });
    // The moved site space was the first section's default: the next one took over.
    const firstSection = (await admin.client.call('listSiteSections', { params })).items[0]!;
    expect(firstSection.siteSpaces?.map((s) => [s.id, s.default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const clash = await admin.client.call('addSpaceToSite', {
      params,
      body: { spaceId: space('Guide'), sectionId: sections.first },
    });
    expect(clash.path).toBe('guide');
    expectError(
      await admin.client.request('moveSiteSpace', {
        params: { ...params, siteSpaceId: clash.id },
        body: { position: { before: { type: 'site-space', siteSpace: reference! } } },
      }),
      409,
      'guide',
    );
    const [lone] = siteSpacesOf(server, sections.grouped);
    expectError(
      await admin.client.request('moveSiteSpace', {
        params: { ...params, siteSpaceId: lone! },
        body: { position: { before: { type: 'site-space', siteSpace: reference! } } },
      }),
      409,
      'last',
    );
  });
});
