/**
 * A merge-rules configuration as the form edits it (pure, tested without a screen): edits keep the rules' order (a
 * new rule goes before `allow_bypass`, which GitBook evaluates last) and every rule the form does not edit (`custom`
 * ones); the rules stay in the draft while another kind of configuration is picked, so nothing typed is dropped.
 */
import type {
  MergeRule,
  MergeRulesSpaceConfiguration,
  PLAIN_RULES,
  USER_LIST_RULES,
} from '../../../../shared/contract/resources/mergeRules.ts';

/** The rules that name people. */
export type UserListRule = (typeof USER_LIST_RULES)[number];
/** The rules without argument. */
export type PlainRule = (typeof PLAIN_RULES)[number];

/** What the form edits: the kind of configuration, and the rules kept while another kind is picked. */
export interface RulesDraft {
  type: MergeRulesSpaceConfiguration['type'];
  rules: MergeRule[];
}

export function draftOf(configuration: MergeRulesSpaceConfiguration): RulesDraft {
  return configuration.type === 'rules'
    ? { type: 'rules', rules: configuration.rules }
    : { type: configuration.type, rules: [] };
}

/** The configuration a draft saves (rules only when it asks for rules). */
export function configurationOf(draft: RulesDraft): MergeRulesSpaceConfiguration {
  return draft.type === 'rules' ? { type: 'rules', rules: draft.rules } : { type: draft.type };
}

/** `rules` with `rule` added where GitBook would judge it: before `allow_bypass` (which stays last). */
export function withRule(rules: readonly MergeRule[], rule: MergeRule): MergeRule[] {
  const bypass = rules.findIndex((entry) => entry.rule === 'allow_bypass');
  if (rule.rule === 'allow_bypass' || bypass === -1) return [...rules, rule];
  return [...rules.slice(0, bypass), rule, ...rules.slice(bypass)];
}

/** The people a rule names (none when the draft lacks it). */
export function usersOf(rules: readonly MergeRule[], kind: UserListRule): string[] {
  const found = rules.find((rule) => rule.rule === kind);
  return found !== undefined && 'users' in found ? found.users : [];
}

/** `rules` with a rule without argument added (`on`) or removed. */
export function toggled(rules: readonly MergeRule[], kind: PlainRule, on: boolean): MergeRule[] {
  const without = rules.filter((rule) => rule.rule !== kind);
  return on ? withRule(without, { rule: kind }) : without;
}

/** `rules` with the people of a rule set in place (added where it belongs if new; removed when nobody is left). */
export function withUsers(rules: readonly MergeRule[], kind: UserListRule, users: string[]): MergeRule[] {
  if (users.length === 0) return rules.filter((rule) => rule.rule !== kind);
  const at = rules.findIndex((rule) => rule.rule === kind);
  if (at === -1) return withRule(rules, { rule: kind, users });
  return rules.map((rule, index) => (index === at ? { rule: kind, users } : rule));
}
