/**
 * The merge rules, judged: pure functions over a request's current reviews and the rules that apply to it. The merge
 * refuses while one is unmet (unless the caller may bypass them and asks to), the merge check lists each one, and a
 * request's review summary says whether all are met.
 *
 * Rules (only the rules that ask something are judged and listed, in this order):
 * - `minimum-approvals`: at least that many current approvals (a review is current while it is made against the
 *   request's head and no newer review or review request of its reviewer superseded it).
 * - `no-changes-requested`: no current review requests changes.
 * - `required-reviewers`: `all`: each listed person approved, and each listed team has a member who approved;
 *   `one`: at least one of them did. The request's author cannot review it, so the author is left out of the list
 *   (a list that only names the author asks nothing).
 * - `up-to-date`: the request is not outdated.
 * - `subject-required`: the subject is not blank.
 * - Bypass: the people listed, and the members of the teams listed, may merge past unmet rules when they ask to.
 */
import type { MergeRuleResult, MergeRules } from '../../../shared/contract/resources/mergeRules.ts';

/** What the rules are judged on. */
export interface RuleInput {
  rules: MergeRules;
  authorId: string;
  /** The request's current reviews. */
  reviews: readonly { reviewerId: string; reviewerName: string; status: string }[];
  /** Members of the teams the rules name, by team id. */
  teamMembers: ReadonlyMap<string, ReadonlySet<string>>;
  /** Names of the people and titles of the teams the rules name (absent: no longer in the organization). */
  userNames: ReadonlyMap<string, string>;
  teamTitles: ReadonlyMap<string, string>;
  outdated: boolean;
  subject: string;
}

/** "A", "A and B", "A, B and C". */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function requiredReviewers(input: RuleInput): MergeRuleResult | undefined {
  const { requiredReviewers } = input.rules;
  const users = requiredReviewers.users.filter((id) => id !== input.authorId);
  const teams = requiredReviewers.teams;
  if (users.length + teams.length === 0) return undefined;
  const approvers = new Set(
    input.reviews.filter((review) => review.status === 'approved').map((review) => review.reviewerId),
  );
  const userName = (id: string) => input.userNames.get(id) ?? `a former member (${id})`;
  const teamName = (id: string) => `team ${input.teamTitles.get(id) ?? `(removed, ${id})`}`;
  const teamApproved = (id: string) =>
    [...(input.teamMembers.get(id) ?? [])].some((user) => approvers.has(user));
  const everyone = [...users.map(userName), ...teams.map(teamName)];
  if (requiredReviewers.mode === 'all') {
    const missing = [
      ...users.filter((id) => !approvers.has(id)).map(userName),
      ...teams.filter((id) => !teamApproved(id)).map(teamName),
    ];
    return missing.length === 0
      ? {
          rule: 'required-reviewers',
          met: true,
          message: `Approved by every required reviewer: ${listWords(everyone)}`,
        }
      : { rule: 'required-reviewers', met: false, message: `Approval needed from ${listWords(missing)}` };
  }
  const by = [
    ...users.filter((id) => approvers.has(id)).map(userName),
    ...teams.filter(teamApproved).map(teamName),
  ];
  return by.length > 0
    ? {
        rule: 'required-reviewers',
        met: true,
        message: `Approved by ${listWords(by)}, of the required reviewers`,
      }
    : {
        rule: 'required-reviewers',
        met: false,
        message: `Approval needed from one of ${listWords(everyone)}`,
      };
}

/** Each rule that asks something, met or not. */
export function judgeMergeRules(input: RuleInput): MergeRuleResult[] {
  const { rules } = input;
  const results: MergeRuleResult[] = [];
  if (rules.minimumApprovals > 0) {
    const approvals = input.reviews.filter((review) => review.status === 'approved').length;
    const needed = rules.minimumApprovals;
    results.push({
      rule: 'minimum-approvals',
      met: approvals >= needed,
      message: `${approvals} of ${needed} required ${needed === 1 ? 'approval' : 'approvals'}`,
    });
  }
  if (rules.noChangesRequested) {
    const by = input.reviews
      .filter((review) => review.status === 'changes-requested')
      .map((review) => review.reviewerName);
    results.push(
      by.length === 0
        ? { rule: 'no-changes-requested', met: true, message: 'No review requests changes' }
        : { rule: 'no-changes-requested', met: false, message: `Changes requested by ${listWords(by)}` },
    );
  }
  const required = requiredReviewers(input);
  if (required !== undefined) results.push(required);
  if (rules.upToDate)
    results.push(
      input.outdated
        ? {
            rule: 'up-to-date',
            met: false,
            message: 'Not up to date with the main content: update it from main',
          }
        : { rule: 'up-to-date', met: true, message: 'Up to date with the main content' },
    );
  if (rules.subjectRequired)
    results.push(
      input.subject.trim() === ''
        ? { rule: 'subject-required', met: false, message: 'A subject is required' }
        : { rule: 'subject-required', met: true, message: 'Has a subject' },
    );
  return results;
}

/** Whether `userId` (a member of `teamIds`) may merge past unmet rules. */
export function mayBypass(rules: MergeRules, userId: string, teamIds: ReadonlySet<string>): boolean {
  return rules.bypass.users.includes(userId) || rules.bypass.teams.some((team) => teamIds.has(team));
}

/** The teams a set of rules names (whose members the judgement needs). */
export function teamsNamed(rules: MergeRules): string[] {
  return [...new Set([...rules.requiredReviewers.teams, ...rules.bypass.teams])];
}
