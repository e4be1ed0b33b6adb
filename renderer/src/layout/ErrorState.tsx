/** How a screen or a panel shows a failed request: worded by status code, with the server's own message. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorKind, errorMessage } from '../bridge/errors.ts';
import { Button } from '../ui/Button.tsx';
import { Banner, EmptyState } from '../ui/Feedback.tsx';

/** A title per kind of failure; the body always carries the server's message. */
function titleFor(error: unknown, what: string, profileName: string): string {
  switch (errorKind(error)) {
    case 'unreachable':
      return `Cannot reach ${profileName}`;
    case 'unauthorized':
      return `${profileName} refused the token`;
    case 'forbidden':
      return `This profile may not see ${what}`;
    case 'notFound':
      return `Not found: ${what}`;
    case 'notAvailable':
      return 'Not available on this server yet';
    case 'rateLimited':
      return 'Too many requests: wait a moment and retry';
    default:
      return `Could not load ${what}`;
  }
}

/** An inline error for a failed query, with Retry and, for a refused token, a link to Profiles. */
export function ErrorState({
  error,
  what,
  profileName,
  onRetry,
  standalone = false,
  children,
}: {
  error: unknown;
  /** What failed to load, e.g. "this organization". */
  what: string;
  profileName: string;
  onRetry?: () => void;
  /** True where no "Cannot reach" banner is shown above (the banner otherwise says it, with Retry). */
  standalone?: boolean;
  children?: ReactNode;
}) {
  const kind = errorKind(error);
  if (kind === 'unreachable' && !standalone) {
    return (
      <EmptyState title={`Waiting for ${profileName}`}>
        {what[0]?.toUpperCase()}
        {what.slice(1)} will load once {profileName} answers again: use Retry in the banner above.
      </EmptyState>
    );
  }
  return (
    <Banner
      tone={kind === 'notAvailable' ? 'info' : 'error'}
      title={titleFor(error, what, profileName)}
      actions={
        <>
          {kind === 'unauthorized' && (
            <Button asChild variant="primary">
              <Link to="/profiles">Open Profiles</Link>
            </Button>
          )}
          {onRetry !== undefined && kind !== 'notAvailable' && (
            <Button variant="secondary" onClick={onRetry}>
              Retry
            </Button>
          )}
        </>
      }
    >
      <p>{errorMessage(error)}</p>
      {kind === 'unauthorized' && (
        <p>Check the profile's token in Profiles, or remove the profile and add it again.</p>
      )}
      {children}
    </Banner>
  );
}
