/**
 * Checks of merge rules written through `updateOrganizationById` and `updateSpaceById` (the contract checked their
 * shape): a 400 naming the field for each problem.
 *
 * Rules:
 * - Each kind of rule at most once (`custom` included): GitBook's rules are a set of requirements, and a second
 *   `allow_bypass` or `require_specific_reviewers` would only split one list in two.
 * - The rules naming people (`require_specific_reviewers`, `require_one_of_specific_reviewers`, `allow_bypass`) name
 *   at least one, each a member of the organization (another organization's people are unknown here).
 * - Refused, as this server could never meet them: `require_agent_review` (it has no review agents),
 *   `require_change_request_description` (its change requests have a subject, no description) and `custom`
 *   (GitBook's custom merge-rule expressions read variables GitBook does not publish; the expression evaluator of
 *   `shared/conditions.ts` knows only the visitor claims of adaptive content).
 */
import type { MergeRulesSpaceConfiguration } from '../../../shared/contract/resources/mergeRules.ts';
import { badRequest } from '../../errors.ts';
import type { Database } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import { memberNames, memberNamesIn } from '../reviews/records.ts';

const NEVER_MET: Partial<Record<string, string>> = {
  require_agent_review: 'this server has no review agents, so the rule could never be met',
  require_change_request_description:
    'change requests on this server have a subject but no description, so the rule could never be met',
};

/** 400 naming the first problem of a configuration given in body field `mergeRules`. */
export function ensureValidMergeRules(
  db: Database,
  organizationId: string,
  configuration: MergeRulesSpaceConfiguration,
): void {
  if (configuration.type !== 'rules') return;
  checkRules(configuration, memberNames(db, organizationId, namedUsers(configuration)));
}

/** As `ensureValidMergeRules`, the members named read through a store or a transaction. */
export async function ensureValidMergeRulesIn(
  on: Statements,
  organizationId: string,
  configuration: MergeRulesSpaceConfiguration,
): Promise<void> {
  if (configuration.type !== 'rules') return;
  checkRules(configuration, await memberNamesIn(on, organizationId, namedUsers(configuration)));
}

type RulesConfiguration = Extract<MergeRulesSpaceConfiguration, { type: 'rules' }>;

const namedUsers = (configuration: RulesConfiguration) =>
  configuration.rules.flatMap((rule) => ('users' in rule ? rule.users : []));

/** The checks, given the names of the organization's members among the people the rules name. */
function checkRules(configuration: RulesConfiguration, members: Map<string, string>): void {
  const seen = new Map<string, number>();
  configuration.rules.forEach((rule, index) => {
    const field = `body field \`mergeRules.rules[${index}]\``;
    const earlier = seen.get(rule.rule);
    if (earlier !== undefined)
      throw badRequest(`${field}: rule \`${rule.rule}\` is already at \`mergeRules.rules[${earlier}]\``);
    seen.set(rule.rule, index);
    const never = NEVER_MET[rule.rule];
    if (never !== undefined) throw badRequest(`${field}: \`${rule.rule}\` is not supported: ${never}`);
    if (rule.rule === 'custom')
      throw badRequest(
        `body field \`mergeRules.rules[${index}].expression\`: custom merge-rule expressions are not supported by this server`,
      );
    if (!('users' in rule)) return;
    if (rule.users.length === 0)
      throw badRequest(`body field \`mergeRules.rules[${index}].users\` must name at least one member`);
    rule.users.forEach((id, position) => {
      if (!members.has(id))
        throw badRequest(
          `body field \`mergeRules.rules[${index}].users[${position}]\`: no member with id \`${id}\` in this organization`,
        );
    });
  });
}
