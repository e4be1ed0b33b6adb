/**
 * Handlers of the sites operations: list, create, read, update, delete, publish, unpublish, and the published
 * content. Share links are in `share-links.ts`, the adaptive schema in `adaptive-schema.ts`. Everything reads
 * through the store; each write runs in one of its transactions with what it depends on read in it: the caller's
 * standing and the site, the spaces a new site publishes, the basenames taken, the default section and site space
 * named, the site spaces a site needs to be published. A new space is indexed after its transaction.
 */
import { sql } from 'kysely';
import type { PublishedContentSite } from '../../../shared/contract/resources/sites.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import type { OrganizationsTable, SitesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { likeContains, loadOrgAccessIn } from '../access.ts';
import { recordEventIn } from '../events.ts';
import { loadUserGrantsIn } from '../permissions/grants.ts';
import { countSiteSpacesIn } from '../site-structure/records.ts';
import { structureOfIn } from '../site-structure/structure.ts';
import { createSpaceRecordIn, indexNewSpace, type InsertedSpace } from '../spaces/records.ts';
import { loadSiteAccessIn } from './access.ts';
import { presentSite } from './present.ts';
import { basenameHolder, createSiteRecordIn, DEFAULT_SITE_TITLE, siteEvent } from './records.ts';

const SITE_KEYS: readonly SortKey[] = [
  { column: 'sites.created_at', direction: 'asc' },
  { column: 'sites.id', direction: 'asc' },
];

/** A basename is one or more URL path segments. */
const BASENAME = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

type Org = Pick<OrganizationsTable, 'id' | 'hostname'>;
type SiteParams = { organizationId: string; siteId: string };

/** A site with its count of site spaces, read through `on`: what `presentSite` shows. */
async function counted(on: Statements, site: SitesTable): Promise<{ site: SitesTable; spaces: number }> {
  return { site, spaces: await countSiteSpacesIn(on, site.id) };
}

function present({ site, spaces }: { site: SitesTable; spaces: number }, org: Org, baseUrl: string) {
  return presentSite(site, org, spaces, baseUrl);
}

/** The site as written, read again in the writing transaction. */
async function reread(tx: Statements, siteId: string): Promise<SitesTable> {
  return (await tx.first(tx.q.selectFrom('sites').selectAll().where('id', '=', siteId)))!;
}

const adminAccess = (on: Statements, params: SiteParams, userId: string) =>
  loadSiteAccessIn(on, params.organizationId, params.siteId, userId, 'site.admin');

function titleOf(title: string, field: string): string {
  const trimmed = title.trim();
  if (trimmed.length < 2) throw badRequest(`body field \`${field}\`: a title has at least 2 characters`);
  return trimmed;
}

