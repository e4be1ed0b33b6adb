/**
 * Sites of an organization: the list (with its filters), one site and what hangs off it (sections, site spaces,
 * share links, adaptive schema), and the changes to them. Keys: `[…org, 'sites', …]` for lists and counts,
 * `[…org, 'site', siteId, …]` for everything of one site (the structure editor keys its structure under it too).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { Space } from '../../../shared/contract/resources/content.ts';
import type {
  CreateSite,
  ShareLink,
  Site,
  SiteAdaptiveSchema,
  UpdateShareLink,
  UpdateSite,
  UpdateSiteAdaptiveSchema,
} from '../../../shared/contract/resources/sites.ts';
import type { SiteSection, SiteSpace } from '../../../shared/contract/resources/siteStructure.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages } from './allPages.ts';
import { keys } from './keys.ts';

/** The key prefix of the site lists and counts of an organization. */
export function sitesKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'sites');
}

/** The key prefix of everything cached for one site. */
export function siteKey(profileId: string, orgId: string, siteId: string) {
  return keys.group(keys.org(profileId, orgId), 'site', siteId);
}

/** The filters of the sites list, as the API's `listSites` takes them. */
export interface SiteFilters {
  title?: string;
  published?: boolean;
  /** A space id: only the sites that publish it. */
  space?: string;
}

const pageQuery = (page: string | undefined) => ({
  limit: LIST_LIMIT_MAX,
  ...(page !== undefined ? { page } : {}),
});

/** The sites of an organization matching the filters (all pages). */
export function sitesQuery(profileId: string, orgId: string, filters: SiteFilters) {
  return queryOptions({
    queryKey: keys.read(sitesKey(profileId, orgId), 'listSites', { ...filters }),
    queryFn: () =>
      allPages<Site>((page) =>
        clientFor(profileId).call('listSites', {
          params: { organizationId: orgId },
          query: { ...pageQuery(page), ...filters },
        }),
      ),
  });
}

/** Every active space of an organization (all pages), for the space pickers of the sites screens. */
export function orgSpacesQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.derived(
      keys.read(keys.org(profileId, orgId), 'listSpacesInOrganizationById'),
      'everyItem',
    ),
    queryFn: async () =>
      (
        await allPages<Space>((page) =>
          clientFor(profileId).call('listSpacesInOrganizationById', {
            params: { organizationId: orgId },
            query: pageQuery(page),
          }),
        )
      ).filter((space) => space.deletedAt === undefined),
  });
}

/** One site. */
export function siteQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(siteKey(profileId, orgId, siteId), 'getSiteById'),
    queryFn: () => clientFor(profileId).call('getSiteById', { params: { organizationId: orgId, siteId } }),
  });
}

/** The sections of a site (with their site spaces), all pages. */
export function siteSectionsQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(siteKey(profileId, orgId, siteId), 'listSiteSections'),
    queryFn: () =>
      allPages<SiteSection>((page) =>
        clientFor(profileId).call('listSiteSections', {
          params: { organizationId: orgId, siteId },
          query: pageQuery(page),
        }),
      ),
  });
}

/** The site spaces of a site, all pages (for a site without sections: its root variants). */
export function siteSpacesQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(siteKey(profileId, orgId, siteId), 'listSiteSpaces'),
    queryFn: () =>
      allPages<SiteSpace>((page) =>
        clientFor(profileId).call('listSiteSpaces', {
          params: { organizationId: orgId, siteId },
          query: pageQuery(page),
        }),
      ),
  });
}

/** The share links of a site, all pages. */
export function shareLinksQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(siteKey(profileId, orgId, siteId), 'listSiteShareLinks'),
    queryFn: () =>
      allPages<ShareLink>((page) =>
        clientFor(profileId).call('listSiteShareLinks', {
          params: { organizationId: orgId, siteId },
          query: pageQuery(page),
        }),
      ),
  });
}

/** The adaptive schema (visitor claims) of a site. */
export function adaptiveSchemaQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(siteKey(profileId, orgId, siteId), 'getSiteAdaptiveSchema'),
    queryFn: () =>
      clientFor(profileId).call('getSiteAdaptiveSchema', { params: { organizationId: orgId, siteId } }),
  });
}

