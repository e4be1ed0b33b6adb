/**
 * The merge rules as the merge box counts them: how unmet rules change the box's verdict (the checklist's words are
 * `MERGE_RULE_LABELS`). Pure, so the words are tested without a screen.
 */
import type { MergeRuleResult } from '../../../../../shared/contract/resources/mergeRules.ts';
import type { MergeCheck } from '../../../queries/changeRequests.ts';
import type { MergeVerdict } from '../status.ts';

/** The rules the merge check lists as unmet. */
export function unmetRules(check: Pick<MergeCheck, 'rules'>): MergeRuleResult[] {
  return (check.rules ?? []).filter((rule) => !rule.met);
}

/**
 * The verdict once the rules are counted: an open request without conflicts that misses rules cannot merge (unless
 * the caller may bypass them, which the box offers apart); every other verdict stands as the status says it.
 */
export function withRules(verdict: MergeVerdict, check: MergeCheck, open: boolean): MergeVerdict {
  const unmet = unmetRules(check);
  if (!open || check.conflicts.length > 0 || unmet.length === 0) return verdict;
  return {
    ...verdict,
    tone: 'warning',
    title: unmet.length === 1 ? '1 merge rule not met' : `${unmet.length} merge rules not met`,
    detail:
      check.canBypass === true
        ? 'The rules of this space are not all met. You may merge past them: the merge records which ones.'
        : 'The rules of this space are not all met: the checklist says what is missing.',
    canMerge: false,
  };
}
