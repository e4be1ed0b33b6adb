/** The per-row report of an email invite run: invited, already a member, failed (with the server's message), invalid. */
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { countStatuses, whereFrom, type ReportRow, type RowStatus } from './report.ts';

const STATUS_LABELS: Record<RowStatus, string> = {
  pending: 'Sending…',
  invited: 'Invited',
  member: 'Already a member',
  failed: 'Failed',
  invalid: 'Not sent: invalid',
};

const STATUS_TONES: Record<RowStatus, 'neutral' | 'accent' | 'warning'> = {
  pending: 'neutral',
  invited: 'accent',
  member: 'neutral',
  failed: 'warning',
  invalid: 'warning',
};

/** Props of `EmailInviteReport`. */
export interface EmailInviteReportProps {
  rows: ReportRow[];
  sending: boolean;
  onRetry: () => void;
}

/** The report table, with a summary and a retry of the failed rows. */
export function EmailInviteReport({ rows, sending, onRetry }: EmailInviteReportProps) {
  const counts = countStatuses(rows);
  return (
    <div className="invite-report" data-testid="email-invite-report" aria-busy={sending || undefined}>
      <div className="invite-report-header">
        <h3 id="invite-report-title">Report</h3>
        <p className="muted" role="status">
          {counts.invited} invited · {counts.member} already members · {counts.failed} failed ·{' '}
          {counts.invalid} invalid
          {counts.pending > 0 ? ` · ${counts.pending} to send` : ''}
        </p>
        {counts.failed > 0 && !sending && (
          <Button size="sm" onClick={onRetry} data-testid="email-invites-retry">
            Retry {counts.failed} failed
          </Button>
        )}
      </div>
      <table className="data-table" aria-labelledby="invite-report-title">
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">From</th>
            <th scope="col">Result</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-testid="email-invite-report-row"
              data-email={row.email}
              data-status={row.status}
            >
              <td>{row.email === '' ? <span className="muted">(empty)</span> : row.email}</td>
              <td className="muted">{whereFrom(row)}</td>
              <td>
                <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
              </td>
              <td className="report-message">{row.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
