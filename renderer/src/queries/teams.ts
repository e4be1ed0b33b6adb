/** Teams of an organization. */
import { queryOptions } from '@tanstack/react-query';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

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
