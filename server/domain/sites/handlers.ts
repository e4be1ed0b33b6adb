/**
 * Handlers of the sites operations: list, create, read, update, delete, publish, unpublish, and the published
 * content. Share links are in `share-links.ts`, the adaptive schema in `adaptive-schema.ts`.
 */
import { sql } from 'kysely';
import type { PublishedContentSite } from '../../../shared/contract/resources/sites.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { OrganizationsTable, SitesTable } from '../../storage/schema.ts';
import { likeContains, loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { createSpaceRecord } from '../spaces/records.ts';
import { countSiteSpaces, structureOf } from '../site-structure/records.ts';
import { loadSiteAccess } from './access.ts';
import { loadUserGrants } from '../permissions/grants.ts';
import { presentSite } from './present.ts';
import { basenameHolder, createSiteRecord, DEFAULT_SITE_TITLE, siteEvent } from './records.ts';

const SITE_KEYS: readonly SortKey[] = [
  { column: 'sites.created_at', direction: 'asc' },
  { column: 'sites.id', direction: 'asc' },
];

/** A basename is one or more URL path segments. */
const BASENAME = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

type Org = Pick<OrganizationsTable, 'id' | 'hostname'>;

function present(db: Database, site: SitesTable, org: Org, baseUrl: string) {
  return presentSite(site, org, countSiteSpaces(db, site.id), baseUrl);
}

function reread(db: Database, siteId: string): SitesTable {
  return db.first(db.q.selectFrom('sites').selectAll().where('id', '=', siteId))!;
}

function titleOf(title: string, field: string): string {
  const trimmed = title.trim();
  if (trimmed.length < 2) throw badRequest(`body field \`${field}\`: a title has at least 2 characters`);
  return trimmed;
}

/** The spaces a new site publishes: spaces of the organization, not in the trash, each listed once. */
function resolveSpaces(db: Database, organizationId: string, ids: readonly string[]): string[] {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    const space = db.first(
      db.q
        .selectFrom('spaces')
        .select(['id', 'deleted_at'])
        .where('id', '=', id)
        .where('organization_id', '=', organizationId),
    );
    if (!space)
      throw badRequest(`body field \`spaces[${i}]\`: no space with id \`${id}\` in this organization`);
    if (space.deleted_at !== null)
      throw badRequest(`body field \`spaces[${i}]\`: the space \`${id}\` is in the trash`);
    if (seen.has(id)) throw badRequest(`body field \`spaces[${i}]\`: the space \`${id}\` is listed twice`);
    seen.add(id);
  });
  return ids.slice();
}

/** The pages of a `sample` space: enough to see how a published site reads. */
const SAMPLE_PAGES = [
  {
    title: 'Introduction',
    markdown:
      '# Introduction\n\nWelcome to your new docs site. Edit this page to tell readers what they will find here.\n',
  },
  {
    title: 'Quickstart',
    markdown: '# Quickstart\n\n1. Create an account.\n2. Follow the setup steps.\n3. Read the guides.\n',
  },
];

/** Settings of a published site nobody customized yet. */
function defaultCustomization(site: SitesTable): PublishedContentSite['customizations']['site'] {
  return {
    title: site.title,
    styling: {
      theme: 'clean',
      primaryColor: { light: '#346DDB', dark: '#346DDB' },
      corners: 'rounded',
      links: 'default',
      font: 'Inter',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'prominent',
    },
    internationalization: { locale: 'en' },
    favicon: {},
  };
}

