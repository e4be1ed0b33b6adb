/**
 * The state of one merge-rules form: the edited rules beside the saved ones, their check against the contract's
 * bounds, and the save (or the return of a space to its organization's rules) through one mutation. While edited,
 * the form is registered as unsaved work, so leaving it asks Save / Discard / Stay first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MergeRules, MergeRulesSettings } from '../../../../shared/contract/resources/mergeRules.ts';
import { saveMergeRules, type RulesTarget } from '../../queries/reviews.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';

/** Most approvals a rule may ask (the contract's bound). */
export const MAX_APPROVALS = 10;

/** The form's state and actions. */
export interface RulesFormState {
  rules: MergeRules;
  set: <K extends keyof MergeRules>(key: K, value: MergeRules[K]) => void;
  dirty: boolean;
  approvalsValid: boolean;
  /** Saves the edits; resolves to whether the server took them. */
  submit: () => Promise<boolean>;
  discard: () => void;
  /** Removes a space's own rules: its organization's apply again. */
  inherit: () => void;
  saving: 'rules' | 'inherit' | undefined;
  error: unknown;
}

export function useRulesForm({
  profileId,
  orgId,
  target,
  settings,
  targetName,
}: {
  profileId: string;
  orgId: string;
  target: RulesTarget;
  settings: MergeRulesSettings;
  targetName: string;
}): RulesFormState {
  const queryClient = useQueryClient();
  const [rules, setRules] = useState<MergeRules>(settings.rules);
  const dirty = JSON.stringify(rules) !== JSON.stringify(settings.rules);
  const approvalsValid =
    Number.isInteger(rules.minimumApprovals) &&
    rules.minimumApprovals >= 0 &&
    rules.minimumApprovals <= MAX_APPROVALS;
  const save = useMutation({
    mutationFn: (next: MergeRules | null) => saveMergeRules(queryClient, profileId, orgId, target, next),
    onSuccess: (_result, next) =>
      toast({
        tone: 'success',
        title:
          next === null
            ? `${targetName} follows the organization’s rules again`
            : `Merge rules of ${targetName} saved`,
      }),
  });
  const submit = async (): Promise<boolean> => {
    if (!approvalsValid) return false;
    try {
      await save.mutateAsync(rules);
      return true;
    } catch {
      // The refusal is shown by the form (`error`), every edit kept.
      return false;
    }
  };
  const discard = () => setRules(settings.rules);
  useUnsavedChanges(dirty, { what: `the merge rules of ${targetName}`, save: submit, discard });
  let saving: RulesFormState['saving'];
  if (save.isPending) saving = save.variables === null ? 'inherit' : 'rules';
  return {
    rules,
    set: (key, value) => setRules((current) => ({ ...current, [key]: value })),
    dirty,
    approvalsValid,
    submit,
    discard,
    inherit: () => save.mutate(null),
    saving,
    error: save.isError ? save.error : undefined,
  };
}
