/**
 * The members table's state and handlers (the view is `MembersTable.tsx`): the list and its role changes, the
 * grid's focused row (its rows, virtualized and fetched ahead of the scroll, are `MembersRows.tsx`), the selection of loaded rows with its range
 * clicks, drag data and palette actions, and the detail and removal dialogs. Rows are memoized: every handler they get
 * is a stable callback.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { profileLabel } from '../../../layout/activeProfile.ts';
import { usePaletteActions, type PaletteAction } from '../../../layout/paletteActions.ts';
import type { MemberListFilters, MemberSort } from '../../../queries/members.ts';
import { profilesQuery } from '../../../queries/profiles.ts';
import { gridKeyDown } from '../../../ui/gridKeys.ts';
import { useFocusRow } from '../../../ui/useFocusRow.ts';
import { useScrollElement } from '../../../ui/useScrollElement.ts';
import type { RoleOrGuest } from '../../../ui/roles.ts';
import type { MembersDragData } from '../dnd.tsx';
import { useMemberSelection } from '../selection.ts';
import type { BulkDialog } from './BulkActions.tsx';
import type { MembersVirtualizer } from './MembersRows.tsx';
import { rangeBetween } from '../../../ui/range.ts';
import { useMembersList } from './useMembersList.ts';
import { useRoleChange } from './useRoleChange.tsx';

const EMPTY: ReadonlySet<string> = new Set();

/** Props of `MembersTable`: the filters live in the URL, so that they survive a reload. */
export interface MembersTableProps {
  profileId: string;
  orgId: string;
  filters: MemberListFilters;
  onFiltersChange: (filters: MemberListFilters) => void;
}

type MembersList = ReturnType<typeof useMembersList>;

/** The grid's rows (loaded or not yet), the focused row, and moving the focus to a row (`MembersRows` virtualizes). */
function useMembersGrid(list: MembersList) {
  const { members, query } = list;
  const [focused, setFocused] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [attachScroll, scrollElement] = useScrollElement(scrollRef);
  const virtualizerRef = useRef<MembersVirtualizer>(null);
  const count = query.hasNextPage ? Math.max(list.total ?? 0, members.length) : members.length;
  const last = members.length - 1;
  const current = Math.max(0, Math.min(focused, last));
  // The virtualizer is the rows' own (they alone re-render while scrolling); it is there once they have rendered.
  const scroller = useMemo(
    () => ({
      scrollToIndex: (index: number, options: { align: 'auto' }) => {
        virtualizerRef.current?.scrollToIndex(index, options);
      },
    }),
    [],
  );
  const focusRow = useFocusRow(scroller, scrollRef, setFocused);
  /** The rows on screen (and just beyond), for Page Up and Page Down. */
  const rowsShown = () => virtualizerRef.current?.getVirtualItems().length ?? 0;
  return {
    attachScroll,
    scrollElement,
    virtualizerRef,
    count,
    last,
    current,
    setFocused,
    focusRow,
    rowsShown,
  };
}

/**
 * The selection of the organization's loaded rows: click, Ctrl/⌘+click and Shift+click (a range from the anchor),
 * select all loaded, the drag data of the selection, and the bulk actions offered in the palette.
 */
function useLoadedSelection(
  orgId: string,
  list: MembersList,
  setFocused: (index: number) => void,
  setDetail: (member: Member | undefined) => void,
  setBulkDialog: (dialog: BulkDialog) => void,
) {
  const { members, ids, names } = list;
  const store = useMemberSelection();
  const selected = store.orgId === orgId ? store.selected : EMPTY;
  const { setSelection, toggle, clear } = store;
  const anchor = store.orgId === orgId ? store.anchor : undefined;
  // The rows' callbacks read the list and the selection when called, through a ref, so that they stay the same
  // functions: a page of members arriving (new ids) or a click on the selection re-rendered every mounted row (rows
  // are memoized), 7 of the 18 frames the scroll dropped fell while a page arrived (bench people).
  const latest = useRef({ ids, members, selected, anchor });
  latest.current = { ids, members, selected, anchor };
  const toggleAt = useCallback(
    (index: number) => {
      const id = latest.current.ids[index];
      if (id !== undefined) toggle(orgId, id);
    },
    [orgId, toggle],
  );
  const selectRange = useCallback(
    (index: number) => {
      const { ids, selected, anchor } = latest.current;
      const id = ids[index];
      if (id === undefined) return;
      if (anchor === undefined) return toggle(orgId, id);
      setSelection(orgId, [...selected, ...rangeBetween(ids, anchor, id)], anchor);
    },
    [orgId, setSelection, toggle],
  );
  const onCheck = useCallback(
    (index: number, shiftKey: boolean) => {
      setFocused(index);
      if (shiftKey) selectRange(index);
      else toggleAt(index);
    },
    [setFocused, selectRange, toggleAt],
  );
  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      setFocused(index);
      if (event.shiftKey) selectRange(index);
      else if (event.ctrlKey || event.metaKey) toggleAt(index);
      else setDetail(latest.current.members[index]);
    },
    [setFocused, setDetail, selectRange, toggleAt],
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
    [hasSelection, setBulkDialog],
  );
  usePaletteActions('members-table', paletteActions);
  return {
    selected,
    selectedIds,
    selectionDrag,
    allLoaded,
    toggleAt,
    onCheck,
    onRowClick,
    selectAll,
    deselectLoaded,
    clear,
  };
}

/** Everything `MembersTable` shows and does. */
export function useMembersTable({ profileId, orgId, filters, onFiltersChange }: MembersTableProps) {
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
  const [detail, setDetail] = useState<Member | undefined>(undefined);
  const [removing, setRemoving] = useState<Member | undefined>(undefined);
  const [bulkDialog, setBulkDialog] = useState<BulkDialog>(undefined);
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const grid = useMembersGrid(list);
  const selection = useLoadedSelection(orgId, list, grid.setFocused, setDetail, setBulkDialog);
  const { members } = list;
  const { current, last, rowsShown, focusRow } = grid;
  const { selected, clear } = selection;

  const onGridKeyDown = (event: KeyboardEvent<HTMLElement>) =>
    gridKeyDown(event, {
      focused: current,
      last,
      pageSize: Math.max(1, rowsShown() - 4),
      moveTo: focusRow,
      toggle: selection.toggleAt,
      open: (index) => setDetail(members[index]),
      selectAll: selection.selectAll,
      clear: () => {
        if (selected.size === 0) return false;
        clear();
        return true;
      },
    });
  const removeFromDetail = (member: Member) => {
    setDetail(undefined);
    setRemoving(member);
  };
  const closeDetail = () => {
    setDetail(undefined);
    focusRow(current);
  };

  const filtered = list.filters.search.trim() !== '' || list.filters.role !== undefined;
  return {
    list,
    roles,
    onRole,
    onSort,
    profileName,
    grid,
    selection,
    filtered,
    detail,
    removing,
    setRemoving,
    bulkDialog,
    setBulkDialog,
    onGridKeyDown,
    removeFromDetail,
    closeDetail,
  };
}
