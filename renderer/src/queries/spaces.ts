/** Spaces of an organization. */
import { queryOptions } from '@tanstack/react-query';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

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
