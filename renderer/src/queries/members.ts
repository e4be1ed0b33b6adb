/** Members of an organization. */
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
