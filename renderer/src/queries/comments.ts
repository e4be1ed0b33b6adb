/**
 * Comments of a change request and their replies. Keys sit under the request's key (`changeRequestKey(…, id)`),
 * `[…, 'comments', 'listCommentsInChangeRequest', { status, targetPage }]` for the thread lists and
 * `[…, 'comments', 'listCommentRepliesInChangeRequest', { commentId }]` for a thread's replies. Lists read every page of the API's list, so a thread never goes missing past the first.
 *
 * Writes put the server's answer in the cached lists at once (so the UI can focus a new comment), then refresh the
 * lists and the request (its `comments` is the number of open comments). Reactions and Resolve/Reopen are
 * optimistic: the lists change first, and a failure puts back what they held before and rethrows for the caller's
 * toast.
 */
import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { User } from '../../../shared/contract/common.ts';
import type { Comment, CommentReply } from '../../../shared/contract/resources/comments.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import {
  matchesFilter,
  prependOnce,
  reactionChange,
  replaceById,
  toggleReaction,
  withStatus,
  type CommentFilter,
} from '../screens/change-requests/comments/logic.ts';
import { changeRequestKey, changeRequestsKey } from './changeRequests.ts';
import { keys } from './keys.ts';

/** Which request's comments: `changeRequestId` is the request's id (not its number). */
export interface CommentScope {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  /** The request's number, to refresh the request when the screen loaded it by number. */
  changeRequestNumber?: number;
}

/** Items per list call; lists read every page. */
const PAGE_SIZE = 100;
/** A guard against a server whose cursor never ends. */
const MAX_PAGES = 1000;

/** The key prefix of everything cached for the comments of one request. */
export function commentsKey(scope: CommentScope) {
  return keys.group(
    changeRequestKey(scope.profileId, scope.orgId, scope.spaceId, scope.changeRequestId),
    'comments',
  );
}

function listsKey(scope: CommentScope) {
  return keys.read(commentsKey(scope), 'listCommentsInChangeRequest');
}

/** The threads of the request with a status filter, only those on `pageId` when given; newest first. */
export function commentsQuery(scope: CommentScope, filter: CommentFilter, pageId?: string) {
  const { profileId, spaceId, changeRequestId } = scope;
  return queryOptions({
    queryKey: keys.read(commentsKey(scope), 'listCommentsInChangeRequest', {
      status: filter,
      targetPage: pageId ?? null,
    }),
    queryFn: (): Promise<Comment[]> =>
      allPages(
        (page) =>
          clientFor(profileId).call('listCommentsInChangeRequest', {
            params: { spaceId, changeRequestId },
            query: {
              status: filter,
              order: 'desc',
              format: 'markdown',
              limit: PAGE_SIZE,
              ...(pageId !== undefined ? { targetPage: pageId } : {}),
              ...pageParam(page),
            },
          }),
        { maxPages: MAX_PAGES },
      ),
  });
}

function repliesKey(scope: CommentScope, commentId: string) {
  return keys.read(commentsKey(scope), 'listCommentRepliesInChangeRequest', { commentId });
}

/** The replies of a thread, oldest first (the API's order). */
export function repliesQuery(scope: CommentScope, commentId: string) {
  const { profileId, spaceId, changeRequestId } = scope;
  return queryOptions({
    queryKey: repliesKey(scope, commentId),
    queryFn: (): Promise<CommentReply[]> =>
      allPages(
        (page) =>
          clientFor(profileId).call('listCommentRepliesInChangeRequest', {
            params: { spaceId, changeRequestId, commentId },
            query: { format: 'markdown', limit: PAGE_SIZE, ...pageParam(page) },
          }),
        { maxPages: MAX_PAGES },
      ),
  });
}

/** The filter and page of a list key written by `commentsQuery`. */
function listOf(key: QueryKey): { filter: CommentFilter; pageId: string | undefined } {
  const { status, targetPage } = key[key.length - 1] as { status: CommentFilter; targetPage: string | null };
  return { filter: status, pageId: targetPage ?? undefined };
}

type Snapshot = [QueryKey, unknown][];

function snapshotLists(queryClient: QueryClient, scope: CommentScope): Snapshot {
  return queryClient.getQueriesData({ queryKey: listsKey(scope) });
}

