/**
 * The inbox: change requests across the organization's spaces (the `listChangeRequestsForOrganization`
 * extension; GitBook's own list is per site), filtered by status, the filter remembered per profile. Each row
 * names its space (titles from the cached spaces), and outdated rows say whether they conflict.
 */
import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeRequestStatusValue } from '../../../../shared/contract/resources/changeRequests.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgChangeRequestsQuery } from '../../queries/changeRequests.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import '../../ui/table.css';
import '../../ui/form/form.css';
import './change-requests.css';
import { readStatusFilter, rememberStatusFilter } from './inbox.ts';
import { RequestList } from './RequestList.tsx';
import { StatusFilter } from './StatusFilter.tsx';

/** The inbox screen (`/p/$profileId/orgs/$orgId/change-requests`). */
export function InboxScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  const [status, setStatus] = useState<ChangeRequestStatusValue>(() => readStatusFilter(profileId));
  const list = useInfiniteQuery(orgChangeRequestsQuery(profileId, orgId, status));
  useDocumentTitle('Change requests');

  const spaceIds = [
    ...new Set((list.data?.pages ?? []).flatMap((page) => page.items.map((item) => item.space ?? ''))),
  ].filter((id) => id !== '');
  const spaces = useQueries({ queries: spaceIds.map((id) => spaceQuery(profileId, id)) });
  // A space this profile cannot read any more (or that failed to load) is still named, not left loading.
  const titles = new Map(
    spaceIds.map((id, index) => {
      const space = spaces[index];
      const title =
        space?.data !== undefined
          ? space.data.title || 'Untitled space'
          : space?.isError === true
            ? 'Unknown space'
            : undefined;
      return [id, title] as const;
    }),
  );

  return (
    <section className="screen cr-inbox" data-testid="inbox-screen" aria-labelledby="inbox-title">
      <header className="screen-header cr-inbox-header">
        <div>
          <h1 id="inbox-title">Change requests</h1>
          <p className="muted">
            Proposed edits to every space of the organization you can see, newest activity first. Open one to
            review its changes, comment and merge it.
          </p>
        </div>
      </header>
      <StatusFilter
        value={status}
        onChange={(next) => {
          setStatus(next);
          rememberStatusFilter(profileId, next);
        }}
        label="Status"
        testId="inbox-status"
      />
      <RequestList
        list={list}
        status={status}
        what="the change requests"
        emptyHint={
          status === 'open'
            ? 'Nothing waits for review. Change requests opened in any space of the organization show here.'
            : 'Choose another status to see other change requests.'
        }
        profileId={profileId}
        orgId={orgId}
        labelledBy="inbox-title"
        spaceTitle={(id) => titles.get(id)}
        testId="inbox-table"
      />
    </section>
  );
}
