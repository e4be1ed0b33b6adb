/**
 * Handlers of the reviews of a change request and of its requested reviewers (GitBook's six operations).
 *
 * Rules:
 * - Reading reviews and requested reviewers needs `view` on the space (its 404 otherwise); a request of another
 *   space, or a review of another request, answers 404 like an unknown id.
 * - A review is made against the request's head revision: `approved` or `changes-requested`, with an optional
 *   comment (its body, posted as a comment of the request with `target.review`) and, as an extension, comments on the
 *   request, a page or a block (`comments`, checked like posted comments: all are written or none). A newer review
 *   of the same reviewer supersedes the earlier ones; a review is `outdated` once superseded, or once the head moved
 *   past its revision. `outdated=true|false` filters the list; newest first.
 * - Who may review: a requested reviewer (in person or through a team) or whoever has the `review` level on the space
 *   (403 otherwise); never the request's author (403); only an `open` request (409 naming its status).
 * - Requesting reviewers needs `edit` on the space, and an `open` or `draft` request (409 otherwise). `users` (and
 *   the extension `teams`) name at least one reviewer in all (400 naming `users`); each person must be a member of
 *   the organization who may view the space and is not the request's author, each team a team of the organization
 *   (400 naming the field and position). Asking again renews the request and supersedes that person's current
 *   reviews. `subject` renames the request at the same time. The answer lists the requests sent.
 * - Removing a requested reviewer (`{userId}`, a user's id or, as an extension, a team's) needs `edit`, or to be
 *   that reviewer: 205 when removed, 204 when they were not requested.
 */
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { UNCHANGED, type Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize, can } from '../../policies/index.ts';
import { retryingConflicts, type Statements } from '../../storage/store/store.ts';
import { loadChangeRequestIn } from '../change-requests/records.ts';
import type { ChangeRequestRow } from '../change-requests/present.ts';
import { checkTargetIn } from '../comments/anchors.ts';
import {
  bodyText,
  commentContextIn,
  describeScope,
  pagesOfIn,
  type ResolvedScope,
} from '../comments/scope.ts';
import { commentQuery, presentComment } from '../comments/present.ts';
import { resolveSpaceAccessIn, type SpaceAccess } from '../spaces/access.ts';
import {
  removeRequestedReviewerRecordIn,
  requestReviewersRecordIn,
  submitReviewRecordIn,
  type ReviewComment,
  type ReviewedRequest,
} from './commands.ts';
import { presentRequested, presentReview } from './present.ts';
import {
  findReviewIn,
  requestedQuery,
  reviewsOfRequest,
  teamMembersIn,
  teamsOfUserIn,
  teamTitlesIn,
  type RequestedRow,
  type ReviewRow,
} from './records.ts';

const REVIEW_KEYS: readonly SortKey[] = [
  { column: 'r.created_at', direction: 'desc' },
  { column: 'r.id', direction: 'desc' },
];
const REQUESTED_KEYS: readonly SortKey[] = [{ column: 'rr.seq', direction: 'asc' }];

interface RequestParams {
  spaceId: string;
  changeRequestId: string;
}

type Format = 'document' | 'markdown' | undefined;

/** The target of a review's own comment: the request itself. */
const NO_TARGET = { pageId: null, node: null, nodeHash: null, lineStart: null, lineEnd: null };

/** The space, the request and the comment scope of its head, read through a store or a transaction. */
async function reviewedRequest(
  on: Statements,
  params: RequestParams,
  caller: { userId: string },
  baseUrl: string,
) {
  const access = await resolveSpaceAccessIn(on, params.spaceId, caller);
  const request = await loadChangeRequestIn(on, access.space.id, params.changeRequestId);
  const scope: ResolvedScope = {
    access,
    spaceId: access.space.id,
    changeRequestId: request.id,
    revisionId: request.revision_id,
    commentsUrl: `${baseUrl}/v1/spaces/${access.space.id}/change-requests/${request.id}/comments`,
  };
  const reviewed: ReviewedRequest = {
    id: request.id,
    number: request.number,
    spaceId: access.space.id,
    organizationId: access.space.organization_id,
    revisionId: request.revision_id,
  };
  return { access, request, scope, reviewed };
}

