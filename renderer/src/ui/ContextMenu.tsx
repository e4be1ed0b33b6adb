/** Context menus on Radix (right-click, or the context-menu key); every action in one is also reachable otherwise. */
import * as RadixContextMenu from '@radix-ui/react-context-menu';
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

/** The context menu's root. */
export const ContextMenu = RadixContextMenu.Root;

/** The area that opens the menu. */
export const ContextMenuTrigger = RadixContextMenu.Trigger;

/** The menu's popup. */
export function ContextMenuContent({ className, ...props }: ComponentProps<typeof RadixContextMenu.Content>) {
  return (
    <RadixContextMenu.Portal>
      <RadixContextMenu.Content className={cx('menu', className)} collisionPadding={8} {...props} />
    </RadixContextMenu.Portal>
  );
}

/** A context menu item. */
export function ContextMenuItem({ className, ...props }: ComponentProps<typeof RadixContextMenu.Item>) {
  return <RadixContextMenu.Item className={cx('menu-item', className)} {...props} />;
}

/** A line between groups of items. */
export function ContextMenuSeparator() {
  return <RadixContextMenu.Separator className="menu-separator" />;
}
