/** The members table: toolbar, virtualized grid with selection and keyboard, bulk actions, detail and removal. */
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import type { MemberListFilters, MemberSort } from '../../../queries/members.ts';
import type { RoleOrGuest } from '../../../ui/roles.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { profileLabel } from '../../../layout/activeProfile.ts';
import { ErrorState } from '../../../layout/ErrorState.tsx';
import { usePaletteActions, type PaletteAction } from '../../../layout/paletteActions.ts';
import { profilesQuery } from '../../../queries/profiles.ts';
import { Button } from '../../../ui/Button.tsx';
import { Banner, EmptyState } from '../../../ui/Feedback.tsx';
import type { MembersDragData } from '../dnd.tsx';
import { useMemberSelection } from '../selection.ts';
import { BulkActions, type BulkDialog } from './BulkActions.tsx';
import { MemberDetail } from './MemberDetail.tsx';
import { MemberRow, ROW_HEIGHT, SkeletonRow } from './MemberRow.tsx';
import { MembersHeader } from './MembersHeader.tsx';
import { MembersToolbar } from './MembersToolbar.tsx';
import { rangeBetween } from '../../../ui/range.ts';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import { gridKeyDown } from '../../../ui/gridKeys.ts';
import { useMembersList } from './useMembersList.ts';
import { useRoleChange } from './useRoleChange.tsx';
import './members.css';

const HEADER_HEIGHT = 36;
const EMPTY: ReadonlySet<string> = new Set();
/** Start fetching the next page when this close to the last loaded row. */
const PREFETCH_ROWS = 30;

/** Props of `MembersTable`: the filters live in the URL, so that they survive a reload. */
export interface MembersTableProps {
  profileId: string;
  orgId: string;
  filters: MemberListFilters;
  onFiltersChange: (filters: MemberListFilters) => void;
}

