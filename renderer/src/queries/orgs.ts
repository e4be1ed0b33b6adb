/** Organizations of a profile. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { UpdateOrganization } from '../../../shared/contract/resources/organizations.ts';
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

/** Saves changed organization settings; the answer replaces the cached organization, the list is refreshed. */
export function useUpdateOrg(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Static<typeof UpdateOrganization>) =>
      clientFor(profileId).call('updateOrganizationById', { params: { organizationId: orgId }, body }),
    onSuccess: async (org) => {
      queryClient.setQueryData(keys.org(profileId, orgId), org);
      await queryClient.invalidateQueries({ queryKey: keys.orgs(profileId) });
    },
  });
}
