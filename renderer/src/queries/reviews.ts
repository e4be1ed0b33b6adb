/**
 * Reviews of a change request, its requested reviewers and the blocks of its pages (what a block comment names). Keys
 * of one request sit under its key (`changeRequestKey`), so a review refreshes the request, its merge check and its
 * comments together.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { PageBlocks } from '../../../shared/contract/resources/revisions.ts';
import type {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
  SubmitChangeRequestReview,
} from '../../../shared/contract/resources/reviews.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { optionalRead } from './capabilities.ts';
import { changeRequestKey, changeRequestsKey, spaceChangeRequestsKey } from './changeRequests.ts';
import { keys } from './keys.ts';

/** Which request: `changeRequestId` is its id (not its number). */
export interface RequestRef {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
}

const requestKey = (ref: RequestRef) =>
  changeRequestKey(ref.profileId, ref.orgId, ref.spaceId, ref.changeRequestId);

/** Every review of the request, newest first. */
export function reviewsQuery(ref: RequestRef) {
  const { profileId, spaceId, changeRequestId } = ref;
  return queryOptions({
    queryKey: keys.read(requestKey(ref), 'getReviewsByChangeRequestId'),
    queryFn: (): Promise<ChangeRequestReview[]> =>
      allPages((page) =>
        clientFor(profileId).call('getReviewsByChangeRequestId', {
          params: { spaceId, changeRequestId },
          query: { format: 'markdown', limit: 100, ...pageParam(page) },
        }),
      ),
  });
}

/** Every person and team asked to review the request, oldest request first. */
export function requestedReviewersQuery(ref: RequestRef) {
  const { profileId, spaceId, changeRequestId } = ref;
  return queryOptions({
    queryKey: keys.read(requestKey(ref), 'getRequestedReviewersByChangeRequestId'),
    queryFn: (): Promise<ChangeRequestRequestedReviewer[]> =>
      allPages((page) =>
        clientFor(profileId).call('getRequestedReviewersByChangeRequestId', {
          params: { spaceId, changeRequestId },
          query: { limit: 100, ...pageParam(page) },
        }),
      ),
  });
}

/** Refreshes what a review or a review request changes: the request, its merge check, reviews, comments, lists. */
export async function afterReview(queryClient: QueryClient, ref: RequestRef): Promise<void> {
  await Promise.all([
    // The screen may have loaded the request by its number: everything of the space's requests is refreshed.
    queryClient.invalidateQueries({
      queryKey: spaceChangeRequestsKey(ref.profileId, ref.orgId, ref.spaceId),
    }),
    queryClient.invalidateQueries({ queryKey: changeRequestsKey(ref.profileId, ref.orgId) }),
  ]);
}

/** Submits a review (with the comments it carries, posted with it). */
export function submitReview(
  ref: RequestRef,
  body: Static<typeof SubmitChangeRequestReview>,
): Promise<ChangeRequestReview> {
  return clientFor(ref.profileId).call('submitChangeRequestReview', {
    params: { spaceId: ref.spaceId, changeRequestId: ref.changeRequestId },
    body,
  });
}

/** Asks people and teams to review the request. */
export function requestReviewers(
  ref: RequestRef,
  who: { users: string[]; teams: string[] },
): Promise<ChangeRequestRequestedReviewer[]> {
  return clientFor(ref.profileId)
    .call('requestReviewersForChangeRequest', {
      params: { spaceId: ref.spaceId, changeRequestId: ref.changeRequestId },
      body: { users: who.users, ...(who.teams.length > 0 ? { teams: who.teams } : {}) },
    })
    .then((answer) => answer.users);
}

/** Removes a requested reviewer (a user's id, or a team's). */
export async function removeRequestedReviewer(ref: RequestRef, id: string): Promise<void> {
  await clientFor(ref.profileId).call('removeRequestedReviewerFromChangeRequest', {
    params: { spaceId: ref.spaceId, changeRequestId: ref.changeRequestId, userId: id },
  });
}

/**
 * The blocks of a page of a revision with their keys (an extension of our API: where it is absent, block comments
 * are not offered); a revision never changes.
 */
export function pageBlocksQuery(profileId: string, spaceId: string, revisionId: string, pageId: string) {
  return queryOptions({
    queryKey: keys.read(keys.profile(profileId), 'listPageBlocksInRevision', { spaceId, revisionId, pageId }),
    queryFn: ({ client }): Promise<PageBlocks> =>
      optionalRead(client, profileId, 'listPageBlocksInRevision', () =>
        clientFor(profileId).call('listPageBlocksInRevision', { params: { spaceId, revisionId, pageId } }),
      ),
    staleTime: Infinity,
  });
}
