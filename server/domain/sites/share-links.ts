/**
 * Handlers of the share links of a site: list, create, delete, update. Each write runs in one transaction of the
 * store with what it depends on read in it: the caller's standing, the site and the link.
 */
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import type { ShareLinksTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import { loadSiteAccessIn } from './access.ts';
import { presentShareLink, sitePublishedUrl } from './present.ts';
import { insertShareLink, siteEvent } from './records.ts';

const SHARE_LINK_KEYS: readonly SortKey[] = [
  { column: 'share_links.created_at', direction: 'asc' },
  { column: 'share_links.id', direction: 'asc' },
];

/** The share link of the site, or 404. */
async function loadShareLink(on: Statements, siteId: string, shareLinkId: string): Promise<ShareLinksTable> {
  const link = await on.first(
    on.q.selectFrom('share_links').selectAll().where('site_id', '=', siteId).where('id', '=', shareLinkId),
  );
  if (!link) throw notFound(`no share link with id \`${shareLinkId}\` on this site`);
  return link;
}

type SiteParams = { organizationId: string; siteId: string };
const adminAccess = (on: Statements, params: SiteParams, userId: string) =>
  loadSiteAccessIn(on, params.organizationId, params.siteId, userId, 'site.admin');

export const siteShareLinkHandlers = {
  listSiteShareLinks: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { site, org } = await loadSiteAccessIn(
      store,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.view',
    );
    const base = store.q.selectFrom('share_links').selectAll().where('share_links.site_id', '=', site.id);
    const published = sitePublishedUrl(org, site, baseUrl);
    return listPageIn({
      query,
      keys: SHARE_LINK_KEYS,
      ...keysetQueriesIn(store, base, SHARE_LINK_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentShareLink(row, published),
    });
  },

  createSiteShareLink: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const name = body.name.trim();
    const { site, org, link } = await store.transaction(async (tx) => {
      const { site, org } = await adminAccess(tx, params, actor.userId);
      const now = clock.now();
      const id = await insertShareLink(tx, now, { siteId: site.id, name: name === '' ? null : name });
      await recordEventIn(
        tx,
        now,
        siteEvent(site, actor.userId, 'site.share-link.created', { shareLink: id, name }),
      );
      return { site, org, link: await loadShareLink(tx, site.id, id) };
    });
    return presentShareLink(link, sitePublishedUrl(org, site, baseUrl));
  },

  deleteSiteShareLinkById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { site } = await adminAccess(tx, params, actor.userId);
      const link = await loadShareLink(tx, site.id, params.shareLinkId);
      await tx.run(tx.q.deleteFrom('share_links').where('id', '=', link.id));
      await recordEventIn(
        tx,
        clock.now(),
        siteEvent(site, actor.userId, 'site.share-link.deleted', { shareLink: link.id }),
      );
    });
    return undefined;
  },

  updateSiteShareLinkById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const changes: Partial<Pick<ShareLinksTable, 'name' | 'active'>> = {};
    if (body.name !== undefined) changes.name = body.name.trim() === '' ? null : body.name.trim();
    if (body.active !== undefined) changes.active = body.active ? 1 : 0;
    const { site, org, link } = await store.transaction(async (tx) => {
      const { site, org } = await adminAccess(tx, params, actor.userId);
      const link = await loadShareLink(tx, site.id, params.shareLinkId);
      await tx.run(tx.q.updateTable('share_links').set(changes).where('id', '=', link.id));
      await recordEventIn(
        tx,
        clock.now(),
        siteEvent(site, actor.userId, 'site.share-link.updated', { shareLink: link.id, ...changes }),
      );
      return { site, org, link: { ...link, ...changes } };
    });
    return presentShareLink(link, sitePublishedUrl(org, site, baseUrl));
  },
} satisfies Handlers;
