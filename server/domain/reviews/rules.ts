/**
 * The merge rules (GitBook's `MergeRule`s), judged: pure functions over a request's current reviews and the rules
 * that apply to it. The merge refuses while one is unmet (unless the caller may bypass them and asks to), the merge
 * check lists each one, and a request's review summary says whether all are met.
 *
 * Rules (judged in the order the configuration lists them; a review is current while it is made against the
 * request's head and no newer review or review request of its reviewer superseded it):
 * - `require_at_least_one_review`: a current review, approving or not.
 * - `require_at_least_one_approved_review`: a current approval.
 * - `require_all_reviews_approved`: no current review requests changes (met while there is none).
 * - `require_specific_reviewers`: each listed person approved; `require_one_of_specific_reviewers`: one of them did.
 *   The request's author cannot review it, so the author is left out of the lists (met when nobody else is listed).
 * - `require_up_to_date_change_request`: the request is not outdated.
 * - `require_change_request_subject`: the subject is not blank.
 * - `require_author_to_merge`: the caller is the request's author (for anyone else it is unmet: the merge check is
 *   the caller's).
 * - `allow_bypass` is no requirement: the people it lists may merge past unmet rules when they ask to.
 * - `require_agent_review`, `require_change_request_description` and `custom` are refused when written
 *   (`merge-rules/validate.ts`); were one stored, it is unmet.
 */
import type { MergeRule, MergeRuleResult } from '../../../shared/contract/resources/mergeRules.ts';

/** What the rules are judged on. */
export interface RuleInput {
  rules: readonly MergeRule[];
  authorId: string;
  callerId: string;
  /** The request's current reviews. */
  reviews: readonly { reviewerId: string; reviewerName: string; status: string }[];
  /** Names of the people the rules name (absent: no longer in the organization). */
  userNames: ReadonlyMap<string, string>;
  outdated: boolean;
  subject: string;
}

/** "A", "A and B", "A, B and C". */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function result(rule: MergeRuleResult['rule'], met: boolean, message: string): MergeRuleResult {
  return { rule, met, message };
}

function specificReviewers(
  input: RuleInput,
  rule: 'require_specific_reviewers' | 'require_one_of_specific_reviewers',
  users: readonly string[],
): MergeRuleResult {
  const listed = users.filter((id) => id !== input.authorId);
  if (listed.length === 0)
    return result(rule, true, 'No required reviewer besides the author, who cannot review their own request');
  const approvers = new Set(
    input.reviews.filter((review) => review.status === 'approved').map((review) => review.reviewerId),
  );
  const name = (id: string) => input.userNames.get(id) ?? `a former member (${id})`;
  if (rule === 'require_specific_reviewers') {
    const missing = listed.filter((id) => !approvers.has(id)).map(name);
    return missing.length === 0
      ? result(rule, true, `Approved by every required reviewer: ${listWords(listed.map(name))}`)
      : result(rule, false, `Approval needed from ${listWords(missing)}`);
  }
  const by = listed.filter((id) => approvers.has(id)).map(name);
  return by.length > 0
    ? result(rule, true, `Approved by ${listWords(by)}, of the required reviewers`)
    : result(rule, false, `Approval needed from one of ${listWords(listed.map(name))}`);
}

function judgeOne(input: RuleInput, rule: MergeRule): MergeRuleResult | undefined {
  const approvals = input.reviews.filter((review) => review.status === 'approved').length;
  switch (rule.rule) {
    case 'allow_bypass':
      return undefined;
    case 'require_specific_reviewers':
    case 'require_one_of_specific_reviewers':
      return specificReviewers(input, rule.rule, rule.users);
    case 'require_at_least_one_review': {
      const count = input.reviews.length;
      return count > 0
        ? result(rule.rule, true, `${count} ${count === 1 ? 'review' : 'reviews'}`)
        : result(rule.rule, false, 'No review yet');
    }
    case 'require_at_least_one_approved_review':
      return approvals > 0
        ? result(rule.rule, true, `${approvals} ${approvals === 1 ? 'approval' : 'approvals'}`)
        : result(rule.rule, false, 'No approval yet');
    case 'require_all_reviews_approved': {
      const by = input.reviews
        .filter((review) => review.status !== 'approved')
        .map((review) => review.reviewerName);
      return by.length === 0
        ? result(rule.rule, true, 'No review requests changes')
        : result(rule.rule, false, `Changes requested by ${listWords(by)}`);
    }
    case 'require_up_to_date_change_request':
      return input.outdated
        ? result(rule.rule, false, 'Not up to date with the main content: update it from main')
        : result(rule.rule, true, 'Up to date with the main content');
    case 'require_change_request_subject':
      return input.subject.trim() === ''
        ? result(rule.rule, false, 'A subject is required')
        : result(rule.rule, true, 'Has a subject');
    case 'require_author_to_merge':
      return input.callerId === input.authorId
        ? result(rule.rule, true, 'You are the author')
        : result(rule.rule, false, 'Only the author of the change request may merge it');
    case 'require_agent_review':
      return result(rule.rule, false, 'A review agent must review it, and this server has none');
    case 'require_change_request_description':
      return result(rule.rule, false, 'A description is required, and this server keeps none');
    case 'custom':
      return result(rule.rule, false, rule.message ?? 'A custom rule this server does not evaluate');
  }
}

/** Each rule that asks something, met or not, in the configuration's order. */
export function judgeMergeRules(input: RuleInput): MergeRuleResult[] {
  return input.rules.flatMap((rule) => judgeOne(input, rule) ?? []);
}

/** Whether `userId` may merge past unmet rules. */
export function mayBypass(rules: readonly MergeRule[], userId: string): boolean {
  return rules.some((rule) => rule.rule === 'allow_bypass' && rule.users.includes(userId));
}

/** The people a set of rules names (whose names the judgement needs). */
export function usersNamed(rules: readonly MergeRule[]): string[] {
  return rules.flatMap((rule) => ('users' in rule ? rule.users : []));
}
