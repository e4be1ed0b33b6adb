/**
 * Handlers of comments and their replies, shared by the comments on a space and those of its change requests: one
 * set of handlers, parametrized by how a call's path resolves to a comment scope (a space, or one change request
 * of it). Space comment handlers are built here; change request ones in `change-request-handlers.ts`.
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
import type { Static } from '@sinclair/typebox';
import type { Operations, QueryOf, BodyOf, Role } from '../../../shared/contract/index.ts';
import type { DocumentInput } from '../../../shared/contract/resources/revisions.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Actor, Handlers, Services } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize, can, type OrgActor } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { CommentsTable } from '../../storage/schema.ts';
import { flattenPages, loadRevision, type PlacedPage } from '../content/revisions.ts';
import { recordEvent } from '../events.ts';
import { anchorFinder, checkTarget } from './anchors.ts';
import { insertCommentRecord } from './commands.ts';
import { resolveSpaceAccess, type SpaceAccess } from '../spaces/access.ts';
import {
  commentInScope,
  commentQuery,
  loadReactions,
  presentComment,
  presentReply,
  replyQuery,
  type CommentContext,
  type CommentRow,
  type CommentScope,
  type ReplyRow,
} from './present.ts';

type Format = 'document' | 'markdown' | undefined;

/** A comment scope with the caller's access to its space. */
export interface ResolvedScope extends CommentScope {
  access: SpaceAccess;
}

/** Resolves a call's path parameters to its comment scope, or throws the 404 of what is not there. */
export type ScopeResolver<P> = (db: Database, params: P, caller: Actor, baseUrl: string) => ResolvedScope;

/** What a handler of the set receives: the parts of `HandlerContext` it uses, for either family of operations. */
interface Call<P, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  services: Services;
  baseUrl: string;
}

// Both families share their query and body schemas; the space operations' types stand for both.
type ListQuery = QueryOf<Operations['listCommentsInSpace']>;
type FormatQuery = QueryOf<Operations['getCommentInSpace']>;
type ReplyListQuery = QueryOf<Operations['listCommentRepliesInSpace']>;
type PostBody = BodyOf<Operations['postCommentInSpace']>;
type UpdateBody = BodyOf<Operations['updateCommentInSpace']>;
type PostReplyBody = BodyOf<Operations['postCommentReplyInSpace']>;
type UpdateReplyBody = BodyOf<Operations['updateCommentReplyInSpace']>;

interface CommentParams {
  commentId: string;
}
interface ReplyParams extends CommentParams {
  commentReplyId: string;
}

/** The markdown of a body, or 400 naming the field (`body` by default) when it holds no text. */
export function bodyText(input: Static<typeof DocumentInput>, field = 'body field `body`'): string {
  let text = '';
  if ('markdown' in input) text = input.markdown;
  else if ('document' in input) text = documentText(input.document.nodes);
  if (text.trim() === '') throw badRequest(`${field}: a comment needs some text`);
  return text;
}

/** The text of a structured document: its blocks' texts, one paragraph each. */
function documentText(nodes: readonly unknown[]): string {
  const blocks: string[] = [];
  const inline = (node: unknown): string => {
    if (typeof node !== 'object' || node === null) return '';
    const n = node as { text?: unknown; leaves?: unknown; nodes?: unknown };
    if (typeof n.text === 'string') return n.text;
    const parts = Array.isArray(n.leaves) ? n.leaves : Array.isArray(n.nodes) ? n.nodes : [];
    return parts.map(inline).join('');
  };
  for (const node of nodes) blocks.push(inline(node));
  return blocks.filter((b) => b !== '').join('\n\n');
}

/** The pages of a scope's revision, by id; read once per resolved scope (a request reads them to check and to present). */
const scopePages = new WeakMap<ResolvedScope, Map<string, PlacedPage>>();
export function pagesOf(db: Database, scope: ResolvedScope): Map<string, PlacedPage> {
  let pages = scopePages.get(scope);
  if (pages === undefined) {
    pages = new Map(flattenPages(loadRevision(db, scope.revisionId).tree.pages).map((p) => [p.page.id, p]));
    scopePages.set(scope, pages);
  }
  return pages;
}

