/** Handlers of the share links of a site: list, create, delete, update. */
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import type { Database } from '../../storage/database.ts';
import type { ShareLinksTable } from '../../storage/schema.ts';
import { recordEvent } from '../events.ts';
import { loadSiteAccess } from './access.ts';
import { presentShareLink, sitePublishedUrl } from './present.ts';
import { createShareLinkRecord, siteEvent } from './records.ts';

const SHARE_LINK_KEYS: readonly SortKey[] = [
  { column: 'share_links.created_at', direction: 'asc' },
  { column: 'share_links.id', direction: 'asc' },
];

/** The share link of the site, or 404. */
function loadShareLink(db: Database, siteId: string, shareLinkId: string): ShareLinksTable {
  const link = db.first(
    db.q.selectFrom('share_links').selectAll().where('site_id', '=', siteId).where('id', '=', shareLinkId),
  );
  if (!link) throw notFound(`no share link with id \`${shareLinkId}\` on this site`);
  return link;
}

export const siteShareLinkHandlers = {
  listSiteShareLinks: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { site, org } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.view');
    const base = db.q.selectFrom('share_links').selectAll().where('share_links.site_id', '=', site.id);
    const published = sitePublishedUrl(org, site, baseUrl);
    return listPage({
      query,
      keys: SHARE_LINK_KEYS,
      ...keysetQueries(db, base, SHARE_LINK_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentShareLink(row, published),
    });
  },

  createSiteShareLink: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { site, org } = loadSiteAccess(
      db,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.admin',
    );
    const name = body.name.trim();
    const now = clock.now();
    const id = db.transaction(() => {
      const created = createShareLinkRecord(db, now, { siteId: site.id, name: name === '' ? null : name });
      recordEvent(
        db,
        now,
        siteEvent(site, actor.userId, 'site.share-link.created', { shareLink: created, name }),
      );
      return created;
    });
    return presentShareLink(loadShareLink(db, site.id, id), sitePublishedUrl(org, site, baseUrl));
  },

  deleteSiteShareLinkById: ({ params, actor, services: { db, clock } }) => {
    const { site } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.admin');
    const link = loadShareLink(db, site.id, params.shareLinkId);
    const now = clock.now();
    db.transaction(() => {
      db.run(db.q.deleteFrom('share_links').where('id', '=', link.id));
      recordEvent(db, now, siteEvent(site, actor.userId, 'site.share-link.deleted', { shareLink: link.id }));
    });
    return undefined;
  },

  updateSiteShareLinkById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { site, org } = loadSiteAccess(
      db,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.admin',
    );
    const link = loadShareLink(db, site.id, params.shareLinkId);
    const changes: Partial<Pick<ShareLinksTable, 'name' | 'active'>> = {};
    if (body.name !== undefined) changes.name = body.name.trim() === '' ? null : body.name.trim();
    if (body.active !== undefined) changes.active = body.active ? 1 : 0;
    const now = clock.now();
    db.transaction(() => {
      db.run(db.q.updateTable('share_links').set(changes).where('id', '=', link.id));
      recordEvent(
        db,
        now,
        siteEvent(site, actor.userId, 'site.share-link.updated', { shareLink: link.id, ...changes }),
      );
    });
    return presentShareLink(loadShareLink(db, site.id, link.id), sitePublishedUrl(org, site, baseUrl));
  },
} satisfies Handlers;
