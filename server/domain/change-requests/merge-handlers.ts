/**
 * Merge, update and merge check of change requests, and the organization-wide list (the inbox).
 *
 * Rules:
 * - A request's merge base is the space revision last pulled in by an update (`revision_merged_ancestor`), else the
 *   one it started from (`revision_initial`). It is `outdated` when the space's revision differs from its merge base
 *   (never once merged). Merge and update are the three-way merge of `merge.ts` (whose comment lists its rules).
 * - Merge (POST …/merge) needs the `merge` action on the space (the `review` level), an `open` request (any other
 *   status is a 409 naming it: a draft is marked open first, like GitBook's), an unlocked space, and the space's
 *   merge rules met (`reviews/rules.ts`): unmet rules are one 409 naming every one of them. `bypassRules=true`
 *   (extension) merges past them, for the people `allow_bypass` lists (403 for anyone else); the event
 *   records the rules bypassed. The rules are judged before the merge is computed and again in the transaction
 *   that writes it. When the space did not move past the merge base the result is the request's tree; otherwise
 *   the three-way merge. Conflicts: 409
 *   naming the conflicting pages by title, nothing written. Success, in one transaction: a `merge` revision (parents:
 *   the space revision, the request's head) becomes the space's revision (`updated_at` bumped), the request becomes
 *   `merged` with `revisionMerged`, `mergedAt` and `mergedBy`, and an event is recorded. Every other open request of
 *   the space is then outdated, its merge base being an older revision. The merge is computed on a worker thread
 *   and written if nothing moved meanwhile (merge-run.ts): every check above is made again in the transaction that
 *   writes it, with the space and the request read in it.
 * - Update (POST …/update) needs `edit`, an `open` or `draft` request and an unlocked space (it writes the request's
 *   content). A request that is not outdated is answered as it is (its head, nothing written). Otherwise the
 *   three-way merge with the request's head and the space's revision: conflicts are a 409 naming the pages, nothing
 *   written; success writes an `update` revision (parents: the head, the space revision) as the request's head and
 *   makes the space revision its merge base.
 * - Merge check (GET …/merge-check, extension) needs `view` and writes nothing. `mergeable` is true when the request
 *   is `open`, merges without conflict now and meets every merge rule (the caller's own right to merge is not
 *   considered); `rules` lists each rule met or not, `canBypass` whether the caller may merge past them.
 *   `conflicts` lists every conflict with the markdown of each side; a merged request answers not outdated, not
 *   mergeable, no conflicts.
 * - Organization list (GET /v1/orgs/{organizationId}/change-requests, extension): the requests of every space of the
 *   organization the caller may view (the rules of the space lists; guests see none), spaces in the trash left out,
 *   `status` (default `open`), optionally one `space`; newest activity first (`updated_at`, then id), keyset paged.
 *   Each request names its `space`. A caller who is not a member gets the organization's 404.
 */