function restore(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Puts a thread's new state in every cached list: replaced where present, added where it now belongs. */
function putComment(queryClient: QueryClient, scope: CommentScope, comment: Comment, add: boolean): void {
  for (const [key, data] of snapshotLists(queryClient, scope)) {
    if (!Array.isArray(data)) continue;
    const list = data as Comment[];
    const { filter, pageId } = listOf(key);
    const present = list.some((item) => item.id === comment.id);
    if (present) queryClient.setQueryData(key, replaceById(list, comment));
    else if (add && matchesFilter(comment, filter, pageId))
      queryClient.setQueryData(key, prependOnce(list, comment));
  }
}

function removeComment(queryClient: QueryClient, scope: CommentScope, commentId: string): void {
  for (const [key, data] of snapshotLists(queryClient, scope)) {
    if (!Array.isArray(data)) continue;
    queryClient.setQueryData(
      key,
      (data as Comment[]).filter((item) => item.id !== commentId),
    );
  }
}

/** Refreshes the lists, and the request itself when its open-comment count may have changed. */
async function refresh(queryClient: QueryClient, scope: CommentScope, request: boolean): Promise<void> {
  const jobs = [queryClient.invalidateQueries({ queryKey: listsKey(scope) })];
  if (request) {
    const names = new Set<string>([scope.changeRequestId]);
    if (scope.changeRequestNumber !== undefined) names.add(String(scope.changeRequestNumber));
    const { profileId, orgId, spaceId } = scope;
    jobs.push(
      // The request under whichever name the screen loaded it (its id or its number).
      ...[...names].map((name) =>
        queryClient.invalidateQueries({
          queryKey: keys.read(changeRequestKey(profileId, orgId, spaceId, name), 'getChangeRequestById'),
        }),
      ),
      queryClient.invalidateQueries({ queryKey: changeRequestsKey(scope.profileId, scope.orgId) }),
    );
  }
  await Promise.all(jobs);
}

function params(scope: CommentScope) {
  return { spaceId: scope.spaceId, changeRequestId: scope.changeRequestId };
}

/**
 * Posts a thread on the request, on one of its pages, or on a block (`node`, and `lines` of it) of a page; it shows in
 * the cached lists before they refresh.
 */
export async function postComment(
  queryClient: QueryClient,
  scope: CommentScope,
  markdown: string,
  pageId?: string,
  block?: { node: string; lines?: { start: number; end: number } },
): Promise<Comment> {
  const comment = await clientFor(scope.profileId).call('postCommentInChangeRequest', {
    params: params(scope),
    body: {
      body: { markdown },
      ...(pageId !== undefined ? { page: pageId } : {}),
      ...(block !== undefined
        ? { node: block.node, ...(block.lines !== undefined ? { lines: block.lines } : {}) }
        : {}),
    },
  });
  putComment(queryClient, scope, comment, true);
  void refresh(queryClient, scope, true);
  return comment;
}

/** Saves a new body of a thread's comment. */
export async function editComment(
  queryClient: QueryClient,
  scope: CommentScope,
  commentId: string,
  markdown: string,
): Promise<Comment> {
  const comment = await clientFor(scope.profileId).call('updateCommentInChangeRequest', {
    params: { ...params(scope), commentId },
    body: { body: { markdown } },
  });
  putComment(queryClient, scope, comment, false);
  void refresh(queryClient, scope, false);
  return comment;
}

/** Deletes a thread with its replies. */
export async function deleteComment(
  queryClient: QueryClient,
  scope: CommentScope,
  commentId: string,
): Promise<void> {
  await clientFor(scope.profileId).call('deleteCommentInChangeRequest', {
    params: { ...params(scope), commentId },
  });
  removeComment(queryClient, scope, commentId);
  queryClient.removeQueries({ queryKey: repliesKey(scope, commentId) });
  void refresh(queryClient, scope, true);
}

/** Resolves or reopens a thread, optimistically; a refusal (403 for a non-reviewer) puts the lists back. */
export async function setResolved(
  queryClient: QueryClient,
  scope: CommentScope,
  comment: Comment,
  resolved: boolean,
  me: User | undefined,
): Promise<Comment> {
  await queryClient.cancelQueries({ queryKey: listsKey(scope) });
  const before = snapshotLists(queryClient, scope);
  putComment(queryClient, scope, withStatus(comment, resolved, me, new Date().toISOString()), true);
  try {
    const saved = await clientFor(scope.profileId).call('updateCommentInChangeRequest', {
      params: { ...params(scope), commentId: comment.id },
      body: { resolved },
    });
    putComment(queryClient, scope, saved, true);
    return saved;
  } catch (error) {
    restore(queryClient, before);
    throw error;
  } finally {
    void refresh(queryClient, scope, true);
  }
}

/** Toggles the user's reaction on a thread's comment, optimistically. */
export async function toggleCommentReaction(
  queryClient: QueryClient,
  scope: CommentScope,
  comment: Comment,
  emoji: string,
  me: User,
): Promise<Comment> {
  await queryClient.cancelQueries({ queryKey: listsKey(scope) });
  const before = snapshotLists(queryClient, scope);
  const change = reactionChange(comment.reactions, emoji, me.id);
  const reactions = toggleReaction(comment.reactions, emoji, me, new Date().toISOString());
  putComment(queryClient, scope, { ...comment, reactions }, false);
  try {
    const saved = await clientFor(scope.profileId).call('updateCommentInChangeRequest', {
      params: { ...params(scope), commentId: comment.id },
      body: change,
    });
    putComment(queryClient, scope, saved, false);
    return saved;
  } catch (error) {
    restore(queryClient, before);
    throw error;
  }
}

function putReply(queryClient: QueryClient, scope: CommentScope, commentId: string, reply: CommentReply) {
  queryClient.setQueryData<CommentReply[]>(repliesKey(scope, commentId), (list) =>
    list === undefined
      ? [reply]
      : list.some((item) => item.id === reply.id)
        ? replaceById(list, reply)
        : [...list, reply],
  );
}

/** Replies to a thread; the reply shows at once and the thread's reply count refreshes. */
export async function postReply(
  queryClient: QueryClient,
  scope: CommentScope,
  commentId: string,
  markdown: string,
): Promise<CommentReply> {
  const reply = await clientFor(scope.profileId).call('postCommentReplyInChangeRequest', {
    params: { ...params(scope), commentId },
    query: { format: 'markdown' },
    body: { body: { markdown } },
  });
  putReply(queryClient, scope, commentId, reply);
  void queryClient.invalidateQueries({ queryKey: repliesKey(scope, commentId) });
  void refresh(queryClient, scope, false);
  return reply;
}

/** Saves a new body of a reply. */
export async function editReply(
  queryClient: QueryClient,
  scope: CommentScope,
  commentId: string,
  replyId: string,
  markdown: string,
): Promise<CommentReply> {
  const reply = await clientFor(scope.profileId).call('updateCommentReplyInChangeRequest', {
    params: { ...params(scope), commentId, commentReplyId: replyId },
    body: { body: { markdown } },
  });
  putReply(queryClient, scope, commentId, reply);
  return reply;
}

/** Deletes a reply. */
export async function deleteReply(
  queryClient: QueryClient,
  scope: CommentScope,
  commentId: string,
  replyId: string,
): Promise<void> {
  await clientFor(scope.profileId).call('deleteCommentReplyInChangeRequest', {
    params: { ...params(scope), commentId, commentReplyId: replyId },
  });
  queryClient.setQueryData<CommentReply[]>(repliesKey(scope, commentId), (list) =>
    list?.filter((item) => item.id !== replyId),
  );
  void queryClient.invalidateQueries({ queryKey: repliesKey(scope, commentId) });
  void refresh(queryClient, scope, false);
}

/** Toggles the user's reaction on a reply, optimistically. */
export async function toggleReplyReaction(
  queryClient: QueryClient,
  scope: CommentScope,
  commentId: string,
  reply: CommentReply,
  emoji: string,
  me: User,
): Promise<CommentReply> {
  const key = repliesKey(scope, commentId);
  await queryClient.cancelQueries({ queryKey: key });
  const before = queryClient.getQueryData<CommentReply[]>(key);
  const change = reactionChange(reply.reactions, emoji, me.id);
  putReply(queryClient, scope, commentId, {
    ...reply,
    reactions: toggleReaction(reply.reactions, emoji, me, new Date().toISOString()),
  });
  try {
    const saved = await clientFor(scope.profileId).call('updateCommentReplyInChangeRequest', {
      params: { ...params(scope), commentId, commentReplyId: reply.id },
      body: change,
    });
    putReply(queryClient, scope, commentId, saved);
    return saved;
  } catch (error) {
    queryClient.setQueryData(key, before);
    throw error;
  }
}
