/** The merge rules of the space as a checklist in the merge box: each rule met (✓) or not (✗), with its words. */
import type { MergeRuleResult } from '../../../../../shared/contract/resources/mergeRules.ts';
import { cx } from '../../../ui/cx.ts';
import { MERGE_RULE_LABELS } from '../../../queries/mergeRules.ts';

/** The checklist (nothing when the space has no rules, or the API has none). */
export function MergeChecklist({ rules }: { rules: readonly MergeRuleResult[] | undefined }) {
  if (rules === undefined || rules.length === 0) return null;
  const met = rules.filter((rule) => rule.met).length;
  return (
    <div className="cr-merge-rules">
      <p className="cr-merge-rules-title" id="cr-merge-rules-title">
        Merge rules: {met} of {rules.length} met
      </p>
      <ul aria-labelledby="cr-merge-rules-title" data-testid="cr-merge-rules">
        {rules.map((rule, index) => (
          <li
            key={`${index}:${rule.rule}`}
            className={cx('cr-merge-rule', rule.met ? 'is-met' : 'is-unmet')}
            data-testid="cr-merge-rule"
            data-rule={rule.rule}
            data-met={rule.met}
          >
            <span className="cr-merge-rule-mark" aria-hidden="true">
              {rule.met ? '✓' : '✗'}
            </span>
            <span className="visually-hidden">{rule.met ? 'Met: ' : 'Not met: '}</span>
            <strong>{MERGE_RULE_LABELS[rule.rule]}</strong> <span className="muted">{rule.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