/** Presents reviews with their body comments (one query for all the comments). */
async function presentReviews(
  on: Statements,
  rows: readonly ReviewRow[],
  context: { scope: ResolvedScope; userId: string; baseUrl: string; format: Format },
) {
  const commentIds = rows.flatMap((row) => (row.comment_id === null ? [] : [row.comment_id]));
  const comments =
    commentIds.length === 0 ? [] : await on.all(commentQuery().where('c.id', 'in', commentIds));
  const presentedContext = await commentContextIn(
    on,
    context.scope,
    context.userId,
    context.baseUrl,
    context.format,
    comments,
  );
  const byId = new Map(comments.map((row) => [row.id, presentComment(row, presentedContext)]));
  return rows.map((row) =>
    presentReview(row, {
      baseUrl: context.baseUrl,
      spaceId: context.scope.spaceId,
      comment: row.comment_id === null ? undefined : byId.get(row.comment_id),
    }),
  );
}

/** The direct or team request that asked the caller to review, if any. */
async function requestOfCaller(
  on: Statements,
  organizationId: string,
  changeRequestId: string,
  userId: string,
) {
  const rows = await on.all(requestedQuery().where('rr.change_request_id', '=', changeRequestId));
  const direct = rows.find((row) => row.user_id === userId);
  if (direct !== undefined) return direct;
  const teams = await teamsOfUserIn(on, organizationId, userId);
  return rows.find((row) => row.team_id !== null && teams.has(row.team_id));
}

/** 403 unless the caller may review the request (requested, or the `review` level), and is not its author. */
function ensureMayReview(
  access: SpaceAccess,
  request: ChangeRequestRow,
  asked: RequestedRow | undefined,
): void {
  if (request.created_by === access.actor.userId)
    throw forbidden('the author of a change request may not review it');
  if (asked === undefined && !can(access.actor, 'space.review', { level: access.level }))
    throw forbidden('reviewing needs the review level or higher on this space, or a request to review');
}

/** The people and teams asked, checked: 400 naming the field and position of the first that may not review. */
async function checkReviewers(
  on: Statements,
  access: SpaceAccess,
  request: ChangeRequestRow,
  users: readonly string[],
  teams: readonly string[],
): Promise<void> {
  for (const [index, userId] of users.entries()) {
    const field = `body field \`users[${index}]\``;
    if (userId === request.created_by)
      throw badRequest(`${field}: \`${userId}\` wrote change request ${request.number} and cannot review it`);
    try {
      await resolveSpaceAccessIn(on, access.space.id, { userId });
    } catch {
      throw badRequest(`${field}: no member with id \`${userId}\` in this organization may view this space`);
    }
  }
  const known = await teamTitlesIn(on, access.space.organization_id, teams);
  teams.forEach((teamId, index) => {
    if (!known.has(teamId))
      throw badRequest(`body field \`teams[${index}]\`: no team with id \`${teamId}\` in this organization`);
  });
}

