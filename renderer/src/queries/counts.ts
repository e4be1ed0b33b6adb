/**
 * The counts the Overview shows (members, teams, spaces, sites): each a list of one item, read for its `count`. A
 * module of their own, so that the app's first screen loads without the rest of each resource's queries.
 */
import { queryOptions } from '@tanstack/react-query';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** How many members an organization has (one item fetched, the envelope's `count` read). */
export function memberCountQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.orgResource(profileId, orgId, 'members', 'count'),
    queryFn: async () => {
      const page = await clientFor(profileId).call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: 1 },
      });
      return page.count;
    },
  });
}

/** How many teams an organization has. */
export function teamCountQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.orgResource(profileId, orgId, 'teams', 'count'),
    queryFn: async () => {
      const page = await clientFor(profileId).call('listTeamsInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: 1 },
      });
      return page.count;
    },
  });
}

/** How many spaces an organization has. */
export function spaceCountQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.orgResource(profileId, orgId, 'spaces', 'count'),
    queryFn: async () => {
      const page = await clientFor(profileId).call('listSpacesInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: 1 },
      });
      return page.count;
    },
  });
}

/** How many sites an organization has. */
export function siteCountQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.orgResource(profileId, orgId, 'sites', 'count'),
    queryFn: async () => {
      const page = await clientFor(profileId).call('listSites', {
        params: { organizationId: orgId },
        query: { limit: 1 },
      });
      return page.count;
    },
  });
}
