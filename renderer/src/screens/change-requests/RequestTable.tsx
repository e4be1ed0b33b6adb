/**
 * A table of change requests, shared by the inbox (with a space column) and a space's list: number, subject,
 * author, last activity, open comments, and the "Outdated" / "Conflicts" badges (the merge check is asked for
 * outdated rows only, one cached query each, one at a time). Keyboard: arrows, Home, End and Page Up/Down move between rows (one
 * tab stop for the whole table), Enter opens the focused request.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { useMergeChecksInTurn } from '../../queries/mergeCheck.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { formatDate, timeAgo } from '../../ui/time.ts';
import { nextRow, rowBadges } from './inbox.ts';

/** The space a listed request belongs to (the org list names it; a space's list knows it). */
function spaceOf(request: ChangeRequest, fallback: string | undefined): string {
  return request.space ?? fallback ?? '';
}

/** Props of `RequestTable`. */
export interface RequestTableProps {
  profileId: string;
  orgId: string;
  requests: ChangeRequest[];
  /** The id of the element naming the table. */
  labelledBy: string;
  /** The space of every row, for a space's own list (no space column then). */
  spaceId?: string;
  /** The title of a space, when known (the inbox's space column). */
  spaceTitle?: (spaceId: string) => string | undefined;
  busy?: boolean;
  testId?: string;
}

/** The table. */
export function RequestTable({
  profileId,
  orgId,
  requests,
  labelledBy,
  spaceId,
  spaceTitle,
  busy = false,
  testId = 'cr-table',
}: RequestTableProps) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const showSpace = spaceId === undefined;
  const now = Date.now();
  const current = Math.min(active, Math.max(requests.length - 1, 0));

  // Without the API's merge check, a list does not compute one per row (that reads whole trees): "Outdated" only.
  const checked = useOffers(profileId, 'checkChangeRequestMerge') === true;
  const outdated = requests.filter((request) => request.outdated && request.status !== 'merged');
  // One at a time (a check is a three-way merge on the server): a long inbox does not keep it busy after it is left.
  const checks = useMergeChecksInTurn(
    profileId,
    orgId,
    (checked ? outdated : []).map((request) => ({
      id: request.id,
      revision: request.revision,
      spaceId: spaceOf(request, spaceId),
    })),
  );
  const checkOf = new Map(outdated.map((request, index) => [request.id, checks[index]]));

  const open = (request: ChangeRequest) =>
    void navigate({
      to: '/p/$profileId/orgs/$orgId/spaces/$spaceId/change-requests/$changeRequestId',
      params: { profileId, orgId, spaceId: spaceOf(request, spaceId), changeRequestId: request.id },
    });

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const row = (event.target as HTMLElement).closest('tr');
    const index = row === null ? current : Number(row.dataset['index']);
    const next = nextRow(event.key, Number.isNaN(index) ? current : index, requests.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    body.current?.querySelector<HTMLElement>(`tr[data-index="${next}"] .cr-row-open`)?.focus();
  };

  return (
    <table
      className="data-table cr-table"
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
      aria-describedby={`${labelledBy}-keys`}
      data-testid={testId}
    >
      <caption id={`${labelledBy}-keys`} className="visually-hidden">
        Arrow keys move between change requests; Enter opens one.
      </caption>
      <thead>
        <tr>
          {showSpace && <th scope="col">Space</th>}
          <th scope="col">
            <span className="visually-hidden">Number</span>
            <span aria-hidden="true">#</span>
          </th>
          <th scope="col">Subject</th>
          <th scope="col">Author</th>
          <th scope="col">Updated</th>
          <th scope="col">Comments</th>
        </tr>
      </thead>
      <tbody ref={body} onKeyDown={onKeyDown}>
        {requests.map((request, index) => {
          const space = spaceOf(request, spaceId);
          const check = checkOf.get(request.id);
          const badges = rowBadges(request, check?.data, !checked || check?.isError === true);
          const title = spaceTitle?.(space);
          return (
            <tr
              key={request.id}
              className="cr-row"
              data-index={index}
              data-testid="cr-row"
              data-id={request.id}
              data-number={request.number}
              data-space={space}
              data-subject={request.subject}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a') === null) open(request);
              }}
            >
              {showSpace && (
                <td className="cr-row-space" data-testid="cr-row-space">
                  {title ?? <span className="muted">…</span>}
                </td>
              )}
              <td className="cr-row-number">#{request.number}</td>
              <td>
                <Link
                  to="/p/$profileId/orgs/$orgId/spaces/$spaceId/change-requests/$changeRequestId"
                  params={{ profileId, orgId, spaceId: space, changeRequestId: request.id }}
                  className="cr-row-open"
                  tabIndex={index === current ? 0 : -1}
                  onFocus={() => setActive(index)}
                  data-testid="cr-row-open"
                >
                  {request.subject === '' ? 'Untitled change request' : request.subject}
                </Link>
                {badges.length > 0 && (
                  <span className="cr-row-badges">
                    {badges.includes('outdated') && (
                      <Badge tone="warning" data-testid="cr-badge-outdated">
                        Outdated
                      </Badge>
                    )}
                    {badges.includes('conflicts') && (
                      <span className="badge cr-badge-danger" data-testid="cr-badge-conflicts">
                        Conflicts
                      </span>
                    )}
                    {badges.includes('checking') && (
                      <span className="muted cr-row-checking">checking merge…</span>
                    )}
                  </span>
                )}
              </td>
              <td>{request.createdBy.displayName}</td>
              <td>
                <time dateTime={request.updatedAt} title={formatDate(request.updatedAt)}>
                  {timeAgo(request.updatedAt, now)}
                </time>
              </td>
              <td className="cr-row-comments" data-testid="cr-row-comments">
                <span aria-hidden="true">{request.comments}</span>
                <span className="visually-hidden">
                  {request.comments} open comment{request.comments === 1 ? '' : 's'}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
