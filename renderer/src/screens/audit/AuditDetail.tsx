/**
 * One event's details (read on demand): when, who, what, on what, from where, and what it recorded; with ways to
 * filter the log by its actor or target, and to open the target.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { auditEventQuery } from '../../queries/audit.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Skeleton } from '../../ui/Feedback.tsx';
import { fullDate } from '../../ui/time.ts';
import { actorName } from './AuditRow.tsx';
import { targetLink, targetTypeLabel, type TargetLink } from './targets.ts';

/** Props of `AuditDetail`: open while `event` is set. */
export interface AuditDetailProps {
  profileId: string;
  orgId: string;
  event: AuditEvent | undefined;
  actionLabel: string;
  onFilter: (name: 'actor' | 'target' | 'action', value: string) => void;
  onOpen: (link: TargetLink) => void;
  onClose: () => void;
}

/** The details dialog of an event. */
export function AuditDetail(props: AuditDetailProps) {
  const { event } = props;
  return (
    <Dialog
      open={event !== undefined}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={event === undefined ? '' : props.actionLabel}
      className="audit-detail"
      data-testid="audit-detail"
    >
      {event !== undefined && <DetailBody {...props} event={event} />}
    </Dialog>
  );
}

function DetailBody({ profileId, orgId, event, onFilter, onOpen }: AuditDetailProps & { event: AuditEvent }) {
  const queryClient = useQueryClient();
  const details = useQuery(auditEventQuery(queryClient, profileId, orgId, event.id));
  const link = targetLink(event.target, details.data?.payload);
  return (
    <>
      <dl className="audit-detail-fields">
        <dt>When</dt>
        <dd>
          <time dateTime={event.occurredAt}>{fullDate(event.occurredAt)}</time>
        </dd>
        <dt>Actor</dt>
        <dd>
          {actorName(event)} <code>{event.actor.id}</code>{' '}
          <Button size="sm" variant="ghost" onClick={() => onFilter('actor', event.actor.id)}>
            Only this actor
          </Button>
        </dd>
        <dt>Action</dt>
        <dd>
          <code>{event.action}</code>{' '}
          <Button size="sm" variant="ghost" onClick={() => onFilter('action', event.action)}>
            Only this action
          </Button>
        </dd>
        <dt>Target</dt>
        <dd>
          {targetTypeLabel(event.target.type)} {event.target.label ?? ''} <code>{event.target.id}</code>{' '}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onFilter('target', event.target.id)}
            data-testid="audit-detail-filter-target"
          >
            Only this target
          </Button>
        </dd>
        <dt>Source</dt>
        <dd>{event.source}</dd>
      </dl>
      <h3 className="audit-detail-heading">What it recorded</h3>
      {details.isPending ? (
        <Skeleton width="100%" height="3rem" />
      ) : details.isError ? (
        <p className="field-error">{errorMessage(details.error)}</p>
      ) : Object.keys(details.data.payload).length === 0 ? (
        <p className="muted">Nothing more than the above.</p>
      ) : (
        <pre className="audit-payload" data-testid="audit-payload" tabIndex={0}>
          {JSON.stringify(details.data.payload, null, 2)}
        </pre>
      )}
      <div className="dialog-actions">
        {link !== undefined && (
          <Button variant="primary" onClick={() => onOpen(link)} data-testid="audit-detail-open">
            Open {targetTypeLabel(event.target.type).toLowerCase()}
          </Button>
        )}
        <DialogClose>
          <Button>Close</Button>
        </DialogClose>
      </div>
    </>
  );
}
