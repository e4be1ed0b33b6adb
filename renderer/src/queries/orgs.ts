/** Organizations of a profile. */
import { queryOptions } from '@tanstack/react-query';
import { LIST_LIMIT_MAX } from '../../../shared/contract/index.ts';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** The organizations a profile's token sees (also the probe of whether the API is reachable). */
export function orgsQuery(profileId: string) {
  return queryOptions({
    queryKey: keys.orgs(profileId),
    queryFn: () =>
      clientFor(profileId).call('listOrganizationsForAuthenticatedUser', {
        query: { limit: LIST_LIMIT_MAX },
      }),
  });
}

/** One organization. */
export function orgQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.org(profileId, orgId),
    queryFn: () => clientFor(profileId).call('getOrganizationById', { params: { organizationId: orgId } }),
  });
}