/** The comments of the scope: narrow it further with `where` on `c`. */
function scopedComments(scope: CommentScope) {
  const base = commentQuery().where('c.space_id', '=', scope.spaceId);
  return scope.changeRequestId === null
    ? base.where('c.change_request_id', 'is', null)
    : base.where('c.change_request_id', '=', scope.changeRequestId);
}

export function describeScope(scope: CommentScope): string {
  return scope.changeRequestId === null
    ? `space \`${scope.spaceId}\``
    : `change request \`${scope.changeRequestId}\``;
}

function loadComment(db: Database, scope: CommentScope, commentId: string): CommentRow {
  const row = db.first(commentInScope(scope, commentId));
  if (!row) throw notFound(`no comment with id \`${commentId}\` in ${describeScope(scope)}`);
  return row;
}

function loadReply(db: Database, commentId: string, replyId: string): ReplyRow {
  const row = db.first(replyQuery().where('cr.comment_id', '=', commentId).where('cr.id', '=', replyId));
  if (!row) throw notFound(`no reply with id \`${replyId}\` to comment \`${commentId}\``);
  return row;
}

/** What the caller may do with a comment or a reply by `authorId`. */
function permissionsFor(access: SpaceAccess, userId: string) {
  const subject = { level: access.level };
  const mayComment = can(access.actor, 'space.comment', subject);
  const isAdmin = can(access.actor, 'space.admin', subject);
  return (authorId: string) => ({
    view: true,
    edit: authorId === userId,
    reply: mayComment,
    delete: authorId === userId || isAdmin,
  });
}

export function commentContext(
  db: Database,
  scope: ResolvedScope,
  userId: string,
  baseUrl: string,
  format: Format,
  commentIds: readonly string[],
): CommentContext {
  const pages = pagesOf(db, scope);
  return {
    baseUrl,
    scope,
    pages,
    anchor: anchorFinder(db, pages),
    format,
    reactions: loadReactions(db, baseUrl, 'comment_id', commentIds),
    permissions: permissionsFor(scope.access, userId),
  };
}

/** One comment; `posted`: just written, so without reactions to read. */
function presentOne(
  db: Database,
  scope: ResolvedScope,
  userId: string,
  baseUrl: string,
  id: string,
  format?: Format,
  posted = false,
) {
  const row = loadComment(db, scope, id);
  return presentComment(row, commentContext(db, scope, userId, baseUrl, format, posted ? [] : [row.id]));
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

/** Authorizes and applies the caller's own reaction changes to a comment or a reply. */
function applyReactions(
  db: Database,
  at: string,
  access: { actor: OrgActor; level: Role },
  userId: string,
  target: { comment_id: string | null; reply_id: string | null },
  added: readonly string[] | undefined,
  removed: readonly string[] | undefined,
): boolean {
  if ((added?.length ?? 0) === 0 && (removed?.length ?? 0) === 0) return false;
  authorize(access.actor, 'space.comment', { level: access.level });
  for (const [field, list] of [
    ['addedReactions', added],
    ['removedReactions', removed],
  ] as const) {
    list?.forEach((emoji, i) => {
      if (emoji.trim() === '') throw badRequest(`body field \`${field}[${i}]\`: an emoji may not be empty`);
    });
  }
  const column = target.comment_id !== null ? 'comment_id' : 'reply_id';
  const id = (target.comment_id ?? target.reply_id)!;
  for (const emoji of new Set(removed ?? []))
    db.run(
      db.q
        .deleteFrom('comment_reactions')
        .where(column, '=', id)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji),
    );
  for (const emoji of new Set(added ?? [])) {
    const exists = db.first(
      db.q
        .selectFrom('comment_reactions')
        .select('emoji')
        .where(column, '=', id)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji),
    );
    if (!exists)
      db.run(
        db.q.insertInto('comment_reactions').values({ ...target, user_id: userId, emoji, created_at: at }),
      );
  }
  return true;
}

function ensureAuthor(authorId: string, userId: string, what: string): void {
  if (authorId !== userId) throw forbidden(`only the author of a ${what} may edit its body`);
}

