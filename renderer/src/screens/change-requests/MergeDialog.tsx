/** Asks before merging: a merge changes the main content at once and cannot be undone (a revert is a new request). */
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { ConfirmDialog } from '../../ui/Dialog.tsx';

/** The confirmation. */
export function MergeDialog({
  open,
  onOpenChange,
  request,
  spaceTitle,
  outdated,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: ChangeRequest;
  spaceTitle: string | undefined;
  outdated: boolean;
  onConfirm: () => void;
  pending: boolean;
}) {
  const space = spaceTitle !== undefined ? `“${spaceTitle}”` : 'the space';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Merge #${request.number} “${request.subject}”?`}
      description={
        <>
          Its changes go into the main content of {space} at once, and the other open change requests of the
          space become outdated.{' '}
          {outdated && 'The main content changed since this request started; the merge combines both. '}A
          merge cannot be undone: to revert it, open a new change request.
        </>
      }
      confirmLabel="Merge"
      tone="primary"
      onConfirm={onConfirm}
      pending={pending}
    />
  );
}
