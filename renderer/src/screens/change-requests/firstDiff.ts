/**
 * The first diff of an app opened on a request's Changes tab, started outside React: as soon as the request and its
 * two page trees are read (sent by `renderer/src/startReads.ts`), the trees are classified and the bodies of the page
 * the tab shows first are read, then diffed, then its open comments read (the tab's order). The tab, rendered
 * meanwhile, finds the classified tree (`reviewTreeOf`) and the page's diff in flight or done. Started by the tab
 * itself, the same steps waited for the screen's first render and for the render of the tab with the trees (60–130 ms
 * of the main thread after the trees were in).
 */
import type { QueryClient } from '@tanstack/react-query';
import { changeRequestQuery } from '../../queries/changeRequests.ts';
import { commentsQuery } from '../../queries/comments.ts';
import { reviewBasePagesQuery, reviewHeadPagesQuery } from '../../queries/review.ts';
import type { ChangeRequestParams } from '../../queries/reviewReads.ts';
import { diffClient } from './diff/diffClient.ts';
import { reviewTreeOf, startPageDiff } from './diff/useReview.ts';
import { commentScope } from './review/useReviewSession.tsx';

/** Starts the diff of the page a request's Changes tab opens on (`pageId`: the URL's, else its first changed page). */
export async function startFirstDiff(
  queryClient: QueryClient,
  { profileId, orgId, spaceId, changeRequestId }: ChangeRequestParams,
  pageId: string | undefined,
): Promise<void> {
  // The worker compiles the diff and the markdown renderer while the reads are answered.
  diffClient();
  const changeRequest = await queryClient.fetchQuery(
    changeRequestQuery(profileId, orgId, spaceId, changeRequestId),
  );
  const [head, base] = await Promise.all([
    queryClient.fetchQuery(reviewHeadPagesQuery(profileId, orgId, spaceId, changeRequest)),
    queryClient.fetchQuery(reviewBasePagesQuery(profileId, spaceId, changeRequest)),
  ]);
  const context = { profileId, orgId, spaceId, changeRequest };
  const first = startPageDiff(queryClient, context, reviewTreeOf(base, head), pageId);
  if (first !== undefined && first.change?.kinds.includes('deleted') !== true)
    void queryClient.prefetchQuery(commentsQuery(commentScope(context), 'open', first.id));
}
