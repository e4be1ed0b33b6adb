/** Handlers of the sites and share links operations. */
import { sql } from 'kysely';
import { checkCondition } from '../../../shared/conditions.ts';
import type { PublishedContentSite } from '../../../shared/contract/resources/sites.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { OrganizationsTable, ShareLinksTable, SitesTable } from '../../storage/schema.ts';
import { likeContains, loadOrgAccess } from '../access.ts';
import type { AuditAction } from '../audit/actions.ts';
import { recordEvent, type EventInput } from '../events.ts';
import { createSpaceRecord } from '../spaces/records.ts';
import { countSiteSpaces, structureOf } from '../site-structure/records.ts';
import { loadSiteAccess } from './access.ts';
import { loadUserGrants } from '../permissions/grants.ts';
import { adaptiveSchemaOf, claimsOfSchema, type AdaptiveJSONSchema } from './adaptive.ts';
import { presentShareLink, presentSite, sitePublishedUrl } from './present.ts';
import { basenameHolder, createShareLinkRecord, createSiteRecord, DEFAULT_SITE_TITLE } from './records.ts';

const SITE_KEYS: readonly SortKey[] = [
  { column: 'sites.created_at', direction: 'asc' },
  { column: 'sites.id', direction: 'asc' },
];
const SHARE_LINK_KEYS: readonly SortKey[] = [
  { column: 'share_links.created_at', direction: 'asc' },
  { column: 'share_links.id', direction: 'asc' },
];

/** Names a claim can have: a condition reads it as `visitor.claims.<name>`, so it must be an identifier. */
const CLAIM_NAME = /^[A-Za-z_$][\w$]*$/;
/** A basename is one or more URL path segments. */
const BASENAME = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

type Org = Pick<OrganizationsTable, 'id' | 'hostname'>;

function present(db: Database, site: SitesTable, org: Org, baseUrl: string) {
  return presentSite(site, org, countSiteSpaces(db, site.id), baseUrl);
}

function reread(db: Database, siteId: string): SitesTable {
  return db.first(db.q.selectFrom('sites').selectAll().where('id', '=', siteId))!;
}

function siteEvent(
  site: SitesTable,
  actorId: string,
  action: AuditAction,
  data?: Record<string, unknown>,
): EventInput {
  return {
    organizationId: site.organization_id,
    actorId,
    action,
    subjectType: 'site',
    subjectId: site.id,
    ...(data ? { data } : {}),
  };
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

/**
 * Refuses a schema that removes a claim a condition of the site still reads: answers 409 naming the claim and
 * where it is used, so that no section or site space is left with a condition the schema does not declare.
 */
function ensureClaimsStillDeclared(db: Database, site: SitesTable, schema: AdaptiveJSONSchema): void {
  const declared = claimsOfSchema(schema);
  const sections = db.all(
    db.q
      .selectFrom('site_sections')
      .select(['id', 'title', 'condition'])
      .where('site_id', '=', site.id)
      .where('condition', 'is not', null),
  );
  for (const section of sections) {
    const missing = missingClaim(section.condition!, declared);
    if (missing !== undefined)
      throw conflict(
        `body field \`jsonSchema\`: the claim \`${missing}\` is used by the condition of the section \`${section.title}\` (${section.id})`,
      );
  }
  const siteSpaces = db.all(
    db.q
      .selectFrom('site_spaces as ss')
      .innerJoin('spaces as s', 's.id', 'ss.space_id')
      .select(['ss.id', 'ss.path', 'ss.condition', 's.title'])
      .where('ss.site_id', '=', site.id)
      .where('ss.condition', 'is not', null),
  );
  for (const siteSpace of siteSpaces) {
    const missing = missingClaim(siteSpace.condition!, declared);
    if (missing !== undefined)
      throw conflict(
        `body field \`jsonSchema\`: the claim \`${missing}\` is used by the condition of the site space \`${siteSpace.title}\` at \`${siteSpace.path}\` (${siteSpace.id})`,
      );
  }
}

function missingClaim(condition: string, declared: Set<string>): string | undefined {
  const check = checkCondition(condition);
  return check.ok ? check.claims.find((claim) => !declared.has(claim)) : undefined;
}

/** What the contract's shape cannot say about a schema: claim names must be readable by conditions. */
function ensureClaimNames(schema: AdaptiveJSONSchema): void {
  for (const [name, value] of Object.entries(schema.properties)) {
    if (!CLAIM_NAME.test(name))
      throw badRequest(
        `body field \`jsonSchema.properties.${name}\`: a claim name is letters, digits, \`_\` and \`$\`, not starting with a digit`,
      );
    if (name === 'unsigned' && value && 'properties' in value) {
      for (const inner of Object.keys(value.properties)) {
        if (!CLAIM_NAME.test(inner))
          throw badRequest(
            `body field \`jsonSchema.properties.unsigned.properties.${inner}\`: a claim name is letters, digits, \`_\` and \`$\`, not starting with a digit`,
          );
      }
    }
  }
}

/** The share link of the site, or 404. */
function loadShareLink(db: Database, siteId: string, shareLinkId: string): ShareLinksTable {
  const link = db.first(
    db.q.selectFrom('share_links').selectAll().where('site_id', '=', siteId).where('id', '=', shareLinkId),
  );
  if (!link) throw notFound(`no share link with id \`${shareLinkId}\` on this site`);
  return link;
}

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

  getSiteAdaptiveSchema: ({ params, actor, services: { db } }) => {
    const { site } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.view');
    return { object: 'site-adaptive-schema', jsonSchema: adaptiveSchemaOf(site), updatedAt: site.updated_at };
  },

  updateSiteAdaptiveSchema: ({ params, body, actor, services: { db, clock } }) => {
    const { site } = loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, 'site.admin');
    const schema = body.jsonSchema;
    ensureClaimNames(schema);
    const now = clock.now();
    db.transaction(() => {
      ensureClaimsStillDeclared(db, site, schema);
      db.run(
        db.q
          .updateTable('sites')
          .set({ adaptive_schema: JSON.stringify(schema), updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      recordEvent(
        db,
        now,
        siteEvent(site, actor.userId, 'site.adaptive-schema.updated', {
          claims: [...claimsOfSchema(schema)],
        }),
      );
    });
    return { object: 'site-adaptive-schema', jsonSchema: schema, updatedAt: now.toISOString() };
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
