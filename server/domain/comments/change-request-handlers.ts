/**
 * Handlers of the comments of a change request and of their replies: the space comment handlers
 * (`commentHandlerSet` in `handlers.ts`, whose doc comment lists the rules) over the request's scope.
 *
 * Differences from space comments:
 * - `{changeRequestId}` is the request's id, or its number when all digits; an unknown one answers 404.
 * - A comment's `page` must be a page of the request's head revision (`change_requests.revision_id`), and its
 *   `target` names the request (`changeRequest`) and that revision.
 * - The request's `comments` counts its open comments (triggers of migration 7); they never count on the space's,
 *   and the space's comment lists never show them (nor the request's lists the space's).
 */
import type { Handlers } from '../../http/context.ts';
import { loadChangeRequestIn } from '../change-requests/records.ts';
import { resolveSpaceAccessIn } from '../spaces/access.ts';
import { commentHandlerSet } from './handlers.ts';
import type { ScopeResolver } from './scope.ts';

const changeRequestScope: ScopeResolver<{ spaceId: string; changeRequestId: string }> = async (
  on,
  params,
  caller,
  baseUrl,
) => {
  const access = await resolveSpaceAccessIn(on, params.spaceId, caller);
  const request = await loadChangeRequestIn(on, access.space.id, params.changeRequestId);
  return {
    access,
    spaceId: access.space.id,
    changeRequestId: request.id,
    revisionId: request.revision_id,
    commentsUrl: `${baseUrl}/v1/spaces/${access.space.id}/change-requests/${request.id}/comments`,
  };
};

const inRequest = commentHandlerSet(changeRequestScope);

export const changeRequestCommentHandlers = {
  listCommentsInChangeRequest: inRequest.list,
  postCommentInChangeRequest: inRequest.post,
  getCommentInChangeRequest: inRequest.get,
  updateCommentInChangeRequest: inRequest.update,
  deleteCommentInChangeRequest: inRequest.delete,
  listCommentRepliesInChangeRequest: inRequest.listReplies,
  postCommentReplyInChangeRequest: inRequest.postReply,
  getCommentReplyInChangeRequest: inRequest.getReply,
  updateCommentReplyInChangeRequest: inRequest.updateReply,
  deleteCommentReplyInChangeRequest: inRequest.deleteReply,
} satisfies Handlers;
