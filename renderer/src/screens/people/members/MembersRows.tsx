/**
 * The members grid's virtualized rows, a component of their own: the virtualizer re-renders this on every frame of a
 * scroll, and only this (not the toolbar, bulk bar, detail panel and dialogs of `MembersTable`). Rows are keyed by
 * recycled slots (`ui/slots.ts`), and the focused row stays mounted when scrolled away, so that the focus stays on it.
 */
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, type MouseEvent, type RefObject } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import type { RoleOrGuest } from '../../../ui/roles.ts';
import { mountOrder, useSlots } from '../../../ui/slots.ts';
import type { MembersDragData } from '../dnd.tsx';
import { MemberRow, ROW_HEIGHT, SkeletonRow } from './MemberRow.tsx';

/** The grid's header row, above the virtualized rows. */
export const HEADER_HEIGHT = 36;
/** Start fetching the next page when this close to the last loaded row. */
const PREFETCH_ROWS = 30;
/** The placeholder rows shown while the first page loads. */
const FIRST_SKELETONS = Array.from({ length: 8 }, (_, i) => i);

/** The grid's virtualizer, as the table uses it (scrolling to a row, the rows on screen). */
export type MembersVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** What the table tells its rows. */
export interface MembersRowsProps {
  profileId: string;
  orgId: string;
  members: readonly Member[];
  /** The rows of the grid, loaded or not yet (the list's total while pages remain). */
  count: number;
  /** The first page has not arrived: placeholder rows. */
  pending: boolean;
  /** The grid's scroll container, once attached (`useScrollElement`). */
  scrollElement: HTMLDivElement | null;
  /** Receives the virtualizer, for the table's keyboard (scroll to a row, a page of rows). */
  virtualizerRef: RefObject<MembersVirtualizer | null>;
  /** The row holding the roving tab stop; it stays mounted while scrolled away. */
  current: number;
  selected: ReadonlySet<string>;
  selectionDrag: MembersDragData | undefined;
  onRowClick: (index: number, event: MouseEvent) => void;
  onCheck: (index: number, shiftKey: boolean) => void;
  onRemove: (member: Member) => void;
  onRole: (member: Member, role: RoleOrGuest) => void;
  me: string | undefined;
  canManage: boolean;
  admins: number | undefined;
  /** The members whose role change (or its undo) is under way. */
  changing: string | undefined;
  reverting: string | undefined;
  /** Fetching the next page ahead of the scroll. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** The rowgroup of the members grid. */
export const MembersRows = memo(function MembersRows(props: MembersRowsProps) {
  const { members, count, scrollElement, virtualizerRef, current } = props;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    // Rows mounted beyond each edge: fewer rows in the grid, less style, layout and paint on every frame of a scroll
    // (bench people, traced); the rows are rendered in the scroll event itself (the virtualizer's flushSync).
    overscan: 6,
    scrollMargin: HEADER_HEIGHT,
    // The focused row stays mounted (and focused) while scrolled away, as arrow keys go on from it.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        if (current < range.count && !indexes.includes(current)) {
          indexes.push(current);
          indexes.sort((a, b) => a - b);
        }
        return indexes;
      },
      [current],
    ),
  });
  useLayoutEffect(() => {
    virtualizerRef.current = virtualizer;
  }, [virtualizerRef, virtualizer]);
  const items = virtualizer.getVirtualItems();

  const lastVisible = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = props;
  useEffect(() => {
    if (
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError &&
      lastVisible >= members.length - PREFETCH_ROWS
    )
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastVisible, members.length, fetchNextPage]);

  // A row not loaded yet is a placeholder, keyed apart: slots are recycled among loaded rows.
  const keyOf = (index: number) => members[index]?.id ?? `\u0000${index}`;
  const slotOf = useSlots(items.map((item) => keyOf(item.index)));
  const scrolling = virtualizer.isScrolling;
  if (props.pending)
    return (
      <div role="rowgroup" className="members-body" style={{ height: ROW_HEIGHT * FIRST_SKELETONS.length }}>
        {FIRST_SKELETONS.map((i) => (
          <SkeletonRow key={i} index={i} start={i * ROW_HEIGHT} />
        ))}
      </div>
    );
  return (
    <div
      role="rowgroup"
      className="members-body"
      style={{ height: virtualizer.getTotalSize() }}
      // Rows mounted by slot, not in the order shown, while this is set (`mountOrder`).
      data-scrolling={scrolling || undefined}
    >
      {mountOrder(items, (item) => slotOf(keyOf(item.index)), scrolling).map((item) => {
        const member = members[item.index];
        const start = item.start - HEADER_HEIGHT;
        if (member === undefined)
          return <SkeletonRow key={`s${item.index}`} index={item.index} start={start} />;
        return (
          <MemberRow
            key={slotOf(member.id)}
            profileId={props.profileId}
            orgId={props.orgId}
            member={member}
            index={item.index}
            start={start}
            selected={props.selected.has(member.id)}
            tabbable={item.index === current}
            selectionDrag={props.selectionDrag}
            onRowClick={props.onRowClick}
            onCheck={props.onCheck}
            onRemove={props.onRemove}
            isMe={member.id === props.me}
            canManage={props.canManage}
            admins={props.admins}
            rolePending={member.id === props.changing || member.id === props.reverting}
            onRole={props.onRole}
          />
        );
      })}
    </div>
  );
});
