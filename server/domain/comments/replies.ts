/**
 * Handlers of the replies to a comment, for either scope family (the rules are in `handlers.ts`): a thread reads
 * from its start; posting needs the `comment` level; editing a body is its author's; deleting, its author's or an
 * admin's of the space.
 */
import type { Operations, QueryOf, BodyOf } from '../../../shared/contract/index.ts';
import { notFound } from '../../errors.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { recordEvent } from '../events.ts';
import { loadReactions, presentReply, replyQuery, type CommentContext, type ReplyRow } from './present.ts';
import { applyReactions } from './reactions.ts';
import { bodyText, ensureAuthor, ensureMayDelete, eventData, loadComment, permissionsFor } from './scope.ts';
import type { Call, CommentParams, Format, FormatQuery, ResolvedScope, ScopeResolver } from './scope.ts';

// The space operations' types stand for both families, as in `handlers.ts`.
type ReplyListQuery = QueryOf<Operations['listCommentRepliesInSpace']>;
type PostReplyBody = BodyOf<Operations['postCommentReplyInSpace']>;
type UpdateReplyBody = BodyOf<Operations['updateCommentReplyInSpace']>;

interface ReplyParams extends CommentParams {
  commentReplyId: string;
}

function loadReply(db: Database, commentId: string, replyId: string): ReplyRow {
  const row = db.first(replyQuery().where('cr.comment_id', '=', commentId).where('cr.id', '=', replyId));
  if (!row) throw notFound(`no reply with id \`${replyId}\` to comment \`${commentId}\``);
  return row;
}

function presentOneReply(
  db: Database,
  scope: ResolvedScope,
  userId: string,
  baseUrl: string,
  commentId: string,
  replyId: string,
  format?: Format,
) {
  const row = loadReply(db, commentId, replyId);
  return presentReply(row, {
    baseUrl,
    scope,
    format,
    reactions: loadReactions(db, baseUrl, 'reply_id', [row.id]),
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
    listReplies: ({
      params,
      query,
      actor,
      services: { db },
      baseUrl,
    }: Call<P & CommentParams, ReplyListQuery>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const comment = loadComment(db, scope, params.commentId);
      // A thread reads from its start.
      const keys: readonly SortKey[] = [
        { column: 'cr.created_at', direction: 'asc' },
        { column: 'cr.id', direction: 'asc' },
      ];
      const { fetch, count } = keysetQueries(db, replyQuery().where('cr.comment_id', '=', comment.id), keys);
      let reactions: CommentContext['reactions'] = new Map();
      const permissions = permissionsFor(scope.access, actor.userId);
      return listPage({
        query,
        keys,
        fetch: (after, take) => {
          const rows = fetch(after, take);
          reactions = loadReactions(
            db,
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

    getReply: ({ params, query, actor, services: { db }, baseUrl }: Call<P & ReplyParams, FormatQuery>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const comment = loadComment(db, scope, params.commentId);
      return presentOneReply(
        db,
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

/** Writing replies: post, edit (body or reactions) and delete, each recorded in the audit log. */
function replyWriteHandlers<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return {
    postReply: ({
      params,
      query,
      body,
      actor,
      services: { db, clock },
      baseUrl,
    }: Call<P & CommentParams, FormatQuery, PostReplyBody>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const { access } = scope;
      const comment = loadComment(db, scope, params.commentId);
      authorize(access.actor, 'space.comment', { level: access.level });
      const text = bodyText(body.body);
      const now = clock.now();
      const at = now.toISOString();
      const id = newId();
      db.transaction(() => {
        db.run(
          db.q.insertInto('comment_replies').values({
            id,
            comment_id: comment.id,
            author_id: actor.userId,
            body: text,
            created_at: at,
            updated_at: at,
            edited_at: null,
          }),
        );
        recordEvent(db, now, {
          organizationId: access.space.organization_id,
          actorId: actor.userId,
          action: 'comment.reply.created',
          subjectType: 'comment_reply',
          subjectId: id,
          data: eventData(scope, { comment: comment.id }),
        });
      });
      return presentOneReply(db, scope, actor.userId, baseUrl, comment.id, id, query.format);
    },

    updateReply: ({
      params,
      body,
      actor,
      services: { db, clock },
      baseUrl,
    }: Call<P & ReplyParams, unknown, UpdateReplyBody>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const { access } = scope;
      const comment = loadComment(db, scope, params.commentId);
      const reply = loadReply(db, comment.id, params.commentReplyId);
      const now = clock.now();
      const at = now.toISOString();
      let text: string | undefined;
      if (body.body !== undefined) {
        ensureAuthor(reply.author_id, actor.userId, 'reply');
        text = bodyText(body.body);
      }
      db.transaction(() => {
        const reacted = applyReactions(
          db,
          at,
          access,
          actor.userId,
          { comment_id: null, reply_id: reply.id },
          body.addedReactions,
          body.removedReactions,
        );
        if (text === undefined && !reacted) return;
        db.run(
          db.q
            .updateTable('comment_replies')
            .set({ updated_at: at, ...(text !== undefined ? { body: text, edited_at: at } : {}) })
            .where('id', '=', reply.id),
        );
        if (text !== undefined)
          recordEvent(db, now, {
            organizationId: access.space.organization_id,
            actorId: actor.userId,
            action: 'comment.reply.updated',
            subjectType: 'comment_reply',
            subjectId: reply.id,
            data: eventData(scope, { comment: comment.id }),
          });
      });
      return presentOneReply(db, scope, actor.userId, baseUrl, comment.id, reply.id);
    },

    deleteReply: ({ params, actor, services: { db, clock }, baseUrl }: Call<P & ReplyParams>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const { access } = scope;
      const comment = loadComment(db, scope, params.commentId);
      const reply = loadReply(db, comment.id, params.commentReplyId);
      ensureMayDelete(access, reply.author_id, actor.userId, 'reply');
      db.transaction(() => {
        db.run(db.q.deleteFrom('comment_replies').where('id', '=', reply.id));
        recordEvent(db, clock.now(), {
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
