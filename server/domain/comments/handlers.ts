/**
 * Handlers of comments and their replies, shared by the comments on a space and those of its change requests: one
 * set of handlers, parametrized by how a call's path resolves to a comment scope (a space, or one change request
 * of it). Space comment handlers are built here; change request ones in `change-request-handlers.ts`. The reply
 * handlers are in `replies.ts`, reactions in `reactions.ts`, what they all share in `scope.ts`.
 *
 * Rules:
 * - Reading comments, replies and reactions needs `view` on the space (the space's 404 otherwise; a space in the
 *   trash answers 404). A comment of another scope (another space, another request, a request's comment read as a
 *   space comment or the reverse) answers the same 404 as an unknown id.
 * - Posting a comment or a reply needs the `comment` level on the space. A body may not be empty (400 naming
 *   `body`). A comment's `page` must be a page of the scope's revision: the space's current revision, or the
 *   request's head revision (400 naming `page`); `node`, a block of that page by its key, and `lines` of that block
 *   are checked as `anchors.ts` says, which also tells where a block comment's block is now and whether it changed.
 * - Editing the body of a comment or a reply: its author only. Resolving or reopening a comment (`resolved`): its
 *   author, or a member with the `review` level on the space. Deleting: the author, or an `admin` of the space.
 * - Reactions (`addedReactions`, `removedReactions`): anyone who may comment adds or removes their own; adding one
 *   twice or removing one that is not there changes nothing.
 * - The space's `comments` is the number of its open comments (change requests aside), a request's `comments` the
 *   number of its open comments, and a comment's `replies` the number of its replies: all stored and kept by
 *   triggers.
 * - Lists: `order` by posting time (default newest first), `status` (`all` by default), `targetPage`, `authors`.
 */
import type { Operations, QueryOf, BodyOf } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import type { CommentsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import { checkTargetIn } from './anchors.ts';
import { insertCommentRecordIn } from './commands.ts';
import { resolveSpaceAccessIn } from '../spaces/access.ts';
import { commentQuery, presentComment, type CommentContext, type CommentScope } from './present.ts';
import { applyReactionsIn } from './reactions.ts';
import { replyHandlerSet } from './replies.ts';
import {
  bodyText,
  commentContextIn,
  describeScope,
  ensureAuthor,
  ensureMayDelete,
  eventData,
  loadCommentIn,
  pagesOfIn,
  type Call,
  type CommentParams,
  type Format,
  type FormatQuery,
  type ResolvedScope,
  type ScopeResolver,
} from './scope.ts';

// Both families share their query and body schemas; the space operations' types stand for both.
type ListQuery = QueryOf<Operations['listCommentsInSpace']>;
type PostBody = BodyOf<Operations['postCommentInSpace']>;
type UpdateBody = BodyOf<Operations['updateCommentInSpace']>;

/** The comments of the scope: narrow it further with `where` on `c`. */
function scopedComments(scope: CommentScope) {
  const base = commentQuery().where('c.space_id', '=', scope.spaceId);
  return scope.changeRequestId === null
    ? base.where('c.change_request_id', 'is', null)
    : base.where('c.change_request_id', '=', scope.changeRequestId);
}

/** One comment; `posted`: just written, so without reactions to read. */
async function presentOne(
  on: Statements,
  scope: ResolvedScope,
  userId: string,
  baseUrl: string,
  id: string,
  format?: Format,
  posted = false,
) {
  const row = await loadCommentIn(on, scope, id);
  return presentComment(row, await commentContextIn(on, scope, userId, baseUrl, format, [row], !posted));
}

/**
 * The ten comment and reply handlers of one scope family. `P` holds the path parameters that name the scope
 * (`spaceId`, and `changeRequestId` for requests); `resolve` turns them into the scope. A write runs in one
 * transaction of the store with the scope (the caller's level) and the comment read in it; the comment is presented
 * after it.
 */
export function commentHandlerSet<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return {
    list: async ({ params, query, actor, services: { store }, baseUrl }: Call<P, ListQuery>) => {
      const scope = await resolve(store, params, actor, baseUrl);
      const direction = query.order ?? 'desc';
      const keys: readonly SortKey[] = [
        { column: 'c.created_at', direction },
        { column: 'c.id', direction },
      ];
      let base = scopedComments(scope);
      if (query.status === 'open') base = base.where('c.resolved', '=', 0);
      if (query.status === 'resolved') base = base.where('c.resolved', '=', 1);
      if (query.targetPage !== undefined) base = base.where('c.target_page_id', '=', query.targetPage);
      if (query.authors !== undefined) {
        const authors = [query.authors].flat();
        base = authors.length > 0 ? base.where('c.author_id', 'in', authors) : base;
      }
      const { fetch, count } = keysetQueriesIn(store, base, keys);
      let context: CommentContext | undefined;
      return listPageIn({
        query,
        keys,
        fetch: async (after, take) => {
          const rows = await fetch(after, take);
          context = await commentContextIn(store, scope, actor.userId, baseUrl, query.format, rows);
          return rows;
        },
        count,
        keyOf: (row) => [row.created_at, row.id],
        present: (row) => presentComment(row, context!),
      });
    },

    post: async ({
      params,
      body,
      actor,
      services: { store, clock },
      baseUrl,
    }: Call<P, unknown, PostBody>) => {
      const id = newId();
      const scope = await store.transaction(async (tx) => {
        const scope = await resolve(tx, params, actor, baseUrl);
        const { access } = scope;
        authorize(access.actor, 'space.comment', { level: access.level });
        const text = bodyText(body.body);
        const target = await checkTargetIn(tx, await pagesOfIn(tx, scope), body, describeScope(scope));
        await insertCommentRecordIn(tx, clock.now(), {
          id,
          scope,
          organizationId: access.space.organization_id,
          authorId: actor.userId,
          text,
          target,
        });
        return scope;
      });
      return presentOne(store, scope, actor.userId, baseUrl, id, undefined, true);
    },

    get: async ({
      params,
      query,
      actor,
      services: { store },
      baseUrl,
    }: Call<P & CommentParams, FormatQuery>) => {
      const scope = await resolve(store, params, actor, baseUrl);
      return presentOne(store, scope, actor.userId, baseUrl, params.commentId, query.format);
    },

    update: updateHandler(resolve),

    delete: async ({ params, actor, services: { store, clock }, baseUrl }: Call<P & CommentParams>) => {
      await store.transaction(async (tx) => {
        const scope = await resolve(tx, params, actor, baseUrl);
        const { access } = scope;
        const comment = await loadCommentIn(tx, scope, params.commentId);
        ensureMayDelete(access, comment.author_id, actor.userId, 'comment');
        // Its replies and reactions go with it (ON DELETE CASCADE).
        await tx.run(builder.deleteFrom('comments').where('id', '=', comment.id));
        await recordEventIn(tx, clock.now(), {
          organizationId: access.space.organization_id,
          actorId: actor.userId,
          action: 'comment.deleted',
          subjectType: 'comment',
          subjectId: comment.id,
          data: eventData(scope),
        });
      });
      return undefined;
    },

    ...replyHandlerSet(resolve),
  };
}

