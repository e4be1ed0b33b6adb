/**
 * A "more actions" (⋯) menu button that mounts its menu only when first used: lists of thousands of rows each
 * holding a menu made scrolling and first paint slow. Pointer and keyboard behave as with a mounted menu.
 */
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './Menu.tsx';

interface LazyMenuProps {
  /** The button's accessible name, e.g. "More actions for Ada Lovelace". */
  label: string;
  testId: string;
  className?: string;
  tabIndex?: number;
  align?: 'start' | 'end';
  /** The menu's items; rendered (with their hooks) only once the menu is used. */
  items: () => ReactNode;
  /** What the button shows (default ⋯, hidden from screen readers: the label names it). */
  content?: ReactNode;
  disabled?: boolean;
  /** Extra attributes of the button (e.g. `aria-busy`, `data-value`). */
  buttonProps?: ButtonHTMLAttributes<HTMLButtonElement> & Record<`data-${string}`, string | undefined>;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** The ⋯ button and, once used, its dropdown menu. */
export function LazyMenu(props: LazyMenuProps) {
  const { label, testId, className, tabIndex, align = 'end', items, disabled, buttonProps } = props;
  const [used, setUsed] = useState(false);
  const button = (extra: ButtonHTMLAttributes<HTMLButtonElement>) => (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      tabIndex={tabIndex}
      disabled={disabled}
      data-testid={testId}
      {...buttonProps}
      {...extra}
    >
      {props.content ?? <span aria-hidden="true">⋯</span>}
    </button>
  );
  if (!used) {
    return button({
      onPointerDown: (event) => {
        if (event.button === 0) setUsed(true);
      },
      onKeyDown: (event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setUsed(true);
      },
    });
  }
  // Opens as it mounts: the click or key that asked for it has already been taken.
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{button({})}</DropdownMenuTrigger>
      <DropdownMenuContent align={align}>{items()}</DropdownMenuContent>
    </DropdownMenu>
  );
}
