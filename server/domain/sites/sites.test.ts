import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  allPages,
  buildSiteOrg,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendRaw,
  siteParams,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function siteRow(id: string) {
  return server.db.first(server.db.q.selectFrom('sites').selectAll().where('id', '=', id));
}

describe('POST /v1/orgs/{organizationId}/sites', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildSiteOrg(server);
    await expectUnauthorized(server, 'createSite', { params: { organizationId: orgId }, body: {} });
  });

  it('answers 404 to a non-member and 403 to every role but admin', async () => {
    const { orgId, member, foreign } = buildSiteOrg(server);
    expectError(
      await member('admin').client.request('createSite', {
        params: { organizationId: foreign.orgId },
        body: {},
      }),
      404,
    );
    for (const role of NON_ADMIN_ROLES) {
      expectError(
        await member(role).client.request('createSite', { params: { organizationId: orgId }, body: {} }),
        403,
        'only admins of the organization may change its sites',
      );
    }
    expect(
      server.db.all(server.db.q.selectFrom('sites').select('id').where('organization_id', '=', orgId)),
    ).toEqual([]);
  });

  it('creates an unpublished public site with the defaults, and no body at all is fine', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const answer = await sendRaw(server, 'createSite', {
      params: { organizationId: orgId },
      token: admin.token,
    });
    expectStatus(answer, 201);
    const site = answer.body as { id: string };
    expect(site).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Docs site',
      basename: 'docs-site',
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      adaptiveContent: { enabled: false },
      features: [],
      urls: {
        location: `${server.baseUrl}/v1/orgs/${orgId}/sites/${site.id}`,
        app: `${server.baseUrl}/o/${orgId}/sites/${site.id}/`,
      },
    });
    expect(site).not.toHaveProperty('urls.published');
    expect(site).not.toHaveProperty('proxy');
    expect(siteRow(site.id)).toMatchObject({ organization_id: orgId, published: 0 });
  });

  it('suffixes the basename when another site of the organization holds it', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const params = { organizationId: orgId };
    const first = await admin.client.call('createSite', { params, body: { title: 'Help Center' } });
    const second = await admin.client.call('createSite', { params, body: { title: 'Help center' } });
    const third = await admin.client.call('createSite', { params, body: { title: 'Help — Center' } });
    expect([first.basename, second.basename, third.basename]).toEqual([
      'help-center',
      'help-center-2',
      'help-center-3',
    ]);
  });

  it('adds the listed spaces as root site spaces, the first the default', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const other = server.buildSpace(orgId, { title: 'API' }).id;
    const site = await admin.client.call('createSite', {
      params: { organizationId: orgId },
      body: { title: 'Docs', visibility: 'share-link', type: 'premium', spaces: [spaceId, other] },
    });
    expect(site).toMatchObject({ title: 'Docs', visibility: 'share-link', type: 'premium', siteSpaces: 2 });
    const rows = server.db.all(
      server.db.q.selectFrom('site_spaces').selectAll().where('site_id', '=', site.id).orderBy('sort_key'),
    );
    expect(rows.map((r) => [r.space_id, r.section_id, r.path])).toEqual([
      [spaceId, null, 'user-guide'],
      [other, null, 'api'],
    ]);
    expect(siteRow(site.id)?.default_site_space_id).toBe(rows[0]!.id);
  });

  it('creates a space titled after the site for `sample` and `empty`', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    for (const spaces of ['sample', 'empty'] as const) {
      const site = await admin.client.call('createSite', {
        params: { organizationId: orgId },
        body: { title: `Site ${spaces}`, spaces },
      });
      expect(site.siteSpaces).toBe(1);
      const space = server.db.first(
        server.db.q
          .selectFrom('site_spaces as ss')
          .innerJoin('spaces as s', 's.id', 'ss.space_id')
          .select(['s.title', 's.organization_id'])
          .where('ss.site_id', '=', site.id),
      );
      expect(space).toEqual({ title: `Site ${spaces}`, organization_id: orgId });
    }
  });

  it('answers 400 naming the field for unknown, foreign, trashed or repeated spaces and short titles', async () => {
    const { orgId, admin, spaceId, foreign } = buildSiteOrg(server);
    const trashed = server.buildSpace(orgId).id;
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', trashed),
    );
    const params = { organizationId: orgId };
    const cases: [unknown, string][] = [
      [{ spaces: [spaceId, UNKNOWN_ID] }, '`spaces[1]`'],
      [{ spaces: [foreign.spaceId] }, '`spaces[0]`'],
      [{ spaces: [trashed] }, 'in the trash'],
      [{ spaces: [spaceId, spaceId] }, 'listed twice'],
      [{ spaces: 'full' }, '`spaces`'],
      [{ title: ' x ' }, '`title`'],
      [{ title: 'x' }, '`title`'],
      [{ visibility: 'secret' }, '`visibility`'],
      [{ color: 'red' }, 'color'],
    ];
    for (const [body, fragment] of cases) {
      expectError(await sendRaw(server, 'createSite', { params, body, token: admin.token }), 400, fragment);
    }
    expect(
      server.db.all(server.db.q.selectFrom('sites').select('id').where('organization_id', '=', orgId)),
    ).toEqual([]);
  });
});

