/**
 * The sites handlers on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts):
 * sites made with a new space, listed, changed, published and read as published content (and its HTML view's
 * page), unpublished and deleted, with their share links, adaptive schema and events. A new site takes its basename in its transaction: 6
 * concurrent creations with one title get 6 distinct basenames, and a basename 4 sites ask for at once goes to one.
 */
import { describe, expect, it } from 'vitest';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { siteAdaptiveSchemaHandlers } from './adaptive-schema.ts';
import { siteHandlers } from './handlers.ts';
import { resolvePublishedPage } from './published-view.ts';
import { siteShareLinkHandlers } from './share-links.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const org = { organizationId: 'o1' };

const create = (userId: string, body: object) => siteHandlers.createSite(pg.context(userId, org, body));
const update = (userId: string, siteId: string, body: object) =>
  siteHandlers.updateSiteById(pg.context(userId, { ...org, siteId }, body));
const refused = async (promise: Promise<unknown>, status: number) =>
  expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);

describe('sites on PostgreSQL', () => {
  it('makes, lists, changes, publishes, unpublishes and deletes sites, with their events', async () => {
    const docs = await create('admin', { title: 'Docs', spaces: 'sample' });
    expect(docs).toMatchObject({ title: 'Docs', basename: 'docs', published: false, siteSpaces: 1 });
    pg.clock.advance(1_000);
    const empty = await create('admin', { title: 'Empty site', spaces: [] });
    pg.clock.advance(1_000);
    await create('admin', { title: 'Docs' });
    const { items, counts } = await pages((page) =>
      siteHandlers.listSites(pg.context('reader', org, undefined, { limit: 2, ...(page ? { page } : {}) })),
    );
    expect(items.map((site) => site.basename)).toEqual(['docs', 'empty-site', 'docs-2']);
    expect(counts).toEqual([3, 3]);
    expect(await update('admin', docs.id, { title: ' Guides ', basename: 'guides/v1' })).toMatchObject({
      title: 'Guides',
      basename: 'guides/v1',
    });
    const published = await siteHandlers.publishSite(pg.context('admin', { ...org, siteId: docs.id }));
    expect(published).toMatchObject({ published: true, siteSpaces: 1 });
    const content = await siteHandlers.getPublishedContentSite(
      pg.context('reader', { ...org, siteId: docs.id }, undefined, {}),
    );
    expect(content.site.id).toBe(docs.id);
    expect(content.structure).toMatchObject({ type: 'siteSpaces' });
    const view = await resolvePublishedPage(pg.store, 'o1', 'guides/v1', 'quickstart');
    expect(view).toMatchObject({ spaceTitle: 'Docs', page: { path: 'quickstart' } });
    expect(view.markdown).toContain('Follow the setup steps');
    await refused(siteHandlers.publishSite(pg.context('admin', { ...org, siteId: empty.id })), 409);
    expect(await siteHandlers.unpublishSite(pg.context('admin', { ...org, siteId: docs.id }))).toMatchObject({
      published: false,
    });
    await siteHandlers.deleteSiteById(pg.context('admin', { ...org, siteId: empty.id }));
    await refused(siteHandlers.getSiteById(pg.context('admin', { ...org, siteId: empty.id })), 404);
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select(['action', 'subject_id']).where('subject_type', '=', 'site'),
    );
    expect(events.filter((event) => event.subject_id === docs.id).map((event) => event.action)).toEqual(
      expect.arrayContaining(['site.created', 'site.updated', 'site.published', 'site.unpublished']),
    );
    expect(events.filter((event) => event.action === 'site.deleted')).toEqual([
      { action: 'site.deleted', subject_id: empty.id },
    ]);
  });

  it('keeps share links and the adaptive schema of a site', async () => {
    const site = await create('admin', { title: 'Portal', spaces: 'empty' });
    const params = { ...org, siteId: site.id };
    const link = await siteShareLinkHandlers.createSiteShareLink(
      pg.context('admin', params, { name: ' Partner ' }),
    );
    expect(link).toMatchObject({ name: 'Partner', active: true });
    const changed = await siteShareLinkHandlers.updateSiteShareLinkById(
      pg.context('admin', { ...params, shareLinkId: link.id }, { active: false }),
    );
    expect(changed).toMatchObject({ id: link.id, name: 'Partner', active: false });
    const listed = await siteShareLinkHandlers.listSiteShareLinks(
      pg.context('reader', params, undefined, {}),
    );
    expect(listed.items.map((item) => item.id)).toEqual([link.id]);
    await siteShareLinkHandlers.deleteSiteShareLinkById(
      pg.context('admin', { ...params, shareLinkId: link.id }),
    );
    await refused(
      siteShareLinkHandlers.deleteSiteShareLinkById(pg.context('admin', { ...params, shareLinkId: link.id })),
      404,
    );
    const jsonSchema = { type: 'object', properties: { plan: { type: 'string' } } };
    await siteAdaptiveSchemaHandlers.updateSiteAdaptiveSchema(pg.context('admin', params, { jsonSchema }));
    expect(
      await siteAdaptiveSchemaHandlers.getSiteAdaptiveSchema(pg.context('reader', params)),
    ).toMatchObject({ jsonSchema });
  });

  it('refuses a reader (403), a stranger (404), a bad or taken basename (400, 409)', async () => {
    const first = await create('admin', { title: 'First' });
    const second = await create('admin', { title: 'Second' });
    await refused(create('reader', { title: 'Mine' }), 403);
    await refused(create('stranger', { title: 'Theirs' }), 404);
    await refused(update('reader', first.id, { title: 'Mine' }), 403);
    await refused(update('admin', first.id, { basename: 'a//b' }), 400);
    await refused(update('admin', second.id, { basename: 'first' }), 409);
    await refused(create('admin', { title: 'Spaces', spaces: ['nope'] }), 400);
    const rows = await pg.store.all(pg.store.q.selectFrom('sites').select('basename').orderBy('basename'));
    expect(rows.map((row) => row.basename)).toEqual(['first', 'second']);
  });

  it('gives 6 concurrent creations with one title 6 distinct basenames', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => create('admin', { title: 'Handbook' })));
    expect(made.map((site) => site.basename).sort()).toEqual(
      ['handbook', 'handbook-2', 'handbook-3', 'handbook-4', 'handbook-5', 'handbook-6'].sort(),
    );
  });

  it('gives a basename asked for by 4 sites at once to one of them, the others 409', async () => {
    const sites = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) sites.push(await create('admin', { title }));
    const outcomes = await Promise.allSettled(
      sites.map((site) => update('admin', site.id, { basename: 'shared' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [statusOf(outcome.reason)] : [])),
    ).toEqual([409, 409, 409]);
    const holders = await pg.store.all(
      pg.store.q.selectFrom('sites').select('id').where('basename', '=', 'shared'),
    );
    expect(holders).toHaveLength(1);
  });
});
