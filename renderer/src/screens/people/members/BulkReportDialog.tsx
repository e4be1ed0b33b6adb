/** The per-member result of a bulk action: ok, or the server's message. */
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import type { BulkResult } from './bulk.ts';
import { countOf } from './format.ts';

/** A finished bulk action. */
export interface BulkReport {
  title: string;
  results: BulkResult[];
  /** Reverses what was done (role changes), when it can be. */
  undo?: (() => void) | undefined;
}

/** Lists each member with its outcome; the failed ones stay selected. */
export function BulkReportDialog({
  report,
  onClose,
}: {
  report: BulkReport | undefined;
  onClose: () => void;
}) {
  const failed = report?.results.filter((r) => !r.ok).length ?? 0;
  const done = (report?.results.length ?? 0) - failed;
  return (
    <Dialog
      open={report !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={report?.title ?? 'Result'}
      description={
        failed === 0
          ? `All ${countOf(done, 'member')} done.`
          : `${done} done, ${failed} failed. The failed ${failed === 1 ? 'member stays' : 'members stay'} selected.`
      }
      className="bulk-report"
      data-testid="bulk-report"
    >
      <ul className="bulk-report-list" aria-label="Result per member">
        {report?.results.map((r) => (
          <li
            key={r.userId}
            className={r.ok ? 'bulk-ok' : 'bulk-failed'}
            data-testid="bulk-report-row"
            data-user-id={r.userId}
            data-ok={r.ok ? 'true' : 'false'}
          >
            <span className="bulk-report-name">{r.name}</span>
            <span className="bulk-report-outcome">{r.ok ? 'OK' : (r.message ?? 'Failed')}</span>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        {report?.undo !== undefined && done > 0 && (
          <DialogClose>
            <Button onClick={report.undo} data-testid="bulk-undo">
              Undo the {countOf(done, 'change')} done
            </Button>
          </DialogClose>
        )}
        <DialogClose>
          <Button variant="primary" autoFocus>
            Close
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