describe('GET /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    await expectUnauthorized(server, 'getSiteById', { params: siteParams(orgId, id) });
  });

  it('answers the same 404 for an unknown id and a site of another organization', async () => {
    const { orgId, admin, foreignSiteId } = buildSiteOrg(server);
    expectHidden(
      await admin.client.request('getSiteById', { params: siteParams(orgId, UNKNOWN_ID) }),
      UNKNOWN_ID,
      await admin.client.request('getSiteById', { params: siteParams(orgId, foreignSiteId) }),
      foreignSiteId,
    );
  });

  it('answers 404 to non-members and 403 to guests; every other member reads it', async () => {
    const { orgId, member, spaceId, foreign } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { title: 'Handbook', spaces: [spaceId] });
    expectError(await foreign.owner.client.request('getSiteById', { params: siteParams(orgId, id) }), 404);
    expectError(
      await member(null).client.request('getSiteById', { params: siteParams(orgId, id) }),
      403,
      'guests may not see the sites',
    );
    for (const role of ['admin', 'read', 'edit'] as const) {
      const site = await member(role).client.call('getSiteById', { params: siteParams(orgId, id) });
      expect(site, roleName(role)).toMatchObject({
        id,
        title: 'Handbook',
        siteSpaces: 1,
        basename: 'handbook',
      });
    }
  });
});

describe('GET /v1/orgs/{organizationId}/sites', () => {
  it('answers 401 without a token and 403 to guests', async () => {
    const { orgId, member } = buildSiteOrg(server);
    await expectUnauthorized(server, 'listSites', { params: { organizationId: orgId } });
    expectError(await member(null).client.request('listSites', { params: { organizationId: orgId } }), 403);
  });

  it('lists the sites of the organization in creation order, page by page, with the filters', async () => {
    const { orgId, member, spaceId } = buildSiteOrg(server);
    const ids: string[] = [];
    for (const title of ['Alpha docs', 'Beta docs', 'Gamma', 'Delta docs', 'Epsilon']) {
      server.clock.advance(60_000);
      ids.push(server.buildSite(orgId, { title, ...(title === 'Gamma' ? { spaces: [spaceId] } : {}) }).id);
    }
    server.db.run(
      server.db.q.updateTable('sites').set({ published: 1 }).where('id', 'in', [ids[1]!, ids[2]!]),
    );
    const reader = member('read').client;
    const params = { organizationId: orgId };
    const pages = await allPages((page) =>
      reader.call('listSites', { params, query: { limit: 2, ...(page ? { page } : {}) } }),
    );
    expect(pages.map((p) => p.items.map((s) => s.id))).toEqual([
      ids.slice(0, 2),
      ids.slice(2, 4),
      ids.slice(4),
    ]);
    expect(pages.every((p) => p.count === 5)).toBe(true);

    const titled = await reader.call('listSites', { params, query: { title: 'DOCS' } });
    expect(titled.items.map((s) => s.title)).toEqual(['Alpha docs', 'Beta docs', 'Delta docs']);
    const published = await reader.call('listSites', { params, query: { published: true } });
    expect(published.items.map((s) => s.id)).toEqual([ids[1], ids[2]]);
    const unpublished = await reader.call('listSites', { params, query: { published: false } });
    expect(unpublished.count).toBe(3);
    const withSpace = await reader.call('listSites', { params, query: { space: spaceId } });
    expect(withSpace.items.map((s) => s.id)).toEqual([ids[2]]);
    expect(withSpace.items[0]!.urls.published).toMatch(/\/sites\/.+\/gamma\/$/);
    const percent = await reader.call('listSites', { params, query: { title: '%' } });
    expect(percent.count).toBe(0);
  });

  it('answers 400 for a bad cursor or filter', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const params = { organizationId: orgId };
    expectError(await admin.client.request('listSites', { params, query: { page: 'nope' } }), 400, '`page`');
    expectError(
      await sendRaw(server, 'listSites', { params, query: { published: 'maybe' }, token: admin.token }),
      400,
      '`published`',
    );
  });
});

