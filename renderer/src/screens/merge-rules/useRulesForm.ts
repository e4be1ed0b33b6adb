/**
 * The state of one merge-rules form: the edited configuration (GitBook's `mergeRules`) beside the saved one, edits
 * that keep the rules' order (a new rule goes before `allow_bypass`, which GitBook evaluates last) and every rule the
 * form does not edit (`custom` ones), and the save through one mutation. While edited, the form is registered as
 * unsaved work, so leaving it asks Save / Discard / Stay first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  MergeRule,
  MergeRuleKind,
  MergeRulesSpaceConfiguration,
  PLAIN_RULES,
  USER_LIST_RULES,
} from '../../../../shared/contract/resources/mergeRules.ts';
import { saveMergeRules, type RulesTarget } from '../../queries/mergeRules.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';

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
function withRule(rules: readonly MergeRule[], rule: MergeRule): MergeRule[] {
  const bypass = rules.findIndex((entry) => entry.rule === 'allow_bypass');
  if (rule.rule === 'allow_bypass' || bypass === -1) return [...rules, rule];
  return [...rules.slice(0, bypass), rule, ...rules.slice(bypass)];
}

/** The people a rule names (none when the draft lacks it). */
export function usersOf(rules: readonly MergeRule[], kind: UserListRule): string[] {
  const found = rules.find((rule) => rule.rule === kind);
  return found !== undefined && 'users' in found ? found.users : [];
}

/** The form's state and actions. */
export interface RulesFormState {
  draft: RulesDraft;
  setType: (type: RulesDraft['type']) => void;
  has: (kind: MergeRuleKind) => boolean;
  /** Adds or removes a rule without argument. */
  toggle: (kind: PlainRule, on: boolean) => void;
  /** Sets the people of a rule; no one removes it. */
  setUsers: (kind: UserListRule, users: string[]) => void;
  /** Removes the rule at that place (a custom rule). */
  removeAt: (index: number) => void;
  dirty: boolean;
  /** Saves the edits; resolves to whether the server took them. */
  submit: () => Promise<boolean>;
  discard: () => void;
  saving: boolean;
  error: unknown;
}

export function useRulesForm({
  profileId,
  orgId,
  target,
  saved,
  targetName,
}: {
  profileId: string;
  orgId: string;
  target: RulesTarget;
  saved: MergeRulesSpaceConfiguration;
  targetName: string;
}): RulesFormState {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RulesDraft>(() => draftOf(saved));
  const outgoing = configurationOf(draft);
  const dirty = JSON.stringify(outgoing) !== JSON.stringify(configurationOf(draftOf(saved)));
  const save = useMutation({
    mutationFn: (next: MergeRulesSpaceConfiguration) =>
      saveMergeRules(queryClient, profileId, orgId, target, next),
    onSuccess: (_result, next) =>
      toast({
        tone: 'success',
        title:
          next.type === 'inherit'
            ? `${targetName} follows the organization’s rules`
            : `Merge rules of ${targetName} saved`,
      }),
  });
  const submit = async (): Promise<boolean> => {
    try {
      await save.mutateAsync(outgoing);
      return true;
    } catch {
      // The refusal is shown by the form (`error`), every edit kept.
      return false;
    }
  };
  const discard = () => setDraft(draftOf(saved));
  useUnsavedChanges(dirty, { what: `the merge rules of ${targetName}`, save: submit, discard });
  const editRules = (edit: (rules: MergeRule[]) => MergeRule[]) =>
    setDraft((current) => ({ ...current, rules: edit(current.rules) }));
  return {
    draft,
    setType: (type) => setDraft((current) => ({ ...current, type })),
    has: (kind) => draft.rules.some((rule) => rule.rule === kind),
    toggle: (kind, on) =>
      editRules((rules) => {
        const without = rules.filter((rule) => rule.rule !== kind);
        return on ? withRule(without, { rule: kind }) : without;
      }),
    setUsers: (kind, users) =>
      editRules((rules) => {
        const at = rules.findIndex((rule) => rule.rule === kind);
        if (users.length === 0) return rules.filter((rule) => rule.rule !== kind);
        if (at === -1) return withRule(rules, { rule: kind, users });
        return rules.map((rule, index) => (index === at ? { rule: kind, users } : rule));
      }),
    removeAt: (index) => editRules((rules) => rules.filter((_rule, position) => position !== index)),
    dirty,
    submit,
    discard,
    saving: save.isPending,
    error: save.isError ? save.error : undefined,
  };
}
