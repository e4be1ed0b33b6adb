/** The status filter of a change request list: one toggle button per status (open, draft, merged, archived). */
import type { ChangeRequestStatusValue } from '../../../../shared/contract/resources/changeRequests.ts';
import { STATUS_FILTERS, STATUS_LABELS } from './inbox.ts';

/** The status buttons; `testId` prefixes each button's test id with the status. */
export function StatusFilter({
  value,
  onChange,
  label,
  testId,
}: {
  value: ChangeRequestStatusValue;
  onChange: (status: ChangeRequestStatusValue) => void;
  label: string;
  testId: string;
}) {
  return (
    <div className="cr-status-filter" role="group" aria-label={label} data-testid={testId}>
      {STATUS_FILTERS.map((status) => (
        <button
          key={status}
          type="button"
          className="cr-status-button"
          aria-pressed={value === status}
          onClick={() => onChange(status)}
          data-testid={`${testId}-${status}`}
        >
          {STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}
