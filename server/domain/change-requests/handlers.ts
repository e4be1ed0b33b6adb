/**
 * Handlers of the change requests of a space: list, create, read, rename and change status. Merge, update, merge
 * check and the organization-wide list are in `merge-handlers.ts`; content and the PDF in `content-handlers.ts`.
 *
 * Rules:
 * - Statuses: `draft`, `open`, `archived`, `merged`. A request is `open` when created (GitBook's default).
 * - Moves through PATCH: draft → open, open → draft, draft | open → archived, archived → open. `merged` is reached
 *   only through the merge (the contract refuses it in PATCH: 400 naming `status`); a merged request keeps its
 *   status (409). Any other move is a 409 naming both statuses; setting the current status changes nothing.
 * - `number` is max + 1 per space, taken in the transaction that inserts the request (SQLite writes one at a time,
 *   PostgreSQL's SERIALIZABLE retries one of two concurrent creations, and UNIQUE (space_id, number) backs both).
 *   `{changeRequestId}` is the id, or the number when it is all digits.
 * - Creating copies the space's current revision tree into a new revision whose parent is that space revision:
 *   the request's head. `revision_initial` remembers the space revision. The merge base is the space revision last
 *   pulled in by an update (`revision_merged_ancestor`), else `revision_initial`; the request is `outdated` once the
 *   space's revision differs from its merge base (never once merged).
 * - Presented requests name their `space`, count their open `comments` (kept by triggers), and once merged carry
 *   `revisionMerged`, `mergedAt` and `mergedBy`.
 * - Permissions: reading needs `view` on the space (the space's 404 otherwise); creating needs `edit` and an
 *   unlocked space; changing the subject or the status needs `edit`, and archiving also needs to be the request's
 *   author or to have the `review` level. A space in the trash answers 404.
 */
import { conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { retryingConflicts, type Statements } from '../../storage/store/store.ts';
import type { ChangeRequestReviewSummary } from '../../../shared/contract/resources/changeRequests.ts';
import type { ChangeRequestsTable, SpacesTable } from '../../storage/schema.ts';
import { reviewSummariesIn, standingOfOneIn } from '../reviews/standing.ts';
import { recordEventIn } from '../events.ts';
import { ensureUnlocked, resolveSpaceAccessIn } from '../spaces/access.ts';
import { createChangeRequestRecordIn, loadChangeRequestIn } from './records.ts';
import { changeRequestQuery, presentChangeRequest, type ChangeRequestRow } from './present.ts';

type Status = ChangeRequestsTable['status'];

/** The moves PATCH allows, from each status. */
const MOVES: Record<string, readonly string[]> = {
  draft: ['open', 'archived'],
  open: ['draft', 'archived'],
  archived: ['open'],
  merged: [],
};

// The number is the request's place in its space: newest first is highest number first, unique within a space.
const LIST_KEYS: readonly SortKey[] = [{ column: 'cr.number', direction: 'desc' }];

type PresentedSpace = Pick<SpacesTable, 'id' | 'organization_id' | 'revision_id'>;

/** A request with its review summary for the caller, read through a store or a transaction. */
export async function presentWithSummaryIn(
  on: Statements,
  space: PresentedSpace,
  request: ChangeRequestRow,
  baseUrl: string,
  callerId: string,
) {
  const { summary } = await standingOfOneIn(on, space, request, callerId);
  return presentChangeRequest(request, space, baseUrl, summary);
}

export const changeRequestHandlers = {
  listChangeRequestsForSpace: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { space } = await resolveSpaceAccessIn(store, params.spaceId, actor);
    let base = changeRequestQuery()
      .where('cr.space_id', '=', space.id)
      .where('cr.status', '=', query.status ?? 'open');
    if (query.contributor !== undefined) base = base.where('cr.created_by', '=', query.contributor);
    const { fetch, count } = keysetQueriesIn(store, base, LIST_KEYS);
    let summaries = new Map<string, ChangeRequestReviewSummary>();
    return listPageIn({
      query,
      keys: LIST_KEYS,
      fetch: async (after, take) => {
        const rows = await fetch(after, take);
        summaries = await reviewSummariesIn(
          store,
          space.organization_id,
          rows.map((row) => ({ ...row, space_revision_id: space.revision_id })),
          actor.userId,
        );
        return rows;
      },
      count,
      keyOf: (row) => [row.number],
      present: (row) => presentChangeRequest(row, space, baseUrl, summaries.get(row.id)),
    });
  },

  createChangeRequest: ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    // The space's revision (the new head's tree) and the next number are read in the transaction that writes them.
    // On PostgreSQL, a creation that read the same maximum as a concurrent one meets UNIQUE (space_id, number):
    // tried again, it reads the number written.
    retryingConflicts(() =>
      store.transaction(async (tx) => {
        const { space, actor: orgActor, level } = await resolveSpaceAccessIn(tx, params.spaceId, actor);
        authorize(orgActor, 'space.edit', { level });
        ensureUnlocked(space);
        const { id } = await createChangeRequestRecordIn(tx, clock.now(), {
          space,
          actorId: actor.userId,
          ...(body?.subject !== undefined ? { subject: body.subject } : {}),
        });
        const request = await loadChangeRequestIn(tx, space.id, id);
        return presentWithSummaryIn(tx, space, request, baseUrl, actor.userId);
      }),
    ),

  getChangeRequestById: async ({ params, actor, services: { store }, baseUrl }) => {
    const { space } = await resolveSpaceAccessIn(store, params.spaceId, actor);
    const request = await loadChangeRequestIn(store, space.id, params.changeRequestId);
    return presentWithSummaryIn(store, space, request, baseUrl, actor.userId);
  },

  updateChangeRequestById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    // The status moved from is read in the transaction that writes the new one (a merge or another move meanwhile).
    return store.transaction(async (tx) => {
      const { space, actor: orgActor, level } = await resolveSpaceAccessIn(tx, params.spaceId, actor);
      const request = await loadChangeRequestIn(tx, space.id, params.changeRequestId);
      if (body.subject !== undefined || body.status !== undefined)
        authorize(orgActor, 'space.edit', { level });
      const changes: Partial<Pick<ChangeRequestsTable, 'subject' | 'status'>> = {};
      if (body.subject !== undefined) changes.subject = body.subject.trim();
      if (body.status !== undefined && body.status !== request.status) {
        const to: Status = body.status;
        if (request.status === 'merged')
          throw conflict(
            `body field \`status\`: change request ${request.number} is merged: its status is final`,
          );
        if (!(MOVES[request.status] ?? []).includes(to))
          throw conflict(
            `body field \`status\`: a change request cannot move from \`${request.status}\` to \`${to}\``,
          );
        if (to === 'archived' && request.created_by !== actor.userId)
          authorize(orgActor, 'space.review', { level });
        changes.status = to;
      }
      if (Object.keys(changes).length === 0)
        return presentWithSummaryIn(tx, space, request, baseUrl, actor.userId);
      const now = clock.now();
      const updatedAt = now.toISOString();
      await tx.run(
        tx.q
          .updateTable('change_requests')
          .set({ ...changes, updated_at: updatedAt })
          .where('id', '=', request.id),
      );
      await recordEventIn(tx, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'change_request.updated',
        subjectType: 'change_request',
        subjectId: request.id,
        data: { space: space.id, ...changes },
      });
      const updated = { ...request, ...changes, updated_at: updatedAt };
      return presentWithSummaryIn(tx, space, updated, baseUrl, actor.userId);
    });
  },
} satisfies Handlers;
