/** The members table: toolbar, virtualized grid with selection and keyboard, bulk actions, detail and removal. */
import { errorMessage } from '../../../bridge/errors.ts';
import { ErrorState } from '../../../layout/ErrorState.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Banner, EmptyState } from '../../../ui/Feedback.tsx';
import { BulkActions } from './BulkActions.tsx';
import { MemberDetail } from './MemberDetail.tsx';
import { MembersHeader } from './MembersHeader.tsx';
import { MembersRows } from './MembersRows.tsx';
import { MembersToolbar } from './MembersToolbar.tsx';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import { useMembersTable, type MembersTableProps } from './useMembersTable.ts';
import './members.css';

/** The virtualized members table of an organization. */
export function MembersTable(props: MembersTableProps) {
  const { profileId, orgId } = props;
  const table = useMembersTable(props);
  const { list, roles, grid, selection } = table;
  const { members, ids, names, query } = list;
  const { count, current } = grid;
  const { selected, selectedIds } = selection;
  const { isFetchNextPageError, fetchNextPage } = query;
  return (
    <section className="members-panel" aria-label="Members" data-testid="members-table" data-org-id={orgId}>
      <MembersToolbar filters={list.filters} onChange={list.setFilters} total={list.total} />
      <BulkActions
        profileId={profileId}
        orgId={orgId}
        selected={selectedIds}
        names={names}
        seen={list.seen}
        me={roles.me}
        admins={roles.admins}
        dialog={table.bulkDialog}
        setDialog={table.setBulkDialog}
      />
      {query.isError && !isFetchNextPageError ? (
        <ErrorState
          error={query.error}
          what="the members"
          profileName={table.profileName}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div
          ref={grid.attachScroll}
          role="grid"
          aria-label="Members"
          aria-rowcount={query.isPending ? -1 : count + 1}
          aria-multiselectable="true"
          aria-busy={query.isFetching || undefined}
          className="members-grid"
          onKeyDown={table.onGridKeyDown}
        >
          <MembersHeader
            all={selection.allLoaded}
            some={selected.size > 0}
            disabled={ids.length === 0}
            onSelectAll={selection.allLoaded ? selection.deselectLoaded : selection.selectAll}
            sort={list.filters.sort}
            order={list.filters.order}
            onSort={table.onSort}
          />
          <MembersRows
            profileId={profileId}
            orgId={orgId}
            members={members}
            count={count}
            pending={query.isPending}
            scrollElement={grid.scrollElement}
            virtualizerRef={grid.virtualizerRef}
            current={current}
            selected={selected}
            selectionDrag={selection.selectionDrag}
            onRowClick={selection.onRowClick}
            onCheck={selection.onCheck}
            onRemove={table.setRemoving}
            onRole={table.onRole}
            me={roles.me}
            canManage={roles.canManage}
            admins={roles.admins}
            changing={roles.changing}
            reverting={roles.reverting}
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            isFetchNextPageError={isFetchNextPageError}
            fetchNextPage={fetchNextPage}
          />
          {query.isSuccess && members.length === 0 && (
            <EmptyState title="No members match">
              {table.filtered ? 'Try another search or role.' : 'This organization has no members yet.'}
            </EmptyState>
          )}
        </div>
      )}
      {isFetchNextPageError && (
        <Banner
          tone="error"
          title="Could not load more members"
          actions={
            <Button size="sm" onClick={() => void fetchNextPage()}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Banner>
      )}
      <MemberDetail
        profileId={profileId}
        orgId={orgId}
        member={table.detail}
        roles={roles}
        onRemove={table.removeFromDetail}
        onClose={table.closeDetail}
      />
      <RemoveMemberDialog
        profileId={profileId}
        orgId={orgId}
        member={table.removing}
        isMe={table.removing !== undefined && table.removing.id === roles.me}
        admins={roles.admins}
        onClose={() => table.setRemoving(undefined)}
      />
      {roles.dialog}
    </section>
  );
}
