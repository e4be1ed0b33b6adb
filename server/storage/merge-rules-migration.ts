/**
 * Migration 13's data step: the merge rules migration 12's `merge_rules` table holds (our former extension's
 * `MergeRules`, per organization and per space) rewritten as GitBook's configurations on the organization's and the
 * space's rows.
 *
 * Rules of the conversion (each old setting to the GitBook rule that asks the same, or the nearest):
 * - `minimumApprovals` ≥ 1 → `require_at_least_one_approved_review` (GitBook counts no more than one: 2 or more
 *   become 1).
 * - `noChangesRequested` → `require_all_reviews_approved` (reviews are approvals or change requests: the same).
 * - `requiredReviewers`, mode `all` → `require_specific_reviewers` with the people; mode `one` →
 *   `require_one_of_specific_reviewers` with the people and the current members of the teams. Teams of mode `all`
 *   (GitBook names people only) → `require_one_of_specific_reviewers` with their members (one team: the same rule;
 *   several: one approval from any of them).
 * - `upToDate` → `require_up_to_date_change_request`; `subjectRequired` → `require_change_request_subject`.
 * - `bypass` people and the current members of its teams → `allow_bypass`.
 * - Lists keep their first 50 people (the contract's bound). An organization without a requirement left gets
 *   `none` (null); a space's own rules asking nothing become its own `none` (it did not inherit).
 * - A space's rows of another organization than its current one (left behind by a transfer) are dropped.
 */
import type {
  MergeRule,
  MergeRulesStandaloneConfiguration,
} from '../../shared/contract/resources/mergeRules.ts';
import type { Database } from './database.ts';

/** Our former extension's rules, as migration 12 stored them (any field may be absent in older rows). */
interface LegacyRules {
  minimumApprovals?: number;
  noChangesRequested?: boolean;
  requiredReviewers?: { mode?: string; users?: string[]; teams?: string[] };
  upToDate?: boolean;
  subjectRequired?: boolean;
  bypass?: { users?: string[]; teams?: string[] };
}

const people = (ids: readonly string[]) => [...new Set(ids)].slice(0, 50);

/** The GitBook configuration asking what `legacy` asked; `membersOf` lists a team's current members. */
export function convertLegacyRules(
  legacy: LegacyRules,
  membersOf: (teamId: string) => readonly string[],
): MergeRulesStandaloneConfiguration {
  const rules: MergeRule[] = [];
  const teamMembers = (teams: readonly string[] | undefined) => (teams ?? []).flatMap(membersOf);
  const reviewers = legacy.requiredReviewers ?? {};
  const users = reviewers.users ?? [];
  if (reviewers.mode === 'one') {
    const oneOf = people([...users, ...teamMembers(reviewers.teams)]);
    if (oneOf.length > 0) rules.push({ rule: 'require_one_of_specific_reviewers', users: oneOf });
  } else {
    if (users.length > 0) rules.push({ rule: 'require_specific_reviewers', users: people(users) });
    const ofTeams = people(teamMembers(reviewers.teams));
    if (ofTeams.length > 0) rules.push({ rule: 'require_one_of_specific_reviewers', users: ofTeams });
  }
  if ((legacy.minimumApprovals ?? 0) >= 1) rules.push({ rule: 'require_at_least_one_approved_review' });
  if (legacy.noChangesRequested === true) rules.push({ rule: 'require_all_reviews_approved' });
  if (legacy.upToDate === true) rules.push({ rule: 'require_up_to_date_change_request' });
  if (legacy.subjectRequired === true) rules.push({ rule: 'require_change_request_subject' });
  const bypass = people([...(legacy.bypass?.users ?? []), ...teamMembers(legacy.bypass?.teams)]);
  if (bypass.length > 0) rules.push({ rule: 'allow_bypass', users: bypass });
  return rules.length === 0 ? { type: 'none' } : { type: 'rules', rules };
}

interface LegacyRow {
  organization_id: string;
  space_id: string | null;
  rules: string;
}

/** Rewrites every row of `merge_rules` onto its organization or space (plain SQL: the table leaves the schema). */
export function migrateMergeRules(db: Database): void {
  const rows = db.sqlite
    .prepare('SELECT organization_id, space_id, rules FROM merge_rules')
    .all() as unknown as LegacyRow[];
  const members = db.sqlite.prepare('SELECT user_id FROM team_members WHERE team_id = ? ORDER BY user_id');
  const membersOf = (teamId: string) =>
    (members.all(teamId) as unknown as { user_id: string }[]).map((row) => row.user_id);
  const toOrg = db.sqlite.prepare('UPDATE organizations SET merge_rules = ? WHERE id = ?');
  const toSpace = db.sqlite.prepare('UPDATE spaces SET merge_rules = ? WHERE id = ? AND organization_id = ?');
  for (const row of rows) {
    const configuration = convertLegacyRules(JSON.parse(row.rules) as LegacyRules, membersOf);
    if (row.space_id === null)
      toOrg.run(configuration.type === 'none' ? null : JSON.stringify(configuration), row.organization_id);
    else toSpace.run(JSON.stringify(configuration), row.space_id, row.organization_id);
  }
}