function ensureMayDelete(access: SpaceAccess, authorId: string, userId: string, what: string): void {
  if (authorId !== userId && !can(access.actor, 'space.admin', { level: access.level }))
    throw forbidden(`only the author of a ${what} or an admin of the space may delete it`);
}

/** The data of a comment event: its space, and its change request if any. */
function eventData(scope: CommentScope, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    space: scope.spaceId,
    ...(scope.changeRequestId !== null ? { changeRequest: scope.changeRequestId } : {}),
    ...extra,
  };
}

/**
 * The ten comment and reply handlers of one scope family. `P` holds the path parameters that name the scope
 * (`spaceId`, and `changeRequestId` for requests); `resolve` turns them into the scope.
 */
export function commentHandlerSet<P extends { spaceId: string }>(resolve: ScopeResolver<P>) {
  return {
    list: ({ params, query, actor, services: { db }, baseUrl }: Call<P, ListQuery>) => {
      const scope = resolve(db, params, actor, baseUrl);
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
      const { fetch, count } = keysetQueries(db, base, keys);
      let context: CommentContext | undefined;
      return listPage({
        query,
        keys,
        fetch: (after, take) => {
          const rows = fetch(after, take);
          context = commentContext(
            db,
            scope,
            actor.userId,
            baseUrl,
            query.format,
            rows.map((r) => r.id),
          );
          return rows;
        },
        count,
        keyOf: (row) => [row.created_at, row.id],
        present: (row) => presentComment(row, context!),
      });
    },

    post: ({ params, body, actor, services: { db, clock }, baseUrl }: Call<P, unknown, PostBody>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const { access } = scope;
      authorize(access.actor, 'space.comment', { level: access.level });
      const text = bodyText(body.body);
      const target = checkTarget(db, pagesOf(db, scope), body, describeScope(scope));
      const id = newId();
      db.transaction(() =>
        insertCommentRecord(db, clock.now(), {
          id,
          scope,
          organizationId: access.space.organization_id,
          authorId: actor.userId,
          text,
          target,
        }),
      );
      return presentOne(db, scope, actor.userId, baseUrl, id, undefined, true);
    },

    get: ({ params, query, actor, services: { db }, baseUrl }: Call<P & CommentParams, FormatQuery>) => {
      const scope = resolve(db, params, actor, baseUrl);
      return presentOne(db, scope, actor.userId, baseUrl, params.commentId, query.format);
    },

    update: ({
      params,
      body,
      actor,
      services: { db, clock },
      baseUrl,
    }: Call<P & CommentParams, unknown, UpdateBody>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const { access } = scope;
      const comment = loadComment(db, scope, params.commentId);
      const now = clock.now();
      const at = now.toISOString();
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
      db.transaction(() => {
        const reacted = applyReactions(
          db,
          at,
          access,
          actor.userId,
          { comment_id: comment.id, reply_id: null },
          body.addedReactions,
          body.removedReactions,
        );
        if (Object.keys(changes).length === 0 && !reacted) return;
        db.run(
          db.q
            .updateTable('comments')
            .set({ ...changes, updated_at: at })
            .where('id', '=', comment.id),
        );
        if (Object.keys(changes).length > 0)
          recordEvent(db, now, {
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
      });
      return presentOne(db, scope, actor.userId, baseUrl, comment.id);
    },

    delete: ({ params, actor, services: { db, clock }, baseUrl }: Call<P & CommentParams>) => {
      const scope = resolve(db, params, actor, baseUrl);
      const { access } = scope;
      const comment = loadComment(db, scope, params.commentId);
      ensureMayDelete(access, comment.author_id, actor.userId, 'comment');
      db.transaction(() => {
        // Its replies and reactions go with it (ON DELETE CASCADE).
        db.run(db.q.deleteFrom('comments').where('id', '=', comment.id));
        recordEvent(db, clock.now(), {
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

/** The comments on a space itself: its current revision's pages, no change request. */
const spaceScope: ScopeResolver<{ spaceId: string }> = (db, params, caller, baseUrl) => {
  const access = resolveSpaceAccess(db, params.spaceId, caller);
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
