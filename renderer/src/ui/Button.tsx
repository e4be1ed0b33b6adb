/** Buttons in a few variants; `asChild` renders the styles on a child element (e.g. a router link). */
import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

/** The look of a button. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Props of `Button`. */
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  asChild?: boolean;
  /** Shows a busy state and disables the button while an action runs. */
  pending?: boolean;
}

/** A button. */
export function Button({
  variant = 'secondary',
  size = 'md',
  asChild = false,
  pending = false,
  className,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cx('btn', `btn-${variant}`, size === 'sm' && 'btn-sm', className);
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled === true || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
