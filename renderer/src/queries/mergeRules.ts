/**
 * Merge rules in GitBook's shapes: `mergeRules` of the organization (`orgQuery`) and of a space (`spaceQuery`), saved
 * through `updateOrganizationById` and `updateSpaceById`; and what each rule is called, in plain words (the rules
 * screen and the merge box's checklist).
 */
import type { QueryClient } from '@tanstack/react-query';
import type {
  MergeRuleKind,
  MergeRulesSpaceConfiguration,
} from '../../../shared/contract/resources/mergeRules.ts';
import { clientFor } from '../bridge/api.ts';
import { changeRequestsKey } from './changeRequests.ts';
import { keys } from './keys.ts';
import { orgQuery } from './orgs.ts';
import { updateSpace } from './spaces.ts';

/** What each rule asks, in words. */
export const MERGE_RULE_LABELS: Record<MergeRuleKind, string> = {
  require_specific_reviewers: 'Approval from every one of these people',
  require_one_of_specific_reviewers: 'Approval from at least one of these people',
  allow_bypass: 'These people may merge past unmet rules',
  require_at_least_one_review: 'At least one review',
  require_at_least_one_approved_review: 'At least one approval',
  require_all_reviews_approved: 'Every review approves (none asks for changes)',
  require_agent_review: 'A review by an AI agent',
  require_up_to_date_change_request: 'Up to date with the main content',
  require_change_request_subject: 'A subject',
  require_change_request_description: 'A description',
  require_author_to_merge: 'Only the author may merge',
  custom: 'A custom rule',
};

/** Where a configuration is saved: the organization, or one space. */
export type RulesTarget = { kind: 'org' } | { kind: 'space'; spaceId: string };

/**
 * Saves the merge rules of the organization or of a space (a space's `inherit` makes the organization's apply); the
 * answer replaces the cached organization or space, and every merge check and review summary is read again.
 */
export async function saveMergeRules(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  target: RulesTarget,
  mergeRules: MergeRulesSpaceConfiguration,
): Promise<void> {
  if (target.kind === 'org') {
    if (mergeRules.type === 'inherit') throw new Error('an organization has no rules to inherit');
    const org = await clientFor(profileId).call('updateOrganizationById', {
      params: { organizationId: orgId },
      body: { mergeRules },
    });
    queryClient.setQueryData(orgQuery(profileId, orgId).queryKey, org);
    await queryClient.invalidateQueries({ queryKey: keys.orgs(profileId) });
  } else {
    await updateSpace(queryClient, profileId, orgId, target.spaceId, { mergeRules });
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.group(keys.org(profileId, orgId), 'change-request') }),
    queryClient.invalidateQueries({ queryKey: changeRequestsKey(profileId, orgId) }),
  ]);
}
