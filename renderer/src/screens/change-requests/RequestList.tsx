/**
 * A change request list with its states: skeleton rows while loading, the error with Retry, the empty list named
 * after its status filter, the table, and "Show more" while the server has further pages.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type {
  ChangeRequest,
  ChangeRequestStatusValue,
} from '../../../../shared/contract/resources/changeRequests.ts';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { emptyListTitle } from './inbox.ts';
import { RequestTable, type RequestTableProps } from './RequestTable.tsx';

type ListResult = UseInfiniteQueryResult<InfiniteData<{ items: ChangeRequest[] }>>;

/** Props of `RequestList`. */
export interface RequestListProps extends Omit<RequestTableProps, 'requests' | 'busy'> {
  list: ListResult;
  status: ChangeRequestStatusValue;
  /** What the list is, for errors ("the change requests of this space"). */
  what: string;
  /** Said under the empty state's title. */
  emptyHint: string;
}

/** The list. */
export function RequestList({ list, status, what, emptyHint, ...table }: RequestListProps) {
  const { profile } = useActiveProfile();
  if (list.isError)
    return errorKind(list.error) === 'forbidden' ? (
      <EmptyState title="This profile may not see these change requests">
        Ask an admin for access to the spaces.
      </EmptyState>
    ) : (
      <ErrorState
        error={list.error}
        what={what}
        profileName={profileLabel(profile, table.profileId)}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.isPending)
    return (
      <div
        className="table-skeleton"
        role="status"
        aria-busy="true"
        aria-label="Loading change requests"
        data-testid="cr-loading"
      >
        <Skeleton width="100%" height="1.75rem" />
        <Skeleton width="100%" height="1.75rem" />
        <Skeleton width="100%" height="1.75rem" />
      </div>
    );
  const requests = list.data.pages.flatMap((page) => page.items);
  if (requests.length === 0)
    return (
      <div data-testid="cr-empty">
        <EmptyState title={emptyListTitle(status)}>{emptyHint}</EmptyState>
      </div>
    );
  return (
    <>
      <RequestTable {...table} requests={requests} busy={list.isFetching && !list.isFetchingNextPage} />
      {list.hasNextPage && (
        <div className="cr-more">
          <Button
            onClick={() => void list.fetchNextPage()}
            pending={list.isFetchingNextPage}
            data-testid="cr-show-more"
          >
            Show more
          </Button>
        </div>
      )}
    </>
  );
}