describe('PATCH /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('answers 401, hidden 404s and 403 to every role but admin', async () => {
    const { orgId, member, foreignSiteId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { title: 'Before' });
    await expectUnauthorized(server, 'updateSiteById', {
      params: siteParams(orgId, id),
      body: { title: 'After' },
    });
    expectHidden(
      await member('admin').client.request('updateSiteById', {
        params: siteParams(orgId, UNKNOWN_ID),
        body: { title: 'After' },
      }),
      UNKNOWN_ID,
      await member('admin').client.request('updateSiteById', {
        params: siteParams(orgId, foreignSiteId),
        body: { title: 'After' },
      }),
      foreignSiteId,
    );
    for (const role of NON_ADMIN_ROLES) {
      expectError(
        await member(role).client.request('updateSiteById', {
          params: siteParams(orgId, id),
          body: { title: 'After' },
        }),
        403,
      );
    }
    expect(siteRow(id)?.title).toBe('Before');
  });

  it('changes the title, visibility, basename, adaptive content and proxy', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { title: 'Before' });
    const params = siteParams(orgId, id);
    const site = await admin.client.call('updateSiteById', {
      params,
      body: {
        title: '  After  ',
        visibility: 'unlisted',
        basename: 'help/v2',
        adaptiveContent: { enabled: true },
        proxy: 'example.com/docs',
      },
    });
    expect(site).toMatchObject({
      title: 'After',
      visibility: 'unlisted',
      basename: 'help/v2',
      adaptiveContent: { enabled: true },
      proxy: { origin: 'example.com/docs', target: `${server.baseUrl}/sites/${orgId}/help/v2/` },
    });
    expect(siteRow(id)).toMatchObject({
      title: 'After',
      visibility: 'unlisted',
      basename: 'help/v2',
      adaptive_enabled: 1,
      proxy_origin: 'example.com/docs',
    });
    const removed = await admin.client.call('updateSiteById', { params, body: { proxy: null } });
    expect(removed).not.toHaveProperty('proxy');
    expect(siteRow(id)?.proxy_origin).toBeNull();
  });

  it('answers 409 for a basename another site holds, and 400 naming each bad field', async () => {
    const { orgId, admin, foreign } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { title: 'Mine' });
    server.buildSite(orgId, { title: 'Taken' });
    server.buildSite(foreign.orgId, { title: 'Elsewhere' });
    const params = siteParams(orgId, id);
    expectError(
      await admin.client.request('updateSiteById', { params, body: { basename: 'taken' } }),
      409,
      '`basename`',
    );
    // Basenames are per organization, and a site keeps its own.
    await admin.client.call('updateSiteById', { params, body: { basename: 'elsewhere' } });
    await admin.client.call('updateSiteById', { params, body: { basename: 'elsewhere' } });
    const cases: [unknown, string][] = [
      [{ basename: 'a b' }, '`basename`'],
      [{ basename: '/docs' }, '`basename`'],
      [{ basename: '' }, '`basename`'],
      [{ title: '  a ' }, '`title`'],
      [{ proxy: 'not a url' }, '`proxy`'],
      [{ visibility: 'secret' }, '`visibility`'],
      [{ defaultSiteSpace: UNKNOWN_ID }, '`defaultSiteSpace`'],
      [{ defaultSiteSection: UNKNOWN_ID }, '`defaultSiteSection`'],
      [{ adaptiveContent: {} }, '`adaptiveContent.enabled`'],
      [{ color: 'red' }, 'color'],
    ];
    for (const [body, fragment] of cases) {
      expectError(
        await sendRaw(server, 'updateSiteById', { params, body, token: admin.token }),
        400,
        fragment,
      );
    }
    expect(siteRow(id)).toMatchObject({ title: 'Mine', basename: 'elsewhere' });
  });

  it('sets the default site space of the root, and of the default section', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const other = server.buildSpace(orgId, { title: 'Other' }).id;
    const { id } = server.buildSite(orgId, { spaces: [spaceId, other] });
    const params = siteParams(orgId, id);
    const rows = server.db.all(
      server.db.q.selectFrom('site_spaces').select('id').where('site_id', '=', id).orderBy('sort_key'),
    );
    await admin.client.call('updateSiteById', { params, body: { defaultSiteSpace: rows[1]!.id } });
    expect(siteRow(id)?.default_site_space_id).toBe(rows[1]!.id);

    // A site space of another site is refused.
    const elsewhere = server.buildSite(orgId, { spaces: [spaceId] }).id;
    const foreignSiteSpace = server.db.first(
      server.db.q.selectFrom('site_spaces').select('id').where('site_id', '=', elsewhere),
    )!.id;
    expectError(
      await admin.client.request('updateSiteById', { params, body: { defaultSiteSpace: foreignSiteSpace } }),
      400,
      '`defaultSiteSpace`',
    );
  });

  it('sets the default section, and a default site space only within the default section', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const other = server.buildSpace(orgId, { title: 'Other' }).id;
    const { id } = server.buildSite(orgId);
    const { db } = server;
    const at = server.clock.now().toISOString();
    const sections = ['First', 'Second'].map((title, i) => {
      const sectionId = `section${i}${id}`.slice(0, 20);
      db.run(
        db.q.insertInto('site_sections').values({
          id: sectionId,
          site_id: id,
          group_id: null,
          title,
          path: title.toLowerCase(),
          description: null,
          icon: null,
          condition: null,
          default_site_space_id: null,
          sort_key: `a${i}`,
          created_at: at,
        }),
      );
      return sectionId;
    });
    const siteSpaces = [
      [sections[0]!, spaceId],
      [sections[1]!, spaceId],
      [sections[1]!, other],
    ].map(([sectionId, space], i) => {
      const siteSpaceId = `sitespace${i}${id}`.slice(0, 20);
      db.run(
        db.q.insertInto('site_spaces').values({
          id: siteSpaceId,
          site_id: id,
          section_id: sectionId!,
          space_id: space!,
          path: `p${i}`,
          condition: null,
          sort_key: `a${i}`,
          created_at: at,
        }),
      );
      return siteSpaceId;
    });
    db.run(db.q.updateTable('sites').set({ default_section_id: sections[0]! }).where('id', '=', id));
    const params = siteParams(orgId, id);
    expectError(
      await admin.client.request('updateSiteById', { params, body: { defaultSiteSpace: siteSpaces[2]! } }),
      400,
      '`defaultSiteSpace`: the site space',
      'default section',
    );
    await admin.client.call('updateSiteById', {
      params,
      body: { defaultSiteSection: sections[1]!, defaultSiteSpace: siteSpaces[2]! },
    });
    expect(siteRow(id)?.default_section_id).toBe(sections[1]);
    const section = db.first(db.q.selectFrom('site_sections').selectAll().where('id', '=', sections[1]!));
    expect(section?.default_site_space_id).toBe(siteSpaces[2]);
  });
});