export const reviewHandlers = {
  getReviewsByChangeRequestId: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { scope, request } = await reviewedRequest(store, params, actor, baseUrl);
    const base = reviewsOfRequest(request.id, query.outdated);
    const { fetch, count } = keysetQueriesIn(store, base, REVIEW_KEYS);
    let presented = new Map<string, Awaited<ReturnType<typeof presentReviews>>[number]>();
    return listPageIn({
      query,
      keys: REVIEW_KEYS,
      fetch: async (after, take) => {
        const rows = await fetch(after, take);
        const items = await presentReviews(store, rows, {
          scope,
          userId: actor.userId,
          baseUrl,
          format: query.format,
        });
        presented = new Map(items.map((item) => [item.id, item]));
        return rows;
      },
      count,
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presented.get(row.id)!,
    });
  },

  submitChangeRequestReview: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    // Who asked the caller, the request's status and head, and the pages its comments target are read in the
    // transaction that writes the review.
    const { scope, requestId, reviewId } = await store.transaction(async (tx) => {
      const { access, request, scope, reviewed } = await reviewedRequest(tx, params, actor, baseUrl);
      const asked = await requestOfCaller(tx, access.space.organization_id, request.id, actor.userId);
      ensureMayReview(access, request, asked);
      if (request.status !== 'open')
        throw conflict(
          `change request ${request.number} is ${request.status}: only open change requests can be reviewed`,
        );
      const pages = await pagesOfIn(tx, scope);
      const comment: ReviewComment | undefined =
        body.comment === undefined
          ? undefined
          : { text: bodyText(body.comment, 'body field `comment`'), target: NO_TARGET };
      const comments: ReviewComment[] = [];
      for (const [index, posted] of (body.comments ?? []).entries())
        comments.push({
          text: bodyText(posted.body, `body field \`comments[${index}].body\``),
          target: await checkTargetIn(tx, pages, posted, describeScope(scope), `comments[${index}].`),
        });
      const { reviewId } = await submitReviewRecordIn(tx, clock.now(), {
        request: reviewed,
        scope,
        reviewerId: actor.userId,
        requestedBy: asked?.requested_by ?? null,
        status: body.status,
        comment,
        comments,
      });
      return { scope, requestId: request.id, reviewId };
    });
    const row = (await findReviewIn(store, requestId, reviewId))!;
    const [presented] = await presentReviews(store, [row], {
      scope,
      userId: actor.userId,
      baseUrl,
      format: undefined,
    });
    return presented!;
  },

  getChangeRequestReviewById: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { scope, request } = await reviewedRequest(store, params, actor, baseUrl);
    const row = await findReviewIn(store, request.id, params.reviewId);
    if (row === undefined)
      throw notFound(`no review with id \`${params.reviewId}\` of change request ${request.number}`);
    const [presented] = await presentReviews(store, [row], {
      scope,
      userId: actor.userId,
      baseUrl,
      format: query.format,
    });
    return presented!;
  },

  getRequestedReviewersByChangeRequestId: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { access, request } = await reviewedRequest(store, params, actor, baseUrl);
    const base = requestedQuery().where('rr.change_request_id', '=', request.id);
    const { fetch, count } = keysetQueriesIn(store, base, REQUESTED_KEYS);
    let sizes = new Map<string, number>();
    return listPageIn({
      query,
      keys: REQUESTED_KEYS,
      fetch: async (after, take) => {
        const rows = await fetch(after, take);
        const members = await teamMembersIn(
          store,
          rows.flatMap((row) => (row.team_id === null ? [] : [row.team_id])),
        );
        sizes = new Map([...members].map(([id, set]) => [id, set.size]));
        return rows;
      },
      count,
      keyOf: (row) => [row.seq],
      present: (row) => presentRequested(row, { baseUrl, actor: access.actor, teamSizes: sizes }),
    });
  },

  requestReviewersForChangeRequest: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const users = [...new Set(body.users)];
    const teams = [...new Set(body.teams ?? [])];
    // The request's status, the reviewers' standing and the last place asked are read in the transaction. A person
    // asked twice at once: on PostgreSQL the second meets the row the first inserted (UNIQUE), and runs again.
    const { access, rows, members } = await retryingConflicts(() =>
      store.transaction(async (tx) => {
        const { access, request, reviewed } = await reviewedRequest(tx, params, actor, baseUrl);
        authorize(access.actor, 'space.requestReview', { level: access.level });
        if (request.status !== 'open' && request.status !== 'draft')
          throw conflict(
            `change request ${request.number} is ${request.status}: reviews can be requested of open and draft change requests only`,
          );
        if (users.length + teams.length === 0)
          throw badRequest('body field `users`: name at least one reviewer (a user, or a team in `teams`)');
        await checkReviewers(tx, access, request, users, teams);
        await requestReviewersRecordIn(tx, clock.now(), {
          request: reviewed,
          users,
          teams,
          requestedBy: actor.userId,
          subject: body.subject,
        });
        const rows = await tx.all(requestedQuery().where('rr.change_request_id', '=', request.id));
        return { access, rows, members: await teamMembersIn(tx, teams) };
      }),
    );
    // In the order asked: the people, then the teams.
    const order = [...users.map((id) => `user:${id}`), ...teams.map((id) => `team:${id}`)];
    const keyOf = (row: RequestedRow) =>
      row.user_id !== null ? `user:${row.user_id}` : `team:${row.team_id}`;
    const sent = rows
      .filter((row) => order.includes(keyOf(row)))
      .sort((a, b) => order.indexOf(keyOf(a)) - order.indexOf(keyOf(b)));
    const teamSizes = new Map([...members].map(([id, set]) => [id, set.size]));
    return { users: sent.map((row) => presentRequested(row, { baseUrl, actor: access.actor, teamSizes })) };
  },

  removeRequestedReviewerFromChangeRequest: async ({
    params,
    actor,
    services: { store, clock },
    baseUrl,
  }) => {
    const now = clock.now();
    const removed = await store.transaction(async (tx) => {
      const { access, reviewed } = await reviewedRequest(tx, params, actor, baseUrl);
      if (params.userId !== actor.userId)
        authorize(access.actor, 'space.requestReview', { level: access.level });
      const input = { request: reviewed, actorId: actor.userId };
      return (
        (await removeRequestedReviewerRecordIn(tx, now, { ...input, reviewer: { userId: params.userId } })) ||
        (await removeRequestedReviewerRecordIn(tx, now, { ...input, reviewer: { teamId: params.userId } }))
      );
    });
    return removed ? undefined : UNCHANGED;
  },
} satisfies Handlers;
