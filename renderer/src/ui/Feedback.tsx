/** Small status elements: skeletons, badges, banners and empty states. */
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';

/** A placeholder shaped like the content that is loading. */
export function Skeleton({
  width,
  height = '1em',
  className,
}: {
  width?: string;
  height?: string;
  className?: string;
}) {
  return <span className={cx('skeleton', className)} style={{ width, height }} aria-hidden="true" />;
}

/** A short label beside a name (kind, status). */
export function Badge({
  tone = 'neutral',
  children,
  ...props
}: ComponentProps<'span'> & { tone?: 'neutral' | 'accent' | 'warning' }) {
  return (
    <span className={cx('badge', `badge-${tone}`)} {...props}>
      {children}
    </span>
  );
}

/** The tone of a banner. */
export type BannerTone = 'info' | 'warning' | 'error' | 'success';

/** A message across the pane; errors and warnings are announced to screen readers. */
export function Banner({
  tone = 'info',
  title,
  children,
  actions,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & { tone?: BannerTone; title?: ReactNode; actions?: ReactNode }) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div className={cx('banner', `banner-${tone}`)} role={role} {...props}>
      <div className="banner-body">
        {title !== undefined && <p className="banner-title">{title}</p>}
        {children !== undefined && <div className="banner-text">{children}</div>}
      </div>
      {actions !== undefined && <div className="banner-actions">{actions}</div>}
    </div>
  );
}

/** What a list or a screen shows when it has nothing to show. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode;
  children?: ReactNode;
  /** What to do about it (a button). */
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children !== undefined && <div className="muted">{children}</div>}
      {action !== undefined && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
