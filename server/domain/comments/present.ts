/** Comment and reply rows to API objects, with their authors and reactions loaded in one query per list. */
import type { Comment, CommentReply } from '../../../shared/contract/resources/comments.ts';
import type { Document } from '../../../shared/contract/resources/revisions.ts';
import { sql } from 'kysely';
import { builder } from '../../storage/database.ts';
import { inJsonArray, type Query } from '../../storage/dialect/compile.ts';
import { prepared } from '../../storage/prepared.ts';
import type { CommentRepliesTable, CommentsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { PlacedPage } from '../content/revisions.ts';
import { presentUser } from '../members/present.ts';
import type { AnchorState } from './anchors.ts';

interface Author {
  email: string;
  display_name: string;
  photo_url: string | null;
}

export interface CommentRow extends CommentsTable, Author {
  resolver_email: string | null;
  resolver_display_name: string | null;
  resolver_photo_url: string | null;
}
export interface ReplyRow extends CommentRepliesTable, Author {}

/**
 * Comments joined with their author and resolver, and replies with their author: built once (Kysely's builders are
 * immutable; parsing the selections on every request showed in profiles).
 */
const COMMENTS = builder
  .selectFrom('comments as c')
  .innerJoin('users as u', 'u.id', 'c.author_id')
  .leftJoin('users as r', 'r.id', 'c.resolved_by')
  .selectAll('c')
  .select([
    'u.email',
    'u.display_name',
    'u.photo_url',
    'r.email as resolver_email',
    'r.display_name as resolver_display_name',
    'r.photo_url as resolver_photo_url',
  ]);
const REPLIES = builder
  .selectFrom('comment_replies as cr')
  .innerJoin('users as u', 'u.id', 'cr.author_id')
  .selectAll('cr')
  .select(['u.email', 'u.display_name', 'u.photo_url']);

/** Comments joined with their author and resolver; narrow it with `where` on `c`. */
export function commentQuery() {
  return COMMENTS;
}

/** One comment of a space's own thread, or of a change request's: built once each. */
const spaceComment = prepared((spaceId: string, commentId: string) =>
  COMMENTS.where('c.space_id', '=', spaceId)
    .where('c.change_request_id', 'is', null)
    .where('c.id', '=', commentId),
);
const requestComment = prepared((spaceId: string, changeRequestId: string, commentId: string) =>
  COMMENTS.where('c.space_id', '=', spaceId)
    .where('c.change_request_id', '=', changeRequestId)
    .where('c.id', '=', commentId),
);

/** The comment of this id in the scope (its row, if any). */
export function commentInScope(scope: CommentScope, commentId: string) {
  return scope.changeRequestId === null
    ? spaceComment(scope.spaceId, commentId)
    : requestComment(scope.spaceId, scope.changeRequestId, commentId);
}

/** Replies joined with their author; narrow it with `where` on `cr`. */
export function replyQuery() {
  return REPLIES;
}

type Reactions = Comment['reactions'];

/** The reactions to the comments or replies of a JSON list of ids, built once per column (the list is one parameter). */
const reactionsOf = (column: 'comment_id' | 'reply_id') =>
  prepared((ids: string) =>
    builder
      .selectFrom('comment_reactions as x')
      .innerJoin('users as u', 'u.id', 'x.user_id')
      .select(['x.comment_id', 'x.reply_id', 'x.emoji', 'x.created_at', 'x.user_id'])
      .select(['u.email', 'u.display_name', 'u.photo_url'])
      .where(inJsonArray(sql.ref(`x.${column}`), ids))
      .orderBy('x.created_at')
      .orderBy('x.user_id'),
  );
const REACTIONS_OF = { comment_id: reactionsOf('comment_id'), reply_id: reactionsOf('reply_id') };

/**
 * The reactions of comments (`comment_id`) or replies (`reply_id`), by id, emojis in order of first use, read
 * through a store or a transaction.
 */
export async function loadReactionsIn(
  on: Statements,
  baseUrl: string,
  column: 'comment_id' | 'reply_id',
  ids: readonly string[],
): Promise<Map<string, Reactions>> {
  if (ids.length === 0) return new Map();
  return reactionsBy(baseUrl, column, await on.all(REACTIONS_OF[column](JSON.stringify(ids))));
}

type ReactionRow = ReturnType<ReturnType<typeof reactionsOf>> extends Query<infer R> ? R : never;

function reactionsBy(
  baseUrl: string,
  column: 'comment_id' | 'reply_id',
  rows: readonly ReactionRow[],
): Map<string, Reactions> {
  const out = new Map<string, Reactions>();
  for (const row of rows) {
    const id = row[column]!;
    const reactions = out.get(id) ?? [];
    out.set(id, reactions);
    let reaction = reactions.find((r) => r.emoji === row.emoji);
    if (!reaction) {
      reaction = { emoji: row.emoji, count: 0, users: [] };
      reactions.push(reaction);
    }
    reaction.count += 1;
    reaction.users.push({ user: presentUser(baseUrl, row), reactedAt: row.created_at });
  }
  return out;
}

/** A stored markdown body in the asked format: a structured document holds one paragraph per markdown paragraph. */
export function presentBody(markdown: string, format: 'document' | 'markdown' | undefined): Document {
  if (format !== 'document') return { markdown };
  const paragraphs = markdown.split(/\n{2,}/).filter((text) => text.trim() !== '');
  return {
    document: {
      object: 'document',
      data: {},
      nodes: paragraphs.map((text) => ({
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
      })),
    },
  };
}

/** Where comments live: a space itself, or one of its change requests. */
export interface CommentScope {
  spaceId: string;
  /** The change request holding the comments; null for the comments on the space itself. */
  changeRequestId: string | null;
  /** The revision whose pages the comments target: the space's current one, or the request's head. */
  revisionId: string;
  /** URL of the comment collection, without a trailing slash (`…/comments`). */
  commentsUrl: string;
}

export interface CommentContext {
  baseUrl: string;
  scope: CommentScope;
  /** The pages of the scope's revision, by id. */
  pages: ReadonlyMap<string, PlacedPage>;
  /** Where a block comment's block is in the scope's revision, and whether it changed. */
  anchor: (pageId: string, node: string, hash: string | null) => AnchorState;
  format: 'document' | 'markdown' | undefined;
  reactions: ReadonlyMap<string, Reactions>;
  permissions: (authorId: string) => Comment['permissions'];
}

export function presentComment(row: CommentRow, context: CommentContext): Comment {
  const { baseUrl, scope } = context;
  const placed = row.target_page_id !== null ? context.pages.get(row.target_page_id) : undefined;
  return {
    object: 'comment',
    id: row.id,
    postedBy: presentUser(baseUrl, { ...row, user_id: row.author_id }),
    postedAt: row.created_at,
    ...(row.edited_at !== null ? { editedAt: row.edited_at } : {}),
    reactions: context.reactions.get(row.id) ?? [],
    replies: row.replies ?? 0,
    body: presentBody(row.body, context.format),
    target: {
      space: scope.spaceId,
      revision: scope.revisionId,
      ...(scope.changeRequestId !== null ? { changeRequest: scope.changeRequestId } : {}),
      ...(row.review_id !== null && row.review_id !== undefined ? { review: row.review_id } : {}),
      ...(row.target_node !== null ? { node: presentNode(row, context) } : {}),
      ...(row.target_page_id !== null
        ? {
            page: placed
              ? {
                  id: row.target_page_id,
                  title: placed.page.title,
                  ...(placed.page.emoji !== undefined ? { emoji: placed.page.emoji } : {}),
                  createdAt: placed.page.createdAt,
                  updatedAt: placed.page.updatedAt,
                  path: placed.path,
                  outdated: false,
                }
              : // The page left the scope's revision since the comment was posted.
                { id: row.target_page_id, outdated: true },
          }
        : {}),
    },
    urls: { location: `${scope.commentsUrl}/${row.id}` },
    permissions: context.permissions(row.author_id),
    status: row.resolved ? 'resolved' : 'open',
    ...(row.resolved && row.resolved_at !== null ? { resolvedAt: row.resolved_at } : {}),
    ...(row.resolved &&
    row.resolved_by !== null &&
    row.resolver_email !== null &&
    row.resolver_display_name !== null
      ? {
          resolvedBy: presentUser(baseUrl, {
            user_id: row.resolved_by,
            email: row.resolver_email,
            display_name: row.resolver_display_name,
            photo_url: row.resolver_photo_url,
          }),
        }
      : {}),
  };
}

/** A block comment's `node`: its key, where its block is now, and whether the block changed since. */
function presentNode(row: CommentRow, context: CommentContext): NonNullable<Comment['target']['node']> {
  const key = row.target_node!;
  const lines =
    row.target_line_start !== null &&
    row.target_line_start !== undefined &&
    row.target_line_end !== null &&
    row.target_line_end !== undefined
      ? { lines: { start: row.target_line_start, end: row.target_line_end } }
      : {};
  if (row.target_page_id === null) return { id: key, ...lines };
  const state = context.anchor(row.target_page_id, key, row.target_node_hash ?? null);
  return {
    id: key,
    ...(state.index !== undefined ? { index: state.index } : {}),
    outdated: state.outdated,
    ...lines,
  };
}

export function presentReply(row: ReplyRow, context: Omit<CommentContext, 'pages' | 'anchor'>): CommentReply {
  return {
    object: 'comment-reply',
    id: row.id,
    postedBy: presentUser(context.baseUrl, { ...row, user_id: row.author_id }),
    postedAt: row.created_at,
    ...(row.edited_at !== null ? { editedAt: row.edited_at } : {}),
    reactions: context.reactions.get(row.id) ?? [],
    body: presentBody(row.body, context.format),
    urls: {
      location: `${context.scope.commentsUrl}/${row.comment_id}/replies/${row.id}`,
    },
    permissions: context.permissions(row.author_id),
  };
}
