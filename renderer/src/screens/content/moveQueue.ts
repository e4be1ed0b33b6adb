/** The content tree's moves, on the shared optimistic queue (`queries/moveQueue.ts`): one queue per organization. */
import type { QueryClient } from '@tanstack/react-query';
import { contentQuery, invalidateContent, moveContentItem, type ContentData } from '../../queries/content.ts';
import {
  runMoves as runQueued,
  usePendingMoves as usePending,
  type MoveOutcome as Outcome,
  type MoveQueueOptions,
} from '../../queries/moveQueue.ts';
import { applyMoves, type MoveRequest } from '../../queries/contentTree/moves.ts';

/** How a batch ended: done, or refused at one request with the server's message. */
export type MoveOutcome = Outcome<MoveRequest>;

/** The queue of an organization's content tree. */
function queueId(profileId: string, orgId: string): string {
  return `content\n${profileId}\n${orgId}`;
}

function contentMoves(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
): MoveQueueOptions<ContentData, MoveRequest> {
  return {
    id: queueId(profileId, orgId),
    queryKey: contentQuery(profileId, orgId).queryKey,
    apply: applyMoves,
    send: (request) => moveContentItem(profileId, request.kind, request.id, request.body),
    invalidate: () => invalidateContent(queryClient, profileId, orgId),
  };
}

/** How many move batches of the organization are in flight (0 when the tree is settled), re-rendering on change. */
export function usePendingMoves(profileId: string, orgId: string): number {
  return usePending(queueId(profileId, orgId));
}

/**
 * Moves items: the cache shows the result at once; resolves once the server has answered every request of this
 * batch (after the batches before it).
 */
export function runMoves(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  requests: MoveRequest[],
): Promise<MoveOutcome> {
  return runQueued(queryClient, contentMoves(queryClient, profileId, orgId), requests);
}
