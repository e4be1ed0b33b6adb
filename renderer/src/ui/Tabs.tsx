/** Tabs on Radix: arrow keys move between tabs, Tab moves into the panel. */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

/** The tabs' root. */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cx('tabs', className)} {...props} />;
}

/** The row of tabs; give it an `aria-label`. */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx('tabs-list', className)} {...props} />;
}

/** One tab. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cx('tabs-trigger', className)} {...props} />;
}

/** The panel of one tab. */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx('tabs-content', className)} {...props} />;
}
