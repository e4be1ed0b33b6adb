/** One count of the organization overview (members, teams, spaces, sites), loading on its own. */
import type { UseQueryResult } from '@tanstack/react-query';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of `CountCard`. */
export interface CountCardProps {
  label: string;
  /** What the word means, for people who know GitBook's newer names. */
  explanation: string;
  query: UseQueryResult<number>;
  testId: string;
}

const formatter = new Intl.NumberFormat();

/** A labelled number: a skeleton while loading, "—" when the server lacks the list, "!" with the reason on error. */
export function CountCard({ label, explanation, query, testId }: CountCardProps) {
  let value;
  if (query.isPending) {
    value = <Skeleton width="2.5em" height="1.75rem" />;
  } else if (query.isError) {
    const notAvailable = errorKind(query.error) === 'notAvailable';
    const reason = notAvailable ? 'Not available on this server yet' : errorMessage(query.error);
    value = (
      <Tooltip content={reason}>
        <button type="button" className="count-unknown" aria-label={`${label}: ${reason}`}>
          {notAvailable ? '—' : '!'}
        </button>
      </Tooltip>
    );
  } else {
    value = formatter.format(query.data);
  }
  return (
    <div className="count-card" data-testid={testId} aria-busy={query.isPending || undefined}>
      <Tooltip content={explanation}>
        <span className="count-label" tabIndex={0}>
          {label}
        </span>
      </Tooltip>
      <span className="count-value">{value}</span>
    </div>
  );
}