describe('DELETE /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('answers 401, hidden 404s and 403 to every role but admin', async () => {
    const { orgId, member, foreignSiteId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    await expectUnauthorized(server, 'deleteSiteById', { params: siteParams(orgId, id) });
    expectHidden(
      await member('admin').client.request('deleteSiteById', { params: siteParams(orgId, UNKNOWN_ID) }),
      UNKNOWN_ID,
      await member('admin').client.request('deleteSiteById', { params: siteParams(orgId, foreignSiteId) }),
      foreignSiteId,
    );
    for (const role of NON_ADMIN_ROLES) {
      expectError(
        await member(role).client.request('deleteSiteById', { params: siteParams(orgId, id) }),
        403,
      );
    }
    expect(siteRow(id)).toBeDefined();
  });

  it('removes the site with its site spaces and share links, keeping the spaces', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { spaces: [spaceId] });
    const params = siteParams(orgId, id);
    await admin.client.call('createSiteShareLink', { params, body: { name: 'Partners' } });
    const answer = await admin.client.request('deleteSiteById', { params });
    expectStatus(answer, 205);
    expectError(await admin.client.request('getSiteById', { params }), 404);
    const { db } = server;
    expect(db.all(db.q.selectFrom('site_spaces').select('id').where('site_id', '=', id))).toEqual([]);
    expect(db.all(db.q.selectFrom('share_links').select('id').where('site_id', '=', id))).toEqual([]);
    expect(db.first(db.q.selectFrom('spaces').select('id').where('id', '=', spaceId))).toBeDefined();
  });
});

