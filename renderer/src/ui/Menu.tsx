/** Dropdown menus on Radix, styled once. */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';

/** The menu's root (controls open state). */
export const DropdownMenu = RadixMenu.Root;

/** The element that opens the menu (pass your own button with `asChild`). */
export const DropdownMenuTrigger = RadixMenu.Trigger;

/** The menu's popup. */
export function DropdownMenuContent({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content className={cx('menu', className)} sideOffset={4} collisionPadding={8} {...props}>
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

/** A menu item. */
export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cx('menu-item', className)} {...props} />;
}

/** A group of mutually exclusive items. */
export const DropdownMenuRadioGroup = RadixMenu.RadioGroup;

/** An item of a radio group, with a check mark when selected. */
export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem className={cx('menu-item', 'menu-radio-item', className)} {...props}>
      <RadixMenu.ItemIndicator className="menu-indicator">✓</RadixMenu.ItemIndicator>
      {children}
    </RadixMenu.RadioItem>
  );
}

/** A line between groups of items. */
export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="menu-separator" />;
}

/** A heading above a group of items. */
export function DropdownMenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <RadixMenu.Label className={cx('menu-label', className)}>{children}</RadixMenu.Label>;
}
