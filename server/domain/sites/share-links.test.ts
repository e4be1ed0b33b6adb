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
  sendRaw,
  siteParams,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function linkRow(id: string) {
  return server.db.first(server.db.q.selectFrom('share_links').selectAll().where('id', '=', id));
}

function publish(siteId: string) {
  server.db.run(server.db.q.updateTable('sites').set({ published: 1 }).where('id', '=', siteId));
}

describe('share links', () => {
  it('answer 401, hidden 404s for unknown and foreign sites', async () => {
    const { orgId, admin, foreignSiteId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { visibility: 'share-link' });
    const params = siteParams(orgId, id);
    await expectUnauthorized(server, 'listSiteShareLinks', { params });
    await expectUnauthorized(server, 'createSiteShareLink', { params, body: { name: 'x' } });
    await expectUnauthorized(server, 'updateSiteShareLinkById', {
      params: { ...params, shareLinkId: UNKNOWN_ID },
      body: { active: false },
    });
    await expectUnauthorized(server, 'deleteSiteShareLinkById', {
      params: { ...params, shareLinkId: UNKNOWN_ID },
    });
    expectHidden(
      await admin.client.request('listSiteShareLinks', { params: siteParams(orgId, UNKNOWN_ID) }),
      UNKNOWN_ID,
      await admin.client.request('listSiteShareLinks', { params: siteParams(orgId, foreignSiteId) }),
      foreignSiteId,
    );
    expectHidden(
      await admin.client.request('createSiteShareLink', {
        params: siteParams(orgId, UNKNOWN_ID),
        body: { name: 'x' },
      }),
      UNKNOWN_ID,
      await admin.client.request('createSiteShareLink', {
        params: siteParams(orgId, foreignSiteId),
        body: { name: 'x' },
      }),
      foreignSiteId,
    );
  });

  it('are listed by members but guests, and changed by admins only', async () => {
    const { orgId, admin, member } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { visibility: 'share-link' });
    const params = siteParams(orgId, id);
    const link = await admin.client.call('createSiteShareLink', { params, body: { name: 'Partners' } });
    const linkParams = { ...params, shareLinkId: link.id };
    expectError(await member(null).client.request('listSiteShareLinks', { params }), 403);
    expect((await member('read').client.call('listSiteShareLinks', { params })).count).toBe(1);
    for (const role of NON_ADMIN_ROLES) {
      const client = member(role).client;
      expectError(await client.request('createSiteShareLink', { params, body: { name: 'Mine' } }), 403);
      expectError(
        await client.request('updateSiteShareLinkById', { params: linkParams, body: { active: false } }),
        403,
      );
      expectError(await client.request('deleteSiteShareLinkById', { params: linkParams }), 403);
    }
    expect(linkRow(link.id)).toMatchObject({ name: 'Partners', active: 1 });
  });

  it('are created active with a secret key, listed page by page, renamed, deactivated and deleted', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { visibility: 'share-link', title: 'Partner Portal' });
    const params = siteParams(orgId, id);
    const created = [];
    for (const name of ['One', 'Two', 'Three']) {
      server.clock.advance(1000);
      const answer = await admin.client.request('createSiteShareLink', { params, body: { name } });
      expectStatus(answer, 201);
      created.push(answer.body as { id: string });
    }
    expect(created[0]).toMatchObject({ object: 'share-link', name: 'One', active: true, urls: {} });
    const key = linkRow(created[0]!.id)!.key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(created.map((link) => linkRow(link.id)!.key)).size).toBe(3);

    const pages = await allPages((page) =>
      admin.client.call('listSiteShareLinks', { params, query: { limit: 2, ...(page ? { page } : {}) } }),
    );
    expect(pages.map((p) => p.items.map((l) => l.id))).toEqual([
      [created[0]!.id, created[1]!.id],
      [created[2]!.id],
    ]);

    // Once the site is published, the links carry their URL.
    publish(id);
    const listed = await admin.client.call('listSiteShareLinks', { params });
    expect(listed.items[0]!.urls?.published).toBe(
      `${server.baseUrl}/sites/${orgId}/partner-portal/~s/${key}/`,
    );

    const linkParams = { ...params, shareLinkId: created[0]!.id };
    const renamed = await admin.client.call('updateSiteShareLinkById', {
      params: linkParams,
      body: { name: 'Renamed', active: false },
    });
    expect(renamed).toMatchObject({ name: 'Renamed', active: false });
    expect(linkRow(created[0]!.id)).toMatchObject({ name: 'Renamed', active: 0, key });

    expectStatus(await admin.client.request('deleteSiteShareLinkById', { params: linkParams }), 205);
    expect(linkRow(created[0]!.id)).toBeUndefined();
    expectError(await admin.client.request('deleteSiteShareLinkById', { params: linkParams }), 404);
  });

  it('answer 404 for an unknown link or a link of another site, and 400 naming bad fields', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    const other = server.buildSite(orgId).id;
    const params = siteParams(orgId, id);
    const otherLink = await admin.client.call('createSiteShareLink', {
      params: siteParams(orgId, other),
      body: { name: 'Other' },
    });
    for (const shareLinkId of [UNKNOWN_ID, otherLink.id]) {
      expectError(
        await admin.client.request('updateSiteShareLinkById', {
          params: { ...params, shareLinkId },
          body: { active: false },
        }),
        404,
        'no share link',
      );
      expectError(
        await admin.client.request('deleteSiteShareLinkById', { params: { ...params, shareLinkId } }),
        404,
      );
    }
    const link = await admin.client.call('createSiteShareLink', { params, body: { name: 'Mine' } });
    const linkParams = { ...params, shareLinkId: link.id };
    const cases: [string, Record<string, string>, unknown, string][] = [
      ['createSiteShareLink', params, {}, '`name`'],
      ['createSiteShareLink', params, { name: 'x'.repeat(51) }, '`name`'],
      ['createSiteShareLink', params, { name: 7 }, '`name`'],
      ['updateSiteShareLinkById', linkParams, {}, 'body'],
      ['updateSiteShareLinkById', linkParams, { active: 'yes' }, '`active`'],
      ['updateSiteShareLinkById', linkParams, { name: 'ok', key: 'mine' }, 'key'],
    ];
    for (const [name, p, body, fragment] of cases) {
      expectError(
        await sendRaw(server, name as 'createSiteShareLink', { params: p, body, token: admin.token }),
        400,
        fragment,
      );
    }
    expect(linkRow(link.id)).toMatchObject({ name: 'Mine', active: 1 });
  });
});