/** The spaces a new site publishes: spaces of the organization, not in the trash, each listed once. */
async function resolveSpaces(
  tx: Statements,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> {
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    const space = await tx.first(
      tx.q
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
  }
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
  listSites: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { org, actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    // Members see every site; a guest only the sites given to them (refused when there are none).
    const given =
      orgActor.role === null && orgActor.grantsInOrganization !== false
        ? (await loadUserGrantsIn(store, org.id, orgActor.userId)).ids('site')
        : [];
    if (given.length === 0) authorize(orgActor, 'site.view', { level: orgActor.role });
    let base = store.q.selectFrom('sites').selectAll().where('sites.organization_id', '=', org.id);
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
    const { fetch, count } = keysetQueriesIn(store, base, SITE_KEYS);
    return listPageIn({
      query,
      keys: SITE_KEYS,
      fetch: async (after, take) => {
        const rows = [];
        for (const row of await fetch(after, take)) rows.push(await counted(store, row));
        return rows;
      },
      count,
      keyOf: ({ site }) => [site.created_at, site.id],
      present: (row) => present(row, org, baseUrl),
    });
  },

  createSite: async ({ params, body, actor, services, baseUrl }) => {
    const { store, clock } = services;
    const spaces = body?.spaces;
    const now = clock.now();
    const { org, site, space } = await store.transaction(async (tx) => {
      const { org, actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'site.admin', { level: orgActor.role });
      const title = body?.title === undefined ? DEFAULT_SITE_TITLE : titleOf(body.title, 'title');
      const listed = Array.isArray(spaces) ? await resolveSpaces(tx, org.id, spaces) : [];
      let space: InsertedSpace | undefined;
      if (spaces === 'empty' || spaces === 'sample')
        space = await createSpaceRecordIn(tx, now, {
          organizationId: org.id,
          parentId: null,
          title,
          pages: spaces === 'sample' ? SAMPLE_PAGES : [{ title: 'Introduction' }],
          actorId: actor.userId,
        });
      const site = await createSiteRecordIn(tx, now, {
        organizationId: org.id,
        title,
        ...(body?.type !== undefined ? { type: body.type } : {}),
        ...(body?.visibility !== undefined ? { visibility: body.visibility } : {}),
        spaceIds: space ? [space.id] : listed,
        actorId: actor.userId,
      });
      return { org, site: await counted(tx, site), space };
    });
    if (space) await indexNewSpace(services, space);
    return present(site, org, baseUrl);
  },

  getSiteById: async ({ params, actor, services: { store }, baseUrl }) => {
    const { site, org } = await loadSiteAccessIn(
      store,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.view',
    );
    return present(await counted(store, site), org, baseUrl);
  },

  deleteSiteById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { site } = await adminAccess(tx, params, actor.userId);
      // Sections, groups, site spaces and share links go with it (ON DELETE CASCADE); the spaces stay.
      await tx.run(tx.q.deleteFrom('sites').where('id', '=', site.id));
      await recordEventIn(
        tx,
        clock.now(),
        siteEvent(site, actor.userId, 'site.deleted', { title: site.title }),
      );
    });
    return undefined;
  },

  updateSiteById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const { org, site } = await store.transaction(async (tx) => {
      const { site, org } = await adminAccess(tx, params, actor.userId);
      const changes: Partial<SitesTable> = {};
      if (body.title !== undefined) changes.title = titleOf(body.title, 'title');
      if (body.visibility !== undefined) changes.visibility = body.visibility;
      if (body.basename !== undefined) {
        if (!BASENAME.test(body.basename))
          throw badRequest(
            'body field `basename`: path segments of letters, digits, `-`, `_`, `.` and `~`, separated by `/`',
          );
        const holder = await basenameHolder(tx, org.id, body.basename, site.id);
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
        const section = await tx.first(
          tx.q
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
        defaultSiteSpace = await tx.first(
          tx.q
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
      await tx.run(
        tx.q
          .updateTable('sites')
          .set({ ...changes, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      if (defaultSiteSpace?.section_id) {
        await tx.run(
          tx.q
            .updateTable('site_sections')
            .set({ default_site_space_id: defaultSiteSpace.id })
            .where('id', '=', defaultSiteSpace.section_id),
        );
      }
      await recordEventIn(
        tx,
        now,
        siteEvent(site, actor.userId, 'site.updated', {
          ...changes,
          ...(defaultSiteSpace ? { defaultSiteSpace: defaultSiteSpace.id } : {}),
        }),
      );
      return { org, site: await counted(tx, await reread(tx, site.id)) };
    });
    return present(site, org, baseUrl);
  },

  getPublishedContentSite: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { site, org } = await loadSiteAccessIn(
      store,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.view',
    );
    if (!site.published) throw notFound('this site is not published');
    if (site.visibility === 'share-link') {
      const link =
        query.shareKey === undefined
          ? undefined
          : await store.first(
              store.q
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
      site: present(await counted(store, site), org, baseUrl),
      structure: await structureOfIn(store, site, baseUrl),
      customizations: { site: defaultCustomization(site) },
    };
  },

  publishSite: async ({ params, actor, services: { store, clock }, baseUrl }) => {
    const { org, site } = await store.transaction(async (tx) => {
      const { site, org } = await adminAccess(tx, params, actor.userId);
      // The site spaces are counted here: a site space removed meanwhile cannot leave a published empty site.
      if ((await countSiteSpacesIn(tx, site.id)) === 0)
        throw conflict('the site has no space: add a space before publishing');
      const now = clock.now();
      await tx.run(
        tx.q
          .updateTable('sites')
          .set({ published: 1, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      await recordEventIn(tx, now, siteEvent(site, actor.userId, 'site.published'));
      return { org, site: await counted(tx, await reread(tx, site.id)) };
    });
    return present(site, org, baseUrl);
  },

  unpublishSite: async ({ params, actor, services: { store, clock }, baseUrl }) => {
    const { org, site } = await store.transaction(async (tx) => {
      const { site, org } = await adminAccess(tx, params, actor.userId);
      const now = clock.now();
      await tx.run(
        tx.q
          .updateTable('sites')
          .set({ published: 0, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      await recordEventIn(tx, now, siteEvent(site, actor.userId, 'site.unpublished'));
      return { org, site: await counted(tx, await reread(tx, site.id)) };
    });
    return present(site, org, baseUrl);
  },
} satisfies Handlers;