/** After a site changed: the answer replaces the cached site, and the lists and counts refetch. */
async function siteChanged(queryClient: QueryClient, profileId: string, orgId: string, site: Site) {
  queryClient.setQueryData(siteQuery(profileId, orgId, site.id).queryKey, site);
  await queryClient.invalidateQueries({ queryKey: sitesKey(profileId, orgId) });
}

/** Creates a site. */
export async function createSite(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  body: Static<typeof CreateSite>,
): Promise<Site> {
  const site = await clientFor(profileId).call('createSite', { params: { organizationId: orgId }, body });
  await siteChanged(queryClient, profileId, orgId, site);
  return site;
}

/**
 * Changes a site's settings. A new default section or variant, or adaptive content turned on or off, changes
 * what the structure shows: then everything of the site refetches (the structure, sections and site spaces too).
 */
export async function updateSite(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  siteId: string,
  body: Static<typeof UpdateSite>,
): Promise<Site> {
  const site = await clientFor(profileId).call('updateSiteById', {
    params: { organizationId: orgId, siteId },
    body,
  });
  await siteChanged(queryClient, profileId, orgId, site);
  const structural =
    body.defaultSiteSection !== undefined ||
    body.defaultSiteSpace !== undefined ||
    body.adaptiveContent !== undefined ||
    body.basename !== undefined;
  if (structural) {
    await queryClient.invalidateQueries({
      queryKey: siteKey(profileId, orgId, siteId),
      predicate: (query) => query.queryKey[siteKey(profileId, orgId, siteId).length] !== 'getSiteById',
    });
  }
  return site;
}

/** Publishes or unpublishes a site. */
export async function setSitePublished(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  siteId: string,
  published: boolean,
): Promise<Site> {
  const site = await clientFor(profileId).call(published ? 'publishSite' : 'unpublishSite', {
    params: { organizationId: orgId, siteId },
  });
  await siteChanged(queryClient, profileId, orgId, site);
  // Published URLs (of share links, sections, variants) appear or vanish with it.
  await queryClient.invalidateQueries({
    queryKey: siteKey(profileId, orgId, siteId),
    predicate: (query) => query.queryKey[siteKey(profileId, orgId, siteId).length] !== 'getSiteById',
  });
  return site;
}

/** Deletes a site. */
export async function deleteSite(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  siteId: string,
): Promise<void> {
  await clientFor(profileId).call('deleteSiteById', { params: { organizationId: orgId, siteId } });
  queryClient.removeQueries({ queryKey: siteKey(profileId, orgId, siteId) });
  await queryClient.invalidateQueries({ queryKey: sitesKey(profileId, orgId) });
}

/** Replaces a site's adaptive schema; conditions of the structure are checked against it, so the site refetches. */
export async function putAdaptiveSchema(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  siteId: string,
  body: Static<typeof UpdateSiteAdaptiveSchema>,
): Promise<SiteAdaptiveSchema> {
  const schema = await clientFor(profileId).call('updateSiteAdaptiveSchema', {
    params: { organizationId: orgId, siteId },
    body,
  });
  queryClient.setQueryData(adaptiveSchemaQuery(profileId, orgId, siteId).queryKey, schema);
  await queryClient.invalidateQueries({
    queryKey: siteKey(profileId, orgId, siteId),
    predicate: (query) => !query.queryKey.includes('getSiteAdaptiveSchema'),
  });
  return schema;
}

/** Creates, changes and deletes the share links of one site; each refreshes the list. */
export function shareLinkActions(queryClient: QueryClient, profileId: string, orgId: string, siteId: string) {
  const params = { organizationId: orgId, siteId };
  const key = shareLinksQuery(profileId, orgId, siteId).queryKey;
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    async create(name: string): Promise<ShareLink> {
      const link = await clientFor(profileId).call('createSiteShareLink', { params, body: { name } });
      await refresh();
      return link;
    },
    async update(shareLinkId: string, body: Static<typeof UpdateShareLink>): Promise<ShareLink> {
      const link = await clientFor(profileId).call('updateSiteShareLinkById', {
        params: { ...params, shareLinkId },
        body,
      });
      queryClient.setQueryData(key, (old: ShareLink[] | undefined) =>
        old?.map((item) => (item.id === link.id ? link : item)),
      );
      await refresh();
      return link;
    },
    async remove(shareLinkId: string): Promise<void> {
      await clientFor(profileId).call('deleteSiteShareLinkById', { params: { ...params, shareLinkId } });
      await refresh();
    },
  };
}
