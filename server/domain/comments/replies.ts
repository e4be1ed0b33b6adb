/**
 * Handlers of the replies to a comment, for either scope family (the rules are in `handlers.ts`): a thread reads
 * from its start; posting needs the `comment` level; editing a body is its author's; deleting, its author's or an
 * admin's of the space.
 */
import type { Operations, QueryOf, BodyOf } from '../../../shared/contract/index.ts';
import { notFound } from '../../errors.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import { loadReactionsIn, presentReply, replyQuery, type CommentContext, type ReplyRow } from './present.ts';
import { applyReactionsIn } from './reactions.ts';
import {
  bodyText,
  ensureAuthor,
  ensureMayDelete,
  eventData,
  loadCommentIn,
  permissionsFor,
} from './scope.ts';
import type { Call, CommentParams, Format, FormatQuery, ResolvedScope, ScopeResolver } from './scope.ts';

// The space operations' types stand for both families, as in `handlers.ts`.
type ReplyListQuery = QueryOf<Operations['listCommentRepliesInSpace']>;
type PostReplyBody = BodyOf<Operations['postCommentReplyInSpace']>;
type UpdateReplyBody = BodyOf<Operations['updateCommentReplyInSpace']>;

interface ReplyParams extends CommentParams {
  commentReplyId: string;
}

async function loadReply(on: Statements, commentId: string, replyId: string): Promise<ReplyRow> {
  const row = await on.first(
    replyQuery().where('cr.comment_id', '=', commentId).where('cr.id', '=', replyId),
  );
  if (!row) throw notFound(`no reply with id \`${replyId}\` to comment \`${commentId}\``);
  return row;
}

async function presentOneReply(
  on: Statements,
  scope: ResolvedScope,
  userId: string,
  baseUrl: string,
  commentId: string,
  replyId: string,
  format?: Format,
) {
  const row = await loadReply(on, commentId, replyId);
  return presentReply(row, {
    baseUrl,
    scope,
    format,
    reactions: await loadReactionsIn(on, baseUrl, 'reply_id', [row.id]),
    permissions: permissionsFor(scope.access, userId),
  });
}

/**
 * The five reply handlers of one scope family: `P` holds the path parameters that name the scope, as for
 * `commentHandlerSet`, whose set they complete.
 */
export function replyHandlerSet<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return { ...replyReadHandlers(resolve), ...replyWriteHandlers(resolve) };
}

/** Reading a thread's replies: a page of them, or one. */
function replyReadHandlers<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return {
    listReplies: async ({
      params,
      query,
      actor,
      services: { store },
      baseUrl,
    }: Call<P & CommentParams, ReplyListQuery>) => {
      const scope = await resolve(store, params, actor, baseUrl);
      const comment = await loadCommentIn(store, scope, params.commentId);
      // A thread reads from its start.
      const keys: readonly SortKey[] = [
        { column: 'cr.created_at', direction: 'asc' },
        { column: 'cr.id', direction: 'asc' },
      ];
      const { fetch, count } = keysetQueriesIn(
        store,
        replyQuery().where('cr.comment_id', '=', comment.id),
        keys,
      );
      let reactions: CommentContext['reactions'] = new Map();
      const permissions = permissionsFor(scope.access, actor.userId);
      return listPageIn({
        query,
        keys,
        fetch: async (after, take) => {
          const rows = await fetch(after, take);
          reactions = await loadReactionsIn(
            store,
            baseUrl,
            'reply_id',
            rows.map((r) => r.id),
          );
          return rows;
        },
        count,
        keyOf: (row) => [row.created_at, row.id],
        present: (row) => presentReply(row, { baseUrl, scope, format: query.format, reactions, permissions }),
      });
    },

    getReply: async ({
      params,
      query,
      actor,
      services: { store },
      baseUrl,
    }: Call<P & ReplyParams, FormatQuery>) => {
      const scope = await resolve(store, params, actor, baseUrl);
      const comment = await loadCommentIn(store, scope, params.commentId);
      return presentOneReply(
        store,
        scope,
        actor.userId,
        baseUrl,
        comment.id,
        params.commentReplyId,
        query.format,
      );
    },
  };
}

