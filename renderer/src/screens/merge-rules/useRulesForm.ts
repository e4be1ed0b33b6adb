/**
 * The state of one merge-rules form: the edited configuration (GitBook's `mergeRules`, `draft.ts`) beside the saved
 * one, and the save through one mutation. While edited, the form is registered as
 * unsaved work, so leaving it asks Save / Discard / Stay first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  MergeRule,
  MergeRuleKind,
  MergeRulesSpaceConfiguration,
} from '../../../../shared/contract/resources/mergeRules.ts';
import { saveMergeRules, type RulesTarget } from '../../queries/mergeRules.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import {
  configurationOf,
  draftOf,
  toggled,
  withUsers,
  type PlainRule,
  type RulesDraft,
  type UserListRule,
} from './draft.ts';

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
    toggle: (kind, on) => editRules((rules) => toggled(rules, kind, on)),
    setUsers: (kind, users) => editRules((rules) => withUsers(rules, kind, users)),
    removeAt: (index) => editRules((rules) => rules.filter((_rule, position) => position !== index)),
    dirty,
    submit,
    discard,
    saving: save.isPending,
    error: save.isError ? save.error : undefined,
  };
}
