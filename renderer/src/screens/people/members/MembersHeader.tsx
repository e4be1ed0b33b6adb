/** The header row of the members grid, with the select-all checkbox and the sortable column headers. */
import { memo, useEffect, useRef, type ReactNode } from 'react';
import type { MemberSort } from '../../../queries/members.ts';

/** A column header that sorts by its column: a first click sorts it, the next ones turn the order round. */
function SortHeader({
  column,
  sort,
  order,
  onSort,
  children,
}: {
  column: MemberSort;
  sort: MemberSort;
  order: 'asc' | 'desc';
  onSort: (column: MemberSort) => void;
  children: ReactNode;
}) {
  const active = sort === column;
  return (
    <div
      role="columnheader"
      className="member-cell"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="member-sort"
        onClick={() => onSort(column)}
        data-testid={`members-sort-${column}`}
      >
        {children}
        {active && <span aria-hidden="true">{order === 'asc' ? '↑' : '↓'}</span>}
      </button>
    </div>
  );
}

/**
 * The header row; `aria-sort` marks the sorted column. Memoized, as the table renders on every frame of a scroll and
 * none of these props change with it.
 */
export const MembersHeader = memo(function MembersHeader({
  all,
  some,
  disabled,
  onSelectAll,
  sort,
  order,
  onSort,
}: {
  all: boolean;
  some: boolean;
  disabled: boolean;
  onSelectAll: () => void;
  sort: MemberSort;
  order: 'asc' | 'desc';
  onSort: (column: MemberSort) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = some && !all;
  }, [some, all]);
  const sorting = { sort, order, onSort };
  return (
    <div role="rowgroup" className="members-head">
      <div role="row" className="member-row member-head-row" aria-rowindex={1}>
        <div role="columnheader" className="member-cell">
          <span className="visually-hidden">Drag</span>
        </div>
        <div role="columnheader" className="member-cell member-cell-check">
          <input
            ref={box}
            type="checkbox"
            checked={all}
            disabled={disabled}
            onChange={onSelectAll}
            aria-label={all ? 'Deselect all loaded members' : 'Select all loaded members'}
            data-testid="select-all"
          />
        </div>
        <SortHeader column="name" {...sorting}>
          Name
        </SortHeader>
        <div role="columnheader" className="member-cell">
          Role
        </div>
        <div role="columnheader" className="member-cell member-cell-num">
          Teams
        </div>
        <div role="columnheader" className="member-cell member-cell-num">
          Spaces
        </div>
        <SortHeader column="joinedAt" {...sorting}>
          Joined
        </SortHeader>
        <SortHeader column="lastSeenAt" {...sorting}>
          Last seen
        </SortHeader>
        <div role="columnheader" className="member-cell">
          SSO
        </div>
        <div role="columnheader" className="member-cell">
          <span className="visually-hidden">Actions</span>
        </div>
      </div>
    </div>
  );
});
