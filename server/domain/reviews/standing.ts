/**
 * Where change requests stand in review: their current reviews, requested reviewers and merge rules judged
 * (`rules.ts`), for the merge, the merge check and the review summary of each presented request. A page of requests
 * costs a fixed number of queries, whatever its size.
 */
import type { ChangeRequestReviewSummary } from '../../../shared/contract/resources/changeRequests.ts';
import type { MergeRule, MergeRuleResult } from '../../../shared/contract/resources/mergeRules.ts';
import type { ChangeRequestsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { isOutdated } from '../change-requests/present.ts';
import { rulesOfSpacesIn } from '../merge-rules/records.ts';
import {
  currentReviewsIn,
  memberNamesIn,
  requestedReviewersIn,
  teamMembersIn,
  type CurrentReview,
  type RequestedRow,
} from './records.ts';
import { judgeMergeRules, mayBypass, usersNamed } from './rules.ts';

/** The columns of a request its standing depends on, and its space's current revision. */
export type StandingRequest = Pick<
  ChangeRequestsTable,
  'id' | 'space_id' | 'created_by' | 'subject' | 'status' | 'revision_initial' | 'revision_merged_ancestor'
> & { space_revision_id: string };

/** One request's standing. */
export interface Standing {
  rules: readonly MergeRule[];
  results: MergeRuleResult[];
  rulesMet: boolean;
  reviews: CurrentReview[];
  requested: RequestedRow[];
  /** Whether the caller may merge past unmet rules. */
  callerMayBypass: boolean;
  summary: ChangeRequestReviewSummary;
}

/** What the standing of some requests is judged from. */
interface StandingReads {
  reviews: Map<string, CurrentReview[]>;
  requested: Map<string, RequestedRow[]>;
  rules: Map<string, readonly MergeRule[]>;
  members: Map<string, Set<string>>;
  userNames: Map<string, string>;
}

const teamsAsked = (requested: Map<string, RequestedRow[]>) =>
  [...requested.values()].flat().flatMap((row) => (row.team_id === null ? [] : [row.team_id]));

/**
 * The standing of requests of one organization, by request id, for the caller, read through a store or a transaction
 * (the merge judges the rules in the one that writes it).
 */
export async function standingOfIn(
  on: Statements,
  organizationId: string,
  requests: readonly StandingRequest[],
  callerId: string,
): Promise<Map<string, Standing>> {
  if (requests.length === 0) return new Map();
  const ids = requests.map((request) => request.id);
  const requested = await requestedReviewersIn(on, ids);
  const rules = await rulesOfSpacesIn(
    on,
    organizationId,
    requests.map((request) => request.space_id),
  );
  const reads = {
    reviews: await currentReviewsIn(on, ids),
    requested,
    rules,
    members: await teamMembersIn(on, teamsAsked(requested)),
    userNames: await memberNamesIn(on, organizationId, [...rules.values()].flatMap(usersNamed)),
  };
  return judged(reads, requests, callerId);
}

function judged(
  { reviews, requested, rules, members, userNames }: StandingReads,
  requests: readonly StandingRequest[],
  callerId: string,
): Map<string, Standing> {
  const found = new Map<string, Standing>();
  for (const request of requests) {
    const applied = rules.get(request.space_id)!;
    const current = reviews.get(request.id) ?? [];
    const asked = requested.get(request.id) ?? [];
    const results = judgeMergeRules({
      rules: applied,
      authorId: request.created_by,
      callerId,
      reviews: current,
      userNames,
      outdated: isOutdated(request, { revision_id: request.space_revision_id }),
      subject: request.subject,
    });
    const rulesMet = results.every((result) => result.met);
    const callerAsked = asked.some(
      (row) =>
        row.user_id === callerId ||
        (row.team_id !== null && (members.get(row.team_id)?.has(callerId) ?? false)),
    );
    found.set(request.id, {
      rules: applied,
      results,
      rulesMet,
      reviews: current,
      requested: asked,
      callerMayBypass: mayBypass(applied, callerId),
      summary: {
        approvals: current.filter((review) => review.status === 'approved').length,
        changesRequested: current.filter((review) => review.status === 'changes-requested').length,
        requested: asked.length,
        awaitingCaller:
          callerAsked &&
          callerId !== request.created_by &&
          !current.some((review) => review.reviewerId === callerId),
        rulesMet,
      },
    });
  }
  return found;
}

/** The standing of one request of a space, for the caller, read through a store or a transaction. */
export async function standingOfOneIn(
  on: Statements,
  space: { organization_id: string; revision_id: string },
  request: Omit<StandingRequest, 'space_revision_id'>,
  callerId: string,
): Promise<Standing> {
  const found = await standingOfIn(
    on,
    space.organization_id,
    [{ ...request, space_revision_id: space.revision_id }],
    callerId,
  );
  return found.get(request.id)!;
}

/** The review summaries of requests of one organization, by request id, for the caller. */
export async function reviewSummariesIn(
  on: Statements,
  organizationId: string,
  requests: readonly StandingRequest[],
  callerId: string,
): Promise<Map<string, ChangeRequestReviewSummary>> {
  const found = await standingOfIn(on, organizationId, requests, callerId);
  return new Map([...found].map(([id, standing]) => [id, standing.summary]));
}
