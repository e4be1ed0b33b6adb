/**
 * Change requests: one request, the lists (per space and across the organization) and the changes to them. Keys:
 * `[…org, 'change-requests', …]` for lists, `[…org, 'change-request', spaceId, id, …]` for everything of one
 * request (its content, comments and merge check sit under it too, so one invalidation refreshes the pane), and
 * `[…org, 'change-request', spaceId]` for every request of a space (a merge outdates them all at once).
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ChangeRequest,
  ChangeRequestMergeCheck,
  ChangeRequestStatusValue,
} from '../../../shared/contract/resources/changeRequests.ts';
import type { Page } from '../../../shared/contract/resources/revisions.ts';
import type { Static } from '@sinclair/typebox';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';
import { spaceKey } from './spaces.ts';

/** What a merge check answers. */
export type MergeCheck = Static<typeof ChangeRequestMergeCheck>;

/** How many requests a list page holds (the inbox shows more on demand). */
export const CHANGE_REQUEST_PAGE_SIZE = 50;

/** The key prefix of the change request lists of an organization (inbox and per space). */
export function changeRequestsKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'change-requests');
}

/** The key prefix of everything cached for every change request of one space. */
export function spaceChangeRequestsKey(profileId: string, orgId: string, spaceId: string) {
  return keys.group(keys.org(profileId, orgId), 'change-request', spaceId);
}

/** The key prefix of everything cached for one change request. */
export function changeRequestKey(profileId: string, orgId: string, spaceId: string, changeRequestId: string) {
  return [...spaceChangeRequestsKey(profileId, orgId, spaceId), changeRequestId] as const;
}

/** One change request, by id or number. */
export function changeRequestQuery(
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
) {
  return queryOptions({
    queryKey: keys.read(changeRequestKey(profileId, orgId, spaceId, changeRequestId), 'getChangeRequestById'),
    queryFn: (): Promise<ChangeRequest> =>
      clientFor(profileId).call('getChangeRequestById', { params: { spaceId, changeRequestId } }),
  });
}

/** The change requests of the organization's spaces with a status, newest activity first, a page at a time. */
export function orgChangeRequestsQuery(profileId: string, orgId: string, status: ChangeRequestStatusValue) {
  return infiniteQueryOptions({
    queryKey: keys.read(changeRequestsKey(profileId, orgId), 'listChangeRequestsForOrganization', { status }),
    queryFn: ({ pageParam }) =>
      clientFor(profileId).call('listChangeRequestsForOrganization', {
        params: { organizationId: orgId },
        query: {
          status,
          limit: CHANGE_REQUEST_PAGE_SIZE,
          ...(pageParam !== undefined ? { page: pageParam } : {}),
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

/** The change requests of one space with a status, a page at a time. */
export function spaceChangeRequestsQuery(
  profileId: string,
  orgId: string,
  spaceId: string,
  status: ChangeRequestStatusValue,
) {
  return infiniteQueryOptions({
    queryKey: keys.read(changeRequestsKey(profileId, orgId), 'listChangeRequestsForSpace', {
      spaceId,
      status,
    }),
    queryFn: ({ pageParam }) =>
      clientFor(profileId).call('listChangeRequestsForSpace', {
        params: { spaceId },
        query: {
          status,
          limit: CHANGE_REQUEST_PAGE_SIZE,
          ...(pageParam !== undefined ? { page: pageParam } : {}),
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

/** The page tree (no bodies) of the request's head revision; a revision never changes. */
export function changeRequestPagesQuery(
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
  revision: string,
) {
  return queryOptions({
    queryKey: keys.read(
      changeRequestKey(profileId, orgId, spaceId, changeRequestId),
      'listPagesInChangeRequest',
      {
        revision,
      },
    ),
    queryFn: async (): Promise<Page[]> =>
      (
        await clientFor(profileId).call('listPagesInChangeRequest', {
          params: { spaceId, changeRequestId },
          query: { metadata: false },
        })
      ).pages,
    staleTime: Infinity,
  });
}

/** The page tree (no bodies) of a revision of the space (the request's merge base): the space reader's query. */
export { revisionPagesQuery as basePagesQuery } from './revisions.ts';

/** The revision a request's changes are measured from (the agreed merge base). */
export function mergeBaseOf(request: Pick<ChangeRequest, 'revisionMergedAncestor' | 'revisionInitial'>) {
  return request.revisionMergedAncestor ?? request.revisionInitial;
}

/** Puts a request's new state in the cache (under the key it was loaded with) and refreshes the lists. */
async function saved(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
  request: ChangeRequest,
): Promise<void> {
  queryClient.setQueryData(changeRequestQuery(profileId, orgId, spaceId, changeRequestId).queryKey, request);
  await queryClient.invalidateQueries({ queryKey: changeRequestsKey(profileId, orgId) });
}

/** Renames a request or changes its status (draft, open, archived). */
export async function updateChangeRequestFields(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
  body: { subject?: string; status?: 'draft' | 'open' | 'archived' },
): Promise<ChangeRequest> {
  const request = await clientFor(profileId).call('updateChangeRequestById', {
    params: { spaceId, changeRequestId },
    body,
  });
  await saved(queryClient, profileId, orgId, spaceId, changeRequestId, request);
  // A status change changes whether it may merge.
  if (body.status !== undefined)
    await queryClient.invalidateQueries({
      queryKey: keys.read(
        changeRequestKey(profileId, orgId, spaceId, changeRequestId),
        'checkChangeRequestMerge',
      ),
    });
  return request;
}

/**
 * Everything a merge changes: the space (its revision, so its pages), every request of the space (the others are
 * outdated now: their requests and merge checks), and every change request list.
 */
export async function afterMerge(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: spaceChangeRequestsKey(profileId, orgId, spaceId) }),
    queryClient.invalidateQueries({ queryKey: changeRequestsKey(profileId, orgId) }),
    queryClient.invalidateQueries({ queryKey: spaceKey(profileId, spaceId) }),
    queryClient.invalidateQueries({ queryKey: keys.group(keys.org(profileId, orgId), 'content') }),
  ]);
}

/**
 * Merges a request into the main content (a 409 carries the server's message naming the conflicting pages or the
 * unmet merge rules); `bypassRules` merges past unmet rules, for those the rules let do so.
 */
export async function mergeChangeRequest(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
  options: { bypassRules?: boolean } = {},
): Promise<void> {
  await clientFor(profileId).call('mergeChangeRequest', {
    params: { spaceId, changeRequestId },
    ...(options.bypassRules === true ? { query: { bypassRules: true } } : {}),
  });
  await afterMerge(queryClient, profileId, orgId, spaceId);
}

/** Brings a request up to date with the main content (its head moves; a 409 names the conflicting pages). */
export async function updateFromMain(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  changeRequestId: string,
): Promise<void> {
  await clientFor(profileId).call('updateChangeRequest', { params: { spaceId, changeRequestId } });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: changeRequestKey(profileId, orgId, spaceId, changeRequestId) }),
    queryClient.invalidateQueries({ queryKey: changeRequestsKey(profileId, orgId) }),
  ]);
}

/** A temporary print URL of the request (or of one of its pages); it carries a print token, never the API token. */
export async function changeRequestPrintUrl(
  profileId: string,
  spaceId: string,
  changeRequestId: string,
  pageId?: string,
): Promise<string> {
  const { url } = await clientFor(profileId).call('getChangeRequestPDF', {
    params: { spaceId, changeRequestId },
    ...(pageId !== undefined ? { query: { only: true, page: pageId } } : {}),
  });
  return url;
}