export const siteHandlers = {
  listSites: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    // Members see every site; a guest only the sites given to them (refused when there are none).
    const given =
      orgActor.role === null && orgActor.grantsInOrganization !== false
        ? loadUserGrants(db, org.id, orgActor.userId).ids('site')
        : [];
    if (given.length === 0) authorize(orgActor, 'site.view', { level: orgActor.role });
    let base = db.q.selectFrom('sites').selectAll().where('sites.organization_id', '=', org.id);
    if (given.length > 0) base = base.where('sites.id', 'in', given);
    if (query.title !== undefined)
      base = base.where(sql<boolean>`lower(sites.title) LIKE ${likeContains(query.title)} ESCAPE '\\'`);
    if (query.published !== undefined) base = base.where('sites.published', '=', query.published ? 1 : 0);
    if (query.space !== undefined) {
      const spaceId = query.space;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('site_spaces')
            .select('site_spaces.id')
            .whereRef('site_spaces.site_id', '=', 'sites.id')
            .where('site_spaces.space_id', '=', spaceId),
        ),
      );
    }
    return listPage({
      query,
      keys: SITE_KEYS,
      ...keysetQueries(db, base, SITE_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => present(db, row, org, baseUrl),
    });
  },

  createSite: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'site.admin', { level: orgActor.role });
    const title = body?.title === undefined ? DEFAULT_SITE_TITLE : titleOf(body.title, 'title');
    const spaces = body?.spaces;
    const listed = Array.isArray(spaces) ? resolveSpaces(db, org.id, spaces) : [];
    const now = clock.now();
    const site = db.transaction(() => {
      const spaceIds =
        spaces === 'empty' || spaces === 'sample'
          ? [
              createSpaceRecord(db, now, {
                organizationId: org.id,
                parentId: null,
                title,
                pages: spaces === 'sample' ? SAMPLE_PAGES : [{ title: 'Introduction' }],
                actorId: actor.userId,
              }),
            ]
          : listed;
      return createSiteRecord(db, now, {
        organizationId: org.id,
        title,
        ...(body?.type !== undefined ? { type: body.type } : {}),
        ...(body?.visibility !== undefined ? { visibility: body.visibility } : {}),
        spaceIds,
        actorId: actor.userId,
      });
    });
    return present(db, site, org, baseUrl);
  },

  getSiteById: ({ params, actor, services: { db }, baseUrl }) => {
    const { site, org } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.view');
    return present(db, site, org, baseUrl);
  },

  deleteSiteById: ({ params, actor, services: { db, clock } }) => {
    const { site } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.admin');
    const now = clock.now();
    db.transaction(() => {
      // Sections, groups, site spaces and share links go with it (ON DELETE CASCADE); the spaces stay.
      db.run(db.q.deleteFrom('sites').where('id', '=', site.id));
      recordEvent(db, now, siteEvent(site, actor.userId, 'site.deleted', { title: site.title }));
    });
    return undefined;
  },

  updateSiteById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { site, org } = loadSiteAccess(
      db,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.admin',
    );
    const changes: Partial<SitesTable> = {};
    if (body.title !== undefined) changes.title = titleOf(body.title, 'title');
    if (body.visibility !== undefined) changes.visibility = body.visibility;
    if (body.basename !== undefined) {
      if (!BASENAME.test(body.basename))
        throw badRequest(
          'body field `basename`: path segments of letters, digits, `-`, `_`, `.` and `~`, separated by `/`',
        );
      const holder = basenameHolder(db, org.id, body.basename, site.id);
      if (holder !== undefined)
        throw conflict(
          `body field \`basename\`: \`${body.basename}\` is the basename of another site of this organization (${holder})`,
        );
      changes.basename = body.basename;
    }
    if (body.adaptiveContent !== undefined) changes.adaptive_enabled = body.adaptiveContent.enabled ? 1 : 0;
    if (body.proxy !== undefined) changes.proxy_origin = body.proxy;
    let defaultSectionId = site.default_section_id;
    if (body.defaultSiteSection !== undefined) {
      const section = db.first(
        db.q
          .selectFrom('site_sections')
          .select('id')
          .where('site_id', '=', site.id)
          .where('id', '=', body.defaultSiteSection),
      );
      if (!section)
        throw badRequest(
          `body field \`defaultSiteSection\`: no section with id \`${body.defaultSiteSection}\` in this site`,
        );
      changes.default_section_id = defaultSectionId = section.id;
    }
    let defaultSiteSpace: { id: string; section_id: string | null } | undefined;
    if (body.defaultSiteSpace !== undefined) {
      defaultSiteSpace = db.first(
        db.q
          .selectFrom('site_spaces')
          .select(['id', 'section_id'])
          .where('site_id', '=', site.id)
          .where('id', '=', body.defaultSiteSpace),
      );
      if (!defaultSiteSpace)
        throw badRequest(
          `body field \`defaultSiteSpace\`: no site space with id \`${body.defaultSiteSpace}\` in this site`,
        );
      if (defaultSiteSpace.section_id !== defaultSectionId)
        throw badRequest(
          `body field \`defaultSiteSpace\`: the site space \`${body.defaultSiteSpace}\` is not in the site's default section`,
        );
      if (defaultSiteSpace.section_id === null) changes.default_site_space_id = defaultSiteSpace.id;
    }
    const now = clock.now();
    db.transaction(() => {
      db.run(
        db.q
          .updateTable('sites')
          .set({ ...changes, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      if (defaultSiteSpace?.section_id) {
        db.run(
          db.q
            .updateTable('site_sections')
            .set({ default_site_space_id: defaultSiteSpace.id })
            .where('id', '=', defaultSiteSpace.section_id),
        );
      }
      recordEvent(
        db,
        now,
        siteEvent(site, actor.userId, 'site.updated', {
          ...changes,
          ...(defaultSiteSpace ? { defaultSiteSpace: defaultSiteSpace.id } : {}),
        }),
      );
    });
    return present(db, reread(db, site.id), org, baseUrl);
  },

  getPublishedContentSite: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { site, org } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.view');
    if (!site.published) throw notFound('this site is not published');
    if (site.visibility === 'share-link') {
      const link =
        query.shareKey === undefined
          ? undefined
          : db.first(
              db.q
                .selectFrom('share_links')
                .select('id')
                .where('site_id', '=', site.id)
                .where('key', '=', query.shareKey)
                .where('active', '=', 1),
            );
      if (!link) throw notFound('this site needs an active share link key');
    }
    return {
      object: 'published-content-site',
      site: present(db, site, org, baseUrl),
      structure: structureOf(db, site, baseUrl),
      customizations: { site: defaultCustomization(site) },
    };
  },

  publishSite: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { site, org } = loadSiteAccess(
      db,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.admin',
    );
    const now = clock.now();
    db.transaction(() => {
      if (countSiteSpaces(db, site.id) === 0)
        throw conflict('the site has no space: add a space before publishing');
      db.run(
        db.q
          .updateTable('sites')
          .set({ published: 1, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      recordEvent(db, now, siteEvent(site, actor.userId, 'site.published'));
    });
    return present(db, reread(db, site.id), org, baseUrl);
  },

  unpublishSite: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { site, org } = loadSiteAccess(
      db,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.admin',
    );
    const now = clock.now();
    db.transaction(() => {
      db.run(
        db.q
          .updateTable('sites')
          .set({ published: 0, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      recordEvent(db, now, siteEvent(site, actor.userId, 'site.unpublished'));
    });
    return present(db, reread(db, site.id), org, baseUrl);
  },
} satisfies Handlers;