/**
 * Writing replies: post, edit (body or reactions) and delete, each recorded in the audit log, each in one
 * transaction of the store with the scope, the comment and the reply read in it (a comment deleted meanwhile: 404).
 */
function replyWriteHandlers<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return {
    postReply: async ({
      params,
      query,
      body,
      actor,
      services: { store, clock },
      baseUrl,
    }: Call<P & CommentParams, FormatQuery, PostReplyBody>) => {
      const now = clock.now();
      const at = now.toISOString();
      const id = newId();
      const { scope, commentId } = await store.transaction(async (tx) => {
        const scope = await resolve(tx, params, actor, baseUrl);
        const { access } = scope;
        const comment = await loadCommentIn(tx, scope, params.commentId);
        authorize(access.actor, 'space.comment', { level: access.level });
        const text = bodyText(body.body);
        await tx.run(
          builder.insertInto('comment_replies').values({
            id,
            comment_id: comment.id,
            author_id: actor.userId,
            body: text,
            created_at: at,
            updated_at: at,
            edited_at: null,
          }),
        );
        await recordEventIn(tx, now, {
          organizationId: access.space.organization_id,
          actorId: actor.userId,
          action: 'comment.reply.created',
          subjectType: 'comment_reply',
          subjectId: id,
          data: eventData(scope, { comment: comment.id }),
        });
        return { scope, commentId: comment.id };
      });
      return presentOneReply(store, scope, actor.userId, baseUrl, commentId, id, query.format);
    },

    updateReply: async ({
      params,
      body,
      actor,
      services: { store, clock },
      baseUrl,
    }: Call<P & ReplyParams, unknown, UpdateReplyBody>) => {
      const now = clock.now();
      const at = now.toISOString();
      const { scope, commentId, replyId } = await store.transaction(async (tx) => {
        const scope = await resolve(tx, params, actor, baseUrl);
        const { access } = scope;
        const comment = await loadCommentIn(tx, scope, params.commentId);
        const reply = await loadReply(tx, comment.id, params.commentReplyId);
        let text: string | undefined;
        if (body.body !== undefined) {
          ensureAuthor(reply.author_id, actor.userId, 'reply');
          text = bodyText(body.body);
        }
        const done = { scope, commentId: comment.id, replyId: reply.id };
        const reacted = await applyReactionsIn(
          tx,
          at,
          access,
          actor.userId,
          { comment_id: null, reply_id: reply.id },
          body.addedReactions,
          body.removedReactions,
        );
        if (text === undefined && !reacted) return done;
        await tx.run(
          builder
            .updateTable('comment_replies')
            .set({ updated_at: at, ...(text !== undefined ? { body: text, edited_at: at } : {}) })
            .where('id', '=', reply.id),
        );
        if (text !== undefined)
          await recordEventIn(tx, now, {
            organizationId: access.space.organization_id,
            actorId: actor.userId,
            action: 'comment.reply.updated',
            subjectType: 'comment_reply',
            subjectId: reply.id,
            data: eventData(scope, { comment: comment.id }),
          });
        return done;
      });
      return presentOneReply(store, scope, actor.userId, baseUrl, commentId, replyId);
    },

    deleteReply: async ({ params, actor, services: { store, clock }, baseUrl }: Call<P & ReplyParams>) => {
      await store.transaction(async (tx) => {
        const scope = await resolve(tx, params, actor, baseUrl);
        const { access } = scope;
        const comment = await loadCommentIn(tx, scope, params.commentId);
        const reply = await loadReply(tx, comment.id, params.commentReplyId);
        ensureMayDelete(access, reply.author_id, actor.userId, 'reply');
        await tx.run(builder.deleteFrom('comment_replies').where('id', '=', reply.id));
        await recordEventIn(tx, clock.now(), {
          organizationId: access.space.organization_id,
          actorId: actor.userId,
          action: 'comment.reply.deleted',
          subjectType: 'comment_reply',
          subjectId: reply.id,
          data: eventData(scope, { comment: comment.id }),
        });
      });
      return undefined;
    },
  };
}
