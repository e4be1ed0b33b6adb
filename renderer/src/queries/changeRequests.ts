/**
 * Change requests: one request, the lists (per space and across the organization) and the changes to them. Keys:
 * `[…org, 'change-requests', …]` for lists, `[…org, 'change-request', spaceId, id, …]` for everything of one
 * request (its content, comments and merge check sit under it too, so one invalidation refreshes the pane).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ChangeRequest } from '../../../shared/contract/resources/changeRequests.ts';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** The key prefix of the change request lists of an organization (inbox and per space). */
export function changeRequestsKey(profileId: string, orgId: string) {
  return [...keys.org(profileId, orgId), 'change-requests'] as const;
}

/** The key prefix of everything cached for one change request. */
export function changeRequestKey(profileId: string, orgId: string, spaceId: string, changeRequestId: string) {
  return [...keys.org(profileId, orgId), 'change-request', spaceId, changeRequestId] as const;
}

/** One change request, by id or number. */
export function changeRequestQuery(
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
) {
  return queryOptions({
    queryKey: [...changeRequestKey(profileId, orgId, spaceId, changeRequestId), 'request'],
    queryFn: (): Promise<ChangeRequest> =>
      clientFor(profileId).call('getChangeRequestById', { params: { spaceId, changeRequestId } }),
  });
}
