/**
 * What the comment, reply and reaction handlers share (`handlers.ts` lists the rules): the scope a call resolves to,
 * the shape of a call, the body's text, loading a comment, the caller's rights on it and the data of its events.
 */
import type { Static } from '@sinclair/typebox';
import type { Operations, QueryOf } from '../../../shared/contract/index.ts';
import type { DocumentInput } from '../../../shared/contract/resources/revisions.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Actor, Services } from '../../http/context.ts';
import { can } from '../../policies/index.ts';
import type { Statements } from '../../storage/store/store.ts';
import { flattenPages, loadRevisionIn, type PlacedPage } from '../content/revisions.ts';
import type { SpaceAccess } from '../spaces/access.ts';
import { anchorFinderIn } from './anchors.ts';
import {
  commentInScope,
  loadReactionsIn,
  type CommentContext,
  type CommentRow,
  type CommentScope,
} from './present.ts';

/** How a read asks for bodies: as a document (the default) or as markdown. */
export type Format = 'document' | 'markdown' | undefined;

/** A comment scope with the caller's access to its space. */
export interface ResolvedScope extends CommentScope {
  access: SpaceAccess;
}

/**
 * Resolves a call's path parameters to its comment scope through a store or a transaction, or throws the 404 of
 * what is not there.
 */
export type ScopeResolver<P> = (
  on: Statements,
  params: P,
  caller: Actor,
  baseUrl: string,
) => Promise<ResolvedScope>;

/** What a handler of the set receives: the parts of `HandlerContext` it uses, for either family of operations. */
export interface Call<P, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  services: Services;
  baseUrl: string;
}

// Both families share their query and body schemas; the space operations' types stand for both.
export type FormatQuery = QueryOf<Operations['getCommentInSpace']>;

/** The path parameter that names a comment. */
export interface CommentParams {
  commentId: string;
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

/** The pages of a scope's revision, by id, read once per resolved scope (to check and to present). */
const scopePages = new WeakMap<ResolvedScope, Map<string, PlacedPage>>();
export async function pagesOfIn(on: Statements, scope: ResolvedScope): Promise<Map<string, PlacedPage>> {
  let pages = scopePages.get(scope);
  if (pages === undefined) {
    pages = pagesById((await loadRevisionIn(on, scope.revisionId)).tree.pages);
    scopePages.set(scope, pages);
  }
  return pages;
}

const pagesById = (pages: Parameters<typeof flattenPages>[0]) =>
  new Map(flattenPages(pages).map((placed) => [placed.page.id, placed]));

/** The scope as a 404 or 400 message names it. */
export function describeScope(scope: CommentScope): string {
  return scope.changeRequestId === null
    ? `space \`${scope.spaceId}\``
    : `change request \`${scope.changeRequestId}\``;
}

/** The comment of this id in the scope, or its 404, read through a store or a transaction. */
export async function loadCommentIn(
  on: Statements,
  scope: CommentScope,
  commentId: string,
): Promise<CommentRow> {
  const row = await on.first(commentInScope(scope, commentId));
  if (!row) throw notFound(`no comment with id \`${commentId}\` in ${describeScope(scope)}`);
  return row;
}

/** What the caller may do with a comment or a reply by `authorId`. */
export function permissionsFor(access: SpaceAccess, userId: string) {
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

/**
 * What presenting the scope's comments `rows` needs, read through a store or a transaction: pages, the anchors of
 * the blocks they target, their reactions (unless `reactions` is false: a comment just posted has none), the
 * caller's rights.
 */
export async function commentContextIn(
  on: Statements,
  scope: ResolvedScope,
  userId: string,
  baseUrl: string,
  format: Format,
  rows: readonly Pick<CommentRow, 'id' | 'target_page_id' | 'target_node'>[],
  reactions = true,
): Promise<CommentContext> {
  const pages = await pagesOfIn(on, scope);
  const targeted = rows.flatMap((row) =>
    row.target_page_id !== null && row.target_node !== null ? [row.target_page_id] : [],
  );
  return {
    baseUrl,
    scope,
    pages,
    anchor: await anchorFinderIn(on, pages, new Set(targeted)),
    format,
    reactions: await loadReactionsIn(on, baseUrl, 'comment_id', reactions ? rows.map((row) => row.id) : []),
    permissions: permissionsFor(scope.access, userId),
  };
}

/** 403 unless the caller wrote the comment or reply whose body they edit. */
export function ensureAuthor(authorId: string, userId: string, what: string): void {
  if (authorId !== userId) throw forbidden(`only the author of a ${what} may edit its body`);
}

/** 403 unless the caller wrote the comment or reply, or is an admin of the space. */
export function ensureMayDelete(access: SpaceAccess, authorId: string, userId: string, what: string): void {
  if (authorId !== userId && !can(access.actor, 'space.admin', { level: access.level }))
    throw forbidden(`only the author of a ${what} or an admin of the space may delete it`);
}

/** The data of a comment event: its space, and its change request if any. */
export function eventData(scope: CommentScope, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    space: scope.spaceId,
    ...(scope.changeRequestId !== null ? { changeRequest: scope.changeRequestId } : {}),
    ...extra,
  };
}
