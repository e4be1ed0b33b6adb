/**
 * The counts the Overview shows (members, teams, spaces, sites): each a list of one item, read for its `count`. A
 * module of their own, so that the app's first screen loads without the rest of each resource's queries.
 */
import { queryOptions } from '@tanstack/react-query';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** The list operations whose envelope's `count` is read. */
type CountedList =
  | 'listMembersInOrganizationById'
  | 'listTeamsInOrganizationById'
  | 'listSpacesInOrganizationById'
  | 'listSites';

/** How many items a list of an organization has: one item fetched, the envelope's `count` read. */
function countQuery(profileId: string, orgId: string, operation: CountedList) {
  return queryOptions({
    queryKey: keys.derived(keys.read(keys.org(profileId, orgId), operation), 'count'),
    queryFn: async () => {
      const page = await clientFor(profileId).call(operation, {
        params: { organizationId: orgId },
        query: { limit: 1 },
      });
      return page.count;
    },
  });
}

/** How many members an organization has. */
export const memberCountQuery = (profileId: string, orgId: string) =>
  countQuery(profileId, orgId, 'listMembersInOrganizationById');

/** How many teams an organization has. */
export const teamCountQuery = (profileId: string, orgId: string) =>
  countQuery(profileId, orgId, 'listTeamsInOrganizationById');

/** How many spaces an organization has. */
export const spaceCountQuery = (profileId: string, orgId: string) =>
  countQuery(profileId, orgId, 'listSpacesInOrganizationById');

/** How many sites an organization has. */
export const siteCountQuery = (profileId: string, orgId: string) => countQuery(profileId, orgId, 'listSites');
