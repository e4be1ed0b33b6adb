/** The header row of the members grid, with the select-all checkbox. */
import { useEffect, useRef } from 'react';
import type { MemberSort } from '../../../queries/members.ts';

/** The header row; `aria-sort` marks the sorted column. */
export function MembersHeader({
  all,
  some,
  disabled,
  onSelectAll,
  sort,
  order,
}: {
  all: boolean;
  some: boolean;
  disabled: boolean;
  onSelectAll: () => void;
  sort: MemberSort;
  order: 'asc' | 'desc';
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = some && !all;
  }, [some, all]);
  const ariaSort = (column: MemberSort) =>
    sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
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
        <div role="columnheader" className="member-cell" aria-sort={ariaSort('name')}>
          Name
        </div>
        <div role="columnheader" className="member-cell">
          Role
        </div>
        <div role="columnheader" className="member-cell member-cell-num">
          Teams
        </div>
        <div role="columnheader" className="member-cell member-cell-num">
          Spaces
        </div>
        <div role="columnheader" className="member-cell" aria-sort={ariaSort('joinedAt')}>
          Joined
        </div>
        <div role="columnheader" className="member-cell" aria-sort={ariaSort('lastSeenAt')}>
          Last seen
        </div>
        <div role="columnheader" className="member-cell">
          SSO
        </div>
        <div role="columnheader" className="member-cell">
          <span className="visually-hidden">Actions</span>
        </div>
      </div>
    </div>
  );
}