import type {
  ChangeRequestMergeCheck,
  ChangeRequestReviewSummary,
} from '../../../shared/contract/resources/changeRequests.ts';
import type { Static } from '@sinclair/typebox';
import { conflict, forbidden } from '../../errors.ts';
import type { Actor, Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { ContentLevels } from '../collections/levels.ts';
import { ensureUnlocked, resolveSpaceAccessIn } from '../spaces/access.ts';
import { visibleSpaceFilter } from '../spaces/lists.ts';
import { reviewSummariesIn, standingOfOneIn } from '../reviews/standing.ts';
import { mergeConflicts, mergeOffThread, movedSince, untilSettled } from './merge-run.ts';
import { changeRequestQuery, isOutdated, mergeBaseOf, presentChangeRequest } from './present.ts';
import {
  commitMergeIn,
  commitUpdateIn,
  loadChangeRequestIn,
  mergedTree,
  type MergedSpace,
} from './records.ts';
import type { ChangeRequestRow } from './present.ts';

const INBOX_KEYS: readonly SortKey[] = [
  { column: 'cr.updated_at', direction: 'desc' },
  { column: 'cr.id', direction: 'desc' },
];

interface RequestParams {
  spaceId: string;
  changeRequestId: string;
}

/**
 * The merge rules the request must meet, judged now: the rules it may merge past (`bypass`, for those the rules let
 * bypass), or the 403 / 409 naming every unmet rule.
 */
async function judgedForMerge(
  on: Statements,
  space: MergedSpace,
  request: ChangeRequestRow,
  callerId: string,
  bypass: boolean,
): Promise<string[]> {
  const standing = await standingOfOneIn(on, space, request, callerId);
  if (bypass && !standing.callerMayBypass)
    throw forbidden("only the people the merge rules' `allow_bypass` lists may merge past them");
  const unmet = standing.results.filter((result) => !result.met);
  if (unmet.length > 0 && !bypass)
    throw conflict(
      `change request ${request.number} cannot be merged: ${unmet.length === 1 ? 'a merge rule is' : `${unmet.length} merge rules are`} not met: ${unmet.map((result) => result.message).join('; ')}${standing.callerMayBypass ? ' (you may merge past them with `bypassRules`)' : ''}`,
    );
  return unmet.map((result) => result.rule);
}

/**
 * The space and the request of a merge, read through `on`, with every check of the merge passed: the caller's
 * `merge` right, an open request, an unlocked space and the rules met (or bypassed: the rules passed are answered).
 * Run before the merge is computed and again in the transaction that writes it.
 */
async function mergeable(on: Statements, params: RequestParams, actor: Actor, bypass: boolean) {
  const { space, actor: orgActor, level } = await resolveSpaceAccessIn(on, params.spaceId, actor);
  const request = await loadChangeRequestIn(on, space.id, params.changeRequestId);
  authorize(orgActor, 'space.merge', { level });
  if (request.status !== 'open')
    throw conflict(
      request.status === 'draft'
        ? `change request ${request.number} is a draft: mark it open before merging it`
        : `change request ${request.number} is ${request.status}: only open change requests can be merged`,
    );
  ensureUnlocked(space);
  const bypassed = await judgedForMerge(on, space, request, actor.userId, bypass);
  return { space, request, bypassed };
}

/** As `mergeable`, for an update from the main content: `edit`, an open or draft request, an unlocked space. */
async function updatable(on: Statements, params: RequestParams, actor: Actor) {
  const { space, actor: orgActor, level } = await resolveSpaceAccessIn(on, params.spaceId, actor);
  const request = await loadChangeRequestIn(on, space.id, params.changeRequestId);
  authorize(orgActor, 'space.edit', { level });
  if (request.status !== 'open' && request.status !== 'draft')
    throw conflict(
      `change request ${request.number} is ${request.status}: only open and draft change requests can be updated`,
    );
  ensureUnlocked(space);
  return { space, request };
}

export const changeRequestMergeHandlers = {
  mergeChangeRequest: ({ params, query, actor, services }) => {
    const { store, clock } = services;
    const bypass = query.bypassRules === true;
    return untilSettled(async () => {
      const { space, request } = await mergeable(store, params, actor, bypass);
      const merged = mergedTree(await mergeOffThread(services, request, space.revision_id), request, 'merge');
      // Access, status, reviews, requested reviewers, rules and the subject may have changed while the merge was
      // computed: all are read again in the transaction that writes it, and the space and the request must not
      // have moved (a merge committed meanwhile).
      return store.transaction(async (tx) => {
        const now = await mergeable(tx, params, actor, bypass);
        if (movedSince(space, request, now)) return undefined;
        const input = { space, request, actorId: actor.userId, bypassed: now.bypassed };
        return {
          revision: (await commitMergeIn(tx, clock.now(), input, merged)).revision,
          result: 'merge' as const,
        };
      });
    });
  },

  updateChangeRequest: ({ params, actor, services }) => {
    const { store, clock } = services;
    return untilSettled(async () => {
      const { space, request } = await updatable(store, params, actor);
      if (mergeBaseOf(request) === space.revision_id)
        return { revision: request.revision_id, result: 'update' as const };
      const merged = mergedTree(
        await mergeOffThread(services, request, space.revision_id),
        request,
        'update',
      );
      return store.transaction(async (tx) => {
        if (movedSince(space, request, await updatable(tx, params, actor))) return undefined;
        const input = { space, request, actorId: actor.userId };
        return {
          revision: (await commitUpdateIn(tx, clock.now(), input, merged)).revision,
          result: 'update' as const,
        };
      });
    });
  },

  checkChangeRequestMerge: async ({ params, actor, services }) => {
    const { store } = services;
    const { space } = await resolveSpaceAccessIn(store, params.spaceId, actor);
    const request = await loadChangeRequestIn(store, space.id, params.changeRequestId);
    const outdated = isOutdated(request, space);
    const { results, rulesMet, callerMayBypass } = await standingOfOneIn(store, space, request, actor.userId);
    const rules = { rules: results, canBypass: callerMayBypass };
    if (request.status === 'merged') return { outdated, mergeable: false, conflicts: [], ...rules };
    const conflicts = await mergeConflicts(services, request, space.revision_id);
    const check: Static<typeof ChangeRequestMergeCheck> = {
      outdated,
      mergeable: request.status === 'open' && conflicts.length === 0 && rulesMet,
      conflicts,
      ...rules,
    };
    return check;
  },

  listChangeRequestsForOrganization: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    const levels = await ContentLevels.loadIn(store, params.organizationId, orgActor);
    let base = changeRequestQuery()
      .innerJoin('spaces as s', 's.id', 'cr.space_id')
      .select('s.revision_id as space_revision_id')
      .where('s.organization_id', '=', params.organizationId)
      .where('s.deleted_at', 'is', null)
      .where('cr.status', '=', query.status ?? 'open');
    const visible = visibleSpaceFilter(levels);
    if (visible) base = base.where(visible);
    if (query.space !== undefined) base = base.where('cr.space_id', '=', query.space);
    const { fetch, count } = keysetQueriesIn(store, base, INBOX_KEYS);
    let summaries = new Map<string, ChangeRequestReviewSummary>();
    return listPageIn({
      query,
      keys: INBOX_KEYS,
      fetch: async (after, take) => {
        const rows = await fetch(after, take);
        summaries = await reviewSummariesIn(store, params.organizationId, rows, actor.userId);
        return rows;
      },
      count,
      keyOf: (row) => [row.updated_at, row.id],
      present: (row) =>
        presentChangeRequest(
          row,
          { id: row.space_id, revision_id: row.space_revision_id },
          baseUrl,
          summaries.get(row.id),
        ),
    });
  },
} satisfies Handlers;