/** Updating a comment (its body, resolved state or reactions), in one transaction with the comment read in it. */
function updateHandler<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return async ({
    params,
    body,
    actor,
    services: { store, clock },
    baseUrl,
  }: Call<P & CommentParams, unknown, UpdateBody>) => {
    const now = clock.now();
    const at = now.toISOString();
    // The comment's author and resolved state are read in the transaction that changes them.
    const { scope, commentId } = await store.transaction(async (tx) => {
      const scope = await resolve(tx, params, actor, baseUrl);
      const { access } = scope;
      const comment = await loadCommentIn(tx, scope, params.commentId);
      const changes: Partial<CommentsTable> = {};
      if (body.body !== undefined) {
        ensureAuthor(comment.author_id, actor.userId, 'comment');
        changes.body = bodyText(body.body);
        changes.edited_at = at;
      }
      if (body.resolved !== undefined && body.resolved !== (comment.resolved === 1)) {
        if (comment.author_id !== actor.userId)
          authorize(access.actor, 'space.review', { level: access.level });
        changes.resolved = body.resolved ? 1 : 0;
        changes.resolved_at = body.resolved ? at : null;
        changes.resolved_by = body.resolved ? actor.userId : null;
      }
      const done = { scope, commentId: comment.id };
      const reacted = await applyReactionsIn(
        tx,
        at,
        access,
        actor.userId,
        { comment_id: comment.id, reply_id: null },
        body.addedReactions,
        body.removedReactions,
      );
      if (Object.keys(changes).length === 0 && !reacted) return done;
      await tx.run(
        builder
          .updateTable('comments')
          .set({ ...changes, updated_at: at })
          .where('id', '=', comment.id),
      );
      if (Object.keys(changes).length > 0)
        await recordEventIn(tx, now, {
          organizationId: access.space.organization_id,
          actorId: actor.userId,
          action:
            changes.resolved === undefined
              ? 'comment.updated'
              : changes.resolved === 1
                ? 'comment.resolved'
                : 'comment.reopened',
          subjectType: 'comment',
          subjectId: comment.id,
          data: eventData(scope),
        });
      return done;
    });
    return presentOne(store, scope, actor.userId, baseUrl, commentId);
  };
}

/** The comments on a space itself: its current revision's pages, no change request. */
const spaceScope: ScopeResolver<{ spaceId: string }> = async (on, params, caller, baseUrl) => {
  const access = await resolveSpaceAccessIn(on, params.spaceId, caller);
  return {
    access,
    spaceId: access.space.id,
    changeRequestId: null,
    revisionId: access.space.revision_id,
    commentsUrl: `${baseUrl}/v1/spaces/${access.space.id}/comments`,
  };
};

const space = commentHandlerSet(spaceScope);

export const spaceCommentHandlers = {
  listCommentsInSpace: space.list,
  postCommentInSpace: space.post,
  getCommentInSpace: space.get,
  updateCommentInSpace: space.update,
  deleteCommentInSpace: space.delete,
  listCommentRepliesInSpace: space.listReplies,
  postCommentReplyInSpace: space.postReply,
  getCommentReplyInSpace: space.getReply,
  updateCommentReplyInSpace: space.updateReply,
  deleteCommentReplyInSpace: space.deleteReply,
} satisfies Handlers;
