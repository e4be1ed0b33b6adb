/** Sites of an organization. */
import { queryOptions } from '@tanstack/react-query';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

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
