/**
 * The shell of a form: its fields, the failure that names no field (a banner above the buttons), Cancel and the
 * submit button, which shows the pending state. The submit handler gets no event: the shell prevents the browser's
 * submit and its validation bubbles (the form checks its own fields, and puts errors under them with `Field`).
 */
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { cx } from '../cx.ts';
import { DialogClose } from '../Dialog.tsx';
import { Banner } from '../Feedback.tsx';

/** Props of `FormShell`. */
export interface FormShellProps {
  onSubmit: () => void;
  /** A write is on its way: the submit button shows it, and Cancel is disabled. */
  pending: boolean;
  submitLabel: ReactNode;
  submitTestId?: string;
  /** The submit button is disabled (nothing changed, read-only); the pending state disables it anyway. */
  submitDisabled?: boolean;
  /**
   * Cancel: `'dialog'` closes the dialog the form is in; a function is called; absent, there is no Cancel. Cancel
   * comes before the submit button, as in the app's dialogs.
   */
  cancel?: 'dialog' | (() => void);
  cancelLabel?: ReactNode;
  cancelTestId?: string;
  /** The failure that names no field, under `errorTitle` (“The settings were not saved”). */
  error?: string | undefined;
  errorTitle: string;
  errorTestId?: string;
  /** More in the actions row, after the submit button (an “Unsaved changes” note, a secondary action). */
  extraActions?: ReactNode;
  className?: string;
  actionsClassName?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/** A form with its error banner and actions. */
export function FormShell({
  onSubmit,
  pending,
  submitLabel,
  submitTestId,
  submitDisabled = false,
  cancel,
  cancelLabel = 'Cancel',
  cancelTestId,
  error,
  errorTitle,
  errorTestId,
  extraActions,
  className,
  actionsClassName = 'dialog-actions',
  children,
  ...rest
}: FormShellProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  const cancelButton =
    cancel === undefined ? undefined : (
      <Button
        disabled={pending}
        onClick={typeof cancel === 'function' ? cancel : undefined}
        data-testid={cancelTestId}
      >
        {cancelLabel}
      </Button>
    );
  return (
    <form className={cx('form', className)} onSubmit={submit} noValidate data-testid={rest['data-testid']}>
      {children}
      {error !== undefined && (
        <Banner tone="error" title={errorTitle} data-testid={errorTestId}>
          {error}
        </Banner>
      )}
      <div className={actionsClassName}>
        {cancel === 'dialog' ? <DialogClose>{cancelButton}</DialogClose> : cancelButton}
        <Button
          type="submit"
          variant="primary"
          pending={pending}
          disabled={submitDisabled}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
