/** Modal dialogs on Radix: a generic one, and a confirmation that names what will be lost. */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';

/** Props of `Dialog`. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A modal dialog with a title and an optional description (both read by screen readers). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  ...rest
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={cx('dialog', className)}
          data-testid={rest['data-testid']}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {description !== undefined && (
            <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Props of `ConfirmDialog`. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will be lost, in plain words. */
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  tone?: 'danger' | 'primary';
}

/** Asks before an action that loses something; Cancel has the focus first, so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      data-testid="confirm-dialog"
    >
      <div className="dialog-actions">
        <RadixDialog.Close asChild>
          <Button variant="secondary" autoFocus>
            Cancel
          </Button>
        </RadixDialog.Close>
        <Button variant={tone} onClick={onConfirm} pending={pending} data-testid="confirm-button">
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** A button that closes the dialog it is in. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
