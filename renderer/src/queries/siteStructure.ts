/** A site's structure (groups, sections, site spaces), its adaptive schema, and the calls that change them. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { UpdateSite } from '../../../shared/contract/resources/sites.ts';
import type {
  UpdateSiteSection,
  UpdateSiteSectionGroup,
  UpdateSiteSpace,
} from '../../../shared/contract/resources/siteStructure.ts';
import { clientFor } from '../bridge/api.ts';
import { offers } from './capabilities.ts';
import type { StructureRequest } from '../screens/site-structure/model.ts';
import { keys } from './keys.ts';

/** Everything cached about one site (the sites screens read its counts and defaults under it). */
export function siteKey(profileId: string, orgId: string, siteId: string) {
  return keys.group(keys.org(profileId, orgId), 'site', siteId);
}

/** The prefix of what the structure editor caches. */
export function structureKey(profileId: string, orgId: string, siteId: string) {
  return keys.group(siteKey(profileId, orgId, siteId), 'site-structure');
}

/** The structure: sections and groups, or site spaces at the root. */
export function siteStructureQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(structureKey(profileId, orgId, siteId), 'getSiteStructure'),
    queryFn: () =>
      clientFor(profileId).call('getSiteStructure', { params: { organizationId: orgId, siteId } }),
  });
}

/** The site itself (its published URL, for the URL previews). */
export function structureSiteQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(structureKey(profileId, orgId, siteId), 'getSiteById'),
    queryFn: () => clientFor(profileId).call('getSiteById', { params: { organizationId: orgId, siteId } }),
  });
}

/** The visitor claims schema (condition checks, the visitor preview). */
export function adaptiveSchemaQuery(profileId: string, orgId: string, siteId: string) {
  return queryOptions({
    queryKey: keys.read(structureKey(profileId, orgId, siteId), 'getSiteAdaptiveSchema'),
    queryFn: () =>
      clientFor(profileId).call('getSiteAdaptiveSchema', { params: { organizationId: orgId, siteId } }),
  });
}

/** Refetches the structure and what the site screen shows of it (counts, defaults). */
export function invalidateSite(queryClient: QueryClient, profileId: string, orgId: string, siteId: string) {
  return queryClient.invalidateQueries({ queryKey: siteKey(profileId, orgId, siteId) });
}

/** Sends one request of a structure move. */
export async function sendStructureRequest(
  profileId: string,
  orgId: string,
  siteId: string,
  request: StructureRequest,
): Promise<void> {
  const client = clientFor(profileId);
  const params = { organizationId: orgId, siteId };
  if (request.op === 'sort') await client.call('sortSiteStructure', { params, body: request.body });
  else if (request.op === 'addSectionToGroup')
    await client.call('addSectionToGroup', {
      params: { ...params, siteSectionGroupId: request.groupId },
      body: { sectionId: request.sectionId },
    });
  else
    await client.call('removeSectionFromGroup', {
      params: { ...params, siteSectionGroupId: request.groupId, siteSectionId: request.sectionId },
    });
}

/** Whether a move needs an operation the profile's API does not offer (GitBook has no section-group membership calls). */
export async function absentOperation(
  queryClient: QueryClient,
  profileId: string,
  requests: readonly StructureRequest[],
): Promise<boolean> {
  for (const request of requests)
    if (request.op !== 'sort' && !(await offers(queryClient, profileId, request.op))) return true;
  return false;
}

/** The edits of the structure editor, each followed by a refetch of the site. */
export function structureCalls(queryClient: QueryClient, profileId: string, orgId: string, siteId: string) {
  const client = clientFor(profileId);
  const params = { organizationId: orgId, siteId };
  const then = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } finally {
      await invalidateSite(queryClient, profileId, orgId, siteId);
    }
  };
  return {
    updateSite: (body: Static<typeof UpdateSite>) => then(client.call('updateSiteById', { params, body })),
    updateSection: (id: string, body: Static<typeof UpdateSiteSection>) =>
      then(client.call('updateSiteSectionById', { params: { ...params, siteSectionId: id }, body })),
    updateGroup: (id: string, body: Static<typeof UpdateSiteSectionGroup>) =>
      then(
        client.call('updateSiteSectionGroupById', { params: { ...params, siteSectionGroupId: id }, body }),
      ),
    updateSiteSpace: (id: string, body: Static<typeof UpdateSiteSpace>) =>
      then(client.call('updateSiteSpaceById', { params: { ...params, siteSpaceId: id }, body })),
    addSection: (spaceId: string, title?: string) =>
      then(
        client.call('addSectionToSite', {
          params,
          body: { spaceId, ...(title !== undefined && title !== '' ? { title } : {}) },
        }),
      ),
    addGroup: (title: string) => then(client.call('addSectionGroupToSite', { params, body: { title } })),
    addSiteSpace: (spaceId: string, sectionId: string | undefined) =>
      then(
        client.call('addSpaceToSite', {
          params,
          body: { spaceId, ...(sectionId !== undefined ? { sectionId } : {}) },
        }),
      ),
    deleteSection: (id: string) =>
      then(client.call('deleteSiteSectionById', { params: { ...params, siteSectionId: id } })),
    deleteGroup: (id: string) =>
      then(client.call('deleteSiteSectionGroupById', { params: { ...params, siteSectionGroupId: id } })),
    deleteSiteSpace: (id: string) =>
      then(client.call('deleteSiteSpaceById', { params: { ...params, siteSpaceId: id } })),
  };
}