describe('GET /v1/orgs/{organizationId}/sites/{siteId}/published', () => {
  it('answers 401, hidden 404s and 403 to guests', async () => {
    const { orgId, member, foreignSiteId, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { spaces: [spaceId] });
    publish(id);
    await expectUnauthorized(server, 'getPublishedContentSite', { params: siteParams(orgId, id) });
    expectHidden(
      await member('read').client.request('getPublishedContentSite', {
        params: siteParams(orgId, UNKNOWN_ID),
      }),
      UNKNOWN_ID,
      await member('read').client.request('getPublishedContentSite', {
        params: siteParams(orgId, foreignSiteId),
      }),
      foreignSiteId,
    );
    expectError(
      await member(null).client.request('getPublishedContentSite', { params: siteParams(orgId, id) }),
      403,
    );
  });

  it('answers 404 for an unpublished site, even to admins', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { spaces: [spaceId] });
    expectError(
      await admin.client.request('getPublishedContentSite', { params: siteParams(orgId, id) }),
      404,
      'not published',
    );
  });

  it('answers the site, its structure and default customizations', async () => {
    const { orgId, member, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { title: 'Handbook', spaces: [spaceId] });
    publish(id);
    const view = await member('read').client.call('getPublishedContentSite', {
      params: siteParams(orgId, id),
    });
    expect(view).toMatchObject({
      object: 'published-content-site',
      site: { id, published: true, urls: { published: `${server.baseUrl}/sites/${orgId}/handbook/` } },
      structure: {
        type: 'siteSpaces',
        structure: [{ object: 'site-space', path: 'user-guide', default: true }],
      },
      customizations: {
        site: {
          title: 'Handbook',
          styling: { theme: 'clean', sidebar: { background: 'default', list: 'default' } },
        },
      },
    });
  });

  it('needs the key of an active share link of that site for a share-link site', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { visibility: 'share-link', spaces: [spaceId] });
    const other = server.buildSite(orgId, { visibility: 'share-link', spaces: [spaceId] }).id;
    publish(id);
    const params = siteParams(orgId, id);
    const link = await admin.client.call('createSiteShareLink', { params, body: { name: 'Partners' } });
    const key = linkRow(link.id)!.key;
    const otherLink = await admin.client.call('createSiteShareLink', {
      params: siteParams(orgId, other),
      body: { name: 'Other' },
    });
    const otherKey = linkRow(otherLink.id)!.key;
    const needsKey = 'this site needs an active share link key';
    expectError(await admin.client.request('getPublishedContentSite', { params }), 404, needsKey);
    for (const shareKey of ['wrong', otherKey, key.slice(0, 31)]) {
      expectError(
        await admin.client.request('getPublishedContentSite', { params, query: { shareKey } }),
        404,
        needsKey,
      );
    }
    const view = await admin.client.call('getPublishedContentSite', { params, query: { shareKey: key } });
    expect(view.site.id).toBe(id);

    await admin.client.call('updateSiteShareLinkById', {
      params: { ...params, shareLinkId: link.id },
      body: { active: false },
    });
    expectError(
      await admin.client.request('getPublishedContentSite', { params, query: { shareKey: key } }),
      404,
      needsKey,
    );
    await admin.client.call('updateSiteShareLinkById', {
      params: { ...params, shareLinkId: link.id },
      body: { active: true },
    });
    await admin.client.call('getPublishedContentSite', { params, query: { shareKey: key } });
    await admin.client.call('deleteSiteShareLinkById', { params: { ...params, shareLinkId: link.id } });
    expectError(
      await admin.client.request('getPublishedContentSite', { params, query: { shareKey: key } }),
      404,
      needsKey,
    );
  });

  it('ignores a key on a site that does not need one', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId, { visibility: 'unlisted', spaces: [spaceId] });
    publish(id);
    const view = await admin.client.call('getPublishedContentSite', {
      params: siteParams(orgId, id),
      query: { shareKey: 'anything' },
    });
    expect(view.site.visibility).toBe('unlisted');
  });
});
