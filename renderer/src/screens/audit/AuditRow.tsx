/** One row of the audit log: when, who, what, on what (a link to its screen where one exists), and its details. */
import { Link } from '@tanstack/react-router';
import { memo, type MouseEvent } from 'react';
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { fullDate, timeAgo } from '../../ui/time.ts';
import { needsDetails, targetLink, targetTypeLabel } from './targets.ts';

/** The fixed height of a row, in pixels (the virtualizer relies on it). */
export const AUDIT_ROW_HEIGHT = 44;

/** What the list tells a row. */
export interface AuditRowProps {
  profileId: string;
  orgId: string;
  event: AuditEvent;
  actionLabel: string;
  index: number;
  start: number;
  now: number;
  /** The row holding the roving tab stop: its controls are reachable with Tab. */
  tabbable: boolean;
  onFocusRow: (index: number) => void;
  /** Opens the target of an event whose screen needs its details first (a change request). */
  onOpenTarget: (event: AuditEvent) => void;
  onDetails: (event: AuditEvent) => void;
}

/** The name an event shows for its actor. */
export function actorName(event: AuditEvent): string {
  if (event.actor.type === 'system') return 'System';
  return event.actor.label ?? event.actor.id;
}

/** A loaded event's row. */
export const AuditRow = memo(function AuditRow(props: AuditRowProps) {
  const { profileId, orgId, event, actionLabel, index, start, now, tabbable } = props;
  const tabIndex = tabbable ? 0 : -1;
  const link = targetLink(event.target);
  const targetText = event.target.label ?? event.target.id;
  const stop = (mouse: MouseEvent) => mouse.stopPropagation();
  return (
    <div
      role="row"
      className="audit-row"
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      tabIndex={tabIndex}
      data-index={index}
      data-testid="audit-row"
      data-event-id={event.id}
      data-action={event.action}
      onClick={() => props.onFocusRow(index)}
    >
      <div role="gridcell" className="audit-cell audit-time" title={fullDate(event.occurredAt)}>
        <time dateTime={event.occurredAt}>{timeAgo(event.occurredAt, now)}</time>
      </div>
      <div
        role="gridcell"
        className="audit-cell audit-actor"
        data-testid="audit-actor"
        title={event.actor.id}
      >
        {actorName(event)}
      </div>
      <div
        role="gridcell"
        className="audit-cell audit-action"
        data-testid="audit-action"
        title={event.action}
      >
        {actionLabel}
      </div>
      <div role="gridcell" className="audit-cell audit-target" data-testid="audit-target">
        <span className="audit-target-type">{targetTypeLabel(event.target.type)}</span>
        {link !== undefined ? (
          <Link
            to={link.to}
            params={{ profileId, orgId, ...link.params }}
            search={link.search}
            className="audit-target-link"
            tabIndex={tabIndex}
            onClick={stop}
            data-testid="audit-target-link"
          >
            {targetText}
          </Link>
        ) : needsDetails(event.target) ? (
          <button
            type="button"
            className="link-button audit-target-link"
            tabIndex={tabIndex}
            onClick={(mouse) => {
              stop(mouse);
              props.onOpenTarget(event);
            }}
            data-testid="audit-target-link"
          >
            {targetText}
          </button>
        ) : (
          <span className="audit-target-label">{targetText}</span>
        )}
      </div>
      <div role="gridcell" className="audit-cell audit-more">
        <button
          type="button"
          className="link-button"
          tabIndex={tabIndex}
          onClick={(mouse) => {
            stop(mouse);
            props.onDetails(event);
          }}
          aria-label={`Details of “${actionLabel}” by ${actorName(event)}`}
          data-testid="audit-details"
        >
          Details
        </button>
      </div>
    </div>
  );
});

/** A row still loading (the next page). */
export function AuditSkeletonRow({ index, start }: { index: number; start: number }) {
  return (
    <div
      role="row"
      className="audit-row"
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      aria-busy="true"
    >
      {[0, 1, 2, 3, 4].map((cell) => (
        <div role="gridcell" className="audit-cell" key={cell}>
          <Skeleton width={cell === 4 ? '3rem' : '80%'} height="0.9rem" />
        </div>
      ))}
    </div>
  );
}
