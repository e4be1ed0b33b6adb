/**
 * Asks before merging: a merge changes the main content at once and cannot be undone (a revert is a new request).
 * Merging past unmet rules names each rule bypassed.
 */
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import type { MergeRuleResult } from '../../../../shared/contract/resources/mergeRules.ts';
import { ConfirmDialog } from '../../ui/Dialog.tsx';

/** The confirmation. */
export function MergeDialog({
  open,
  onOpenChange,
  request,
  spaceTitle,
  outdated,
  bypassed = [],
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: ChangeRequest;
  spaceTitle: string | undefined;
  outdated: boolean;
  /** Unmet rules the merge goes past (empty: an ordinary merge). */
  bypassed?: readonly MergeRuleResult[];
  onConfirm: () => void;
  pending: boolean;
}) {
  const space = spaceTitle !== undefined ? `“${spaceTitle}”` : 'the space';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        bypassed.length > 0
          ? `Merge #${request.number} past ${bypassed.length === 1 ? 'a merge rule' : `${bypassed.length} merge rules`}?`
          : `Merge #${request.number} “${request.subject}”?`
      }
      description={
        <>
          Its changes go into the main content of {space} at once, and the other open change requests of the
          space become outdated.{' '}
          {outdated && 'The main content changed since this request started; the merge combines both. '}A
          merge cannot be undone: to revert it, open a new change request.
          {bypassed.length > 0 && (
            <>
              {' '}
              These rules are not met, and the merge records that you went past them:{' '}
              {bypassed.map((rule) => rule.message).join('; ')}.
            </>
          )}
        </>
      }
      confirmLabel={bypassed.length > 0 ? 'Merge past the rules' : 'Merge'}
      tone="primary"
      onConfirm={onConfirm}
      pending={pending}
    />
  );
}
