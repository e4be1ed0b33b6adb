/** The change requests of one space, on the space's screen: the same table as the inbox, without a space column. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { ChangeRequestStatusValue } from '../../../../shared/contract/resources/changeRequests.ts';
import { spaceChangeRequestsQuery } from '../../queries/changeRequests.ts';
import '../../ui/table.css';
import '../../ui/form/form.css';
import './change-requests.css';
import { RequestList } from './RequestList.tsx';
import { StatusFilter } from './StatusFilter.tsx';

/** The section. */
export function SpaceChangeRequests({
  profileId,
  orgId,
  spaceId,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
}) {
  const id = useId();
  const headingId = `${id}-title`;
  const [status, setStatus] = useState<ChangeRequestStatusValue>('open');
  const list = useInfiniteQuery(spaceChangeRequestsQuery(profileId, orgId, spaceId, status));
  return (
    <section
      className="section cr-space-list"
      aria-labelledby={headingId}
      data-testid="space-change-requests"
    >
      <div className="cr-space-list-header">
        <h2 id={headingId}>Change requests</h2>
        <Link to="/p/$profileId/orgs/$orgId/change-requests" params={{ profileId, orgId }}>
          All change requests of the organization
        </Link>
      </div>
      <StatusFilter value={status} onChange={setStatus} label="Status" testId="space-cr-status" />
      <RequestList
        list={list}
        status={status}
        what="the change requests of this space"
        emptyHint="Change requests propose edits to this space; they are reviewed and merged from here."
        profileId={profileId}
        orgId={orgId}
        spaceId={spaceId}
        labelledBy={headingId}
        testId="space-cr-table"
      />
    </section>
  );
}
