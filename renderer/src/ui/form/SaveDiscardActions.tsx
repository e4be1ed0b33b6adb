/**
 * The actions row of a settings-like form (the whole form stays on screen): Save (submits the form), Discard
 * changes, and whether there are unsaved changes, said politely to screen readers.
 */
import type { ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { cx } from '../cx.ts';

/** Props of `SaveDiscardActions`. */
export interface SaveDiscardActionsProps {
  /** Something differs from what is saved. */
  dirty: boolean;
  /** A save is on its way. */
  pending: boolean;
  onDiscard: () => void;
  /** Save is disabled; by default when nothing changed. */
  submitDisabled?: boolean;
  submitLabel?: ReactNode;
  submitTestId?: string;
  discardTestId?: string;
  /** Added to `form-actions`. */
  className?: string;
}

/** Save, Discard changes, and the note. */
export function SaveDiscardActions({
  dirty,
  pending,
  onDiscard,
  submitDisabled = !dirty,
  submitLabel = 'Save',
  submitTestId,
  discardTestId,
  className,
}: SaveDiscardActionsProps) {
  return (
    <div className={cx('form-actions', className)}>
      <Button
        type="submit"
        variant="primary"
        pending={pending}
        disabled={submitDisabled}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
      <Button onClick={onDiscard} disabled={!dirty || pending} data-testid={discardTestId}>
        Discard changes
      </Button>
      <span className="muted" aria-live="polite">
        {dirty ? 'Unsaved changes' : 'No changes'}
      </span>
    </div>
  );
}