/** The virtualized members table of an organization. */
export function MembersTable({ profileId, orgId, filters, onFiltersChange }: MembersTableProps) {
  const list = useMembersList(profileId, orgId, filters, onFiltersChange);
  const { filters: shown, setFilters } = list;
  const roles = useRoleChange(profileId, orgId);
  // Rows are memoized: they get a stable function that always asks the current hook.
  const requestRole = useRef(roles.request);
  requestRole.current = roles.request;
  const onRole = useCallback((member: Member, role: RoleOrGuest) => requestRole.current(member, role), []);
  const onSort = useCallback(
    (column: MemberSort) =>
      setFilters(
        shown.sort === column
          ? { ...shown, order: shown.order === 'asc' ? 'desc' : 'asc' }
          : { ...shown, sort: column, order: column === 'name' ? 'asc' : 'desc' },
      ),
    [shown, setFilters],
  );
  const { members, ids, names, query } = list;
  const store = useMemberSelection();
  const selected = store.orgId === orgId ? store.selected : EMPTY;
  const [focused, setFocused] = useState(0);
  const [detail, setDetail] = useState<Member | undefined>(undefined);
  const [removing, setRemoving] = useState<Member | undefined>(undefined);
  const [bulkDialog, setBulkDialog] = useState<BulkDialog>(undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );

  const count = query.hasNextPage ? Math.max(list.total ?? 0, members.length) : members.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError &&
      lastVisible >= members.length - PREFETCH_ROWS
    )
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastVisible, members.length, fetchNextPage]);

  const last = members.length - 1;
  const current = Math.max(0, Math.min(focused, last));

  const focusRow = useCallback(
    (index: number) => {
      setFocused(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      let tries = 0;
      const attempt = () => {
        const row = scrollRef.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`);
        if (row) row.focus({ preventScroll: true });
        else if (tries++ < 6) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [virtualizer],
  );

  const { setSelection, toggle, clear } = store;
  const anchor = store.orgId === orgId ? store.anchor : undefined;
  const selectRange = useCallback(
    (index: number) => {
      const id = ids[index];
      if (id === undefined) return;
      if (anchor === undefined) return toggle(orgId, id);
      setSelection(orgId, [...selected, ...rangeBetween(ids, anchor, id)], anchor);
    },
    [ids, anchor, selected, orgId, setSelection, toggle],
  );
  const toggleAt = useCallback(
    (index: number) => {
      const id = ids[index];
      if (id !== undefined) toggle(orgId, id);
    },
    [ids, orgId, toggle],
  );
  const onCheck = useCallback(
    (index: number, shiftKey: boolean) => {
      setFocused(index);
      if (shiftKey) selectRange(index);
      else toggleAt(index);
    },
    [selectRange, toggleAt],
  );
  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      setFocused(index);
      if (event.shiftKey) selectRange(index);
      else if (event.ctrlKey || event.metaKey) toggleAt(index);
      else setDetail(members[index]);
    },
    [members, selectRange, toggleAt],
  );
  const allLoaded = ids.length > 0 && ids.every((id) => selected.has(id));
  const selectAll = useCallback(
    () => setSelection(orgId, [...selected, ...ids], anchor),
    [selected, ids, orgId, anchor, setSelection],
  );

  const deselectLoaded = useCallback(() => {
    const loaded = new Set(ids);
    setSelection(
      orgId,
      [...selected].filter((id) => !loaded.has(id)),
      anchor,
    );
  }, [ids, selected, orgId, anchor, setSelection]);

  const selectedIds = useMemo(() => [...selected], [selected]);
  const selectionDrag = useMemo<MembersDragData | undefined>(
    () =>
      selectedIds.length === 0
        ? undefined
        : { kind: 'members', userIds: selectedIds, names: selectedIds.map((id) => names.get(id) ?? id) },
    [selectedIds, names],
  );
  const hasSelection = selectedIds.length > 0;
  const paletteActions = useMemo<PaletteAction[]>(
    () =>
      hasSelection
        ? [
            {
              id: 'members-change-role',
              label: 'Change role of selected members…',
              keywords: ['bulk', 'role', 'members'],
              run: () => setBulkDialog('role'),
            },
            {
              id: 'members-remove',
              label: 'Remove selected members…',
              keywords: ['bulk', 'remove', 'delete', 'members'],
              run: () => setBulkDialog('remove'),
            },
          ]
        : [],
    [hasSelection],
  );
  usePaletteActions('members-table', paletteActions);

  const filtered = list.filters.search.trim() !== '' || list.filters.role !== undefined;
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
        dialog={bulkDialog}
        setDialog={setBulkDialog}
      />
      {query.isError && !isFetchNextPageError ? (
        <ErrorState
          error={query.error}
          what="the members"
          profileName={profileName}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div
          ref={scrollRef}
          role="grid"
          aria-label="Members"
          aria-rowcount={query.isPending ? -1 : count + 1}
          aria-multiselectable="true"
          aria-busy={query.isFetching || undefined}
          className="members-grid"
          onKeyDown={(event) =>
            gridKeyDown(event, {
              focused: current,
              last,
              pageSize: Math.max(1, items.length - 4),
              moveTo: focusRow,
              toggle: toggleAt,
              open: (index) => setDetail(members[index]),
              selectAll,
              clear: () => {
                if (selected.size === 0) return false;
                clear();
                return true;
              },
            })
          }
        >
          <MembersHeader
            all={allLoaded}
            some={selected.size > 0}
            disabled={ids.length === 0}
            onSelectAll={allLoaded ? deselectLoaded : selectAll}
            sort={list.filters.sort}
            order={list.filters.order}
            onSort={onSort}
          />
          <div
            role="rowgroup"
            className="members-body"
            style={{ height: query.isPending ? ROW_HEIGHT * 8 : virtualizer.getTotalSize() }}
          >
            {query.isPending
              ? Array.from({ length: 8 }, (_, i) => <SkeletonRow key={i} index={i} start={i * ROW_HEIGHT} />)
              : items.map((item) => {
                  const member = members[item.index];
                  const start = item.start - HEADER_HEIGHT;
                  if (member === undefined)
                    return <SkeletonRow key={item.key} index={item.index} start={start} />;
                  return (
                    <MemberRow
                      key={member.id}
                      profileId={profileId}
                      orgId={orgId}
                      member={member}
                      index={item.index}
                      start={start}
                      selected={selected.has(member.id)}
                      tabbable={item.index === current}
                      selectionDrag={selectionDrag}
                      onRowClick={onRowClick}
                      onCheck={onCheck}
                      onRemove={setRemoving}
                      isMe={member.id === roles.me}
                      canManage={roles.canManage}
                      admins={roles.admins}
                      rolePending={roles.pendingFor(member.id)}
                      onRole={onRole}
                    />
                  );
                })}
          </div>
          {query.isSuccess && members.length === 0 && (
            <EmptyState title="No members match">
              {filtered ? 'Try another search or role.' : 'This organization has no members yet.'}
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
        member={detail}
        roles={roles}
        onRemove={(member) => {
          setDetail(undefined);
          setRemoving(member);
        }}
        onClose={() => {
          setDetail(undefined);
          focusRow(current);
        }}
      />
      <RemoveMemberDialog
        profileId={profileId}
        orgId={orgId}
        member={removing}
        isMe={removing !== undefined && removing.id === roles.me}
        admins={roles.admins}
        onClose={() => setRemoving(undefined)}
      />
      {roles.dialog}
    </section>
  );
}
