/** One count of the organization overview (members, teams, spaces, sites), loading on its own, linking to its list. */
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of `CountCard`. */
export interface CountCardProps {
  profileId: string;
  orgId: string;
  label: string;
  /** What the word means, for people who know GitBook's newer names. */
  explanation: string;
  query: UseQueryResult<number>;
  testId: string;
  /** The screen of the organization that lists them. */
  to: 'people' | 'content' | 'sites';
}

const formatter = new Intl.NumberFormat();

/**
 * A labelled number that opens its list: a skeleton while loading, "—" when the server lacks the list, "!" with the
 * reason on error.
 */
export function CountCard({ profileId, orgId, label, explanation, query, testId, to }: CountCardProps) {
  let value;
  if (query.isPending) {
    value = <Skeleton width="2.5em" height="1.75rem" />;
  } else if (query.isError) {
    const notAvailable = errorKind(query.error) === 'notAvailable';
    const reason = notAvailable ? 'Not available on this server yet' : errorMessage(query.error);
    value = (
      <span className="count-unknown" title={reason}>
        <span aria-hidden="true">{notAvailable ? '—' : '!'}</span>
        <span className="visually-hidden">{reason}</span>
      </span>
    );
  } else {
    value = formatter.format(query.data);
  }
  return (
    <Tooltip content={explanation}>
      <Link
        to={`/p/$profileId/orgs/$orgId/${to}`}
        params={{ profileId, orgId }}
        className="count-card"
        data-testid={testId}
        aria-busy={query.isPending || undefined}
      >
        <span className="count-label">{label}</span>
        <span className="count-value">{value}</span>
      </Link>
    </Tooltip>
  );
}