describe('POST /v1/orgs/{organizationId}/sites/{siteId}/publish and /unpublish', () => {
  it('answers 401, hidden 404s and 403 to every role but admin', async () => {
    const { orgId, member, foreignSiteId, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { spaces: [spaceId] });
    for (const name of ['publishSite', 'unpublishSite'] as const) {
      await expectUnauthorized(server, name, { params: siteParams(orgId, id) });
      expectHidden(
        await member('admin').client.request(name, { params: siteParams(orgId, UNKNOWN_ID) }),
        UNKNOWN_ID,
        await member('admin').client.request(name, { params: siteParams(orgId, foreignSiteId) }),
        foreignSiteId,
      );
      for (const role of NON_ADMIN_ROLES) {
        expectError(await member(role).client.request(name, { params: siteParams(orgId, id) }), 403);
      }
    }
    expect(siteRow(id)?.published).toBe(0);
  });

  it('answers 409 for a site without a space', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    expectError(
      await admin.client.request('publishSite', { params: siteParams(orgId, id) }),
      409,
      'add a space before publishing',
    );
    expect(siteRow(id)?.published).toBe(0);
  });

  it('publishes and unpublishes, with the published URL only while published', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { title: 'Handbook', spaces: [spaceId] });
    const params = siteParams(orgId, id);
    const published = await admin.client.call('publishSite', { params });
    expect(published).toMatchObject({
      published: true,
      urls: { published: `${server.baseUrl}/sites/${orgId}/handbook/` },
    });
    expect(siteRow(id)?.published).toBe(1);
    const again = await admin.client.call('publishSite', { params });
    expect(again.published).toBe(true);
    const unpublished = await admin.client.call('unpublishSite', { params });
    expect(unpublished.published).toBe(false);
    expect(unpublished.urls.published).toBeUndefined();
    expect(siteRow(id)?.published).toBe(0);
  });

  it('uses the hostname of the organization in the published URL when it has one', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    server.db.run(server.db.q.updateTable('organizations').set({ hostname: 'acme' }).where('id', '=', orgId));
    const { id } = server.buildSite(orgId, { title: 'Handbook', spaces: [spaceId] });
    const site = await admin.client.call('publishSite', { params: siteParams(orgId, id) });
    expect(site.urls.published).toBe(`${server.baseUrl}/sites/acme/handbook/`);
  });
});
