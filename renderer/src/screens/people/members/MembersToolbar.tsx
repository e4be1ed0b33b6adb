/** The members table's search, role filter, sort, order and count. */
import { memo, useId } from 'react';
import { MEMBER_SORTS } from '../../../../../shared/contract/operations/members.ts';
import type { MemberListFilters, MemberSort } from '../../../queries/members.ts';
import { Button } from '../../../ui/Button.tsx';
import { Skeleton } from '../../../ui/Feedback.tsx';
import { isRoleValue, ROLE_VALUES, roleLabel } from '../../../ui/roles.ts';
import { countOf } from './format.ts';

const SORT_LABELS: Record<MemberSort, string> = { joinedAt: 'Joined', lastSeenAt: 'Last seen', name: 'Name' };

function isSort(value: string): value is MemberSort {
  return (MEMBER_SORTS as readonly string[]).includes(value);
}

/**
 * The controls above the members table; memoized, as the table renders on every frame of a scroll and none of these
 * props change with it.
 */
export const MembersToolbar = memo(function MembersToolbar({
  filters,
  onChange,
  total,
}: {
  filters: MemberListFilters;
  onChange: (filters: MemberListFilters) => void;
  total: number | undefined;
}) {
  const id = useId();
  const ascending = filters.order === 'asc';
  return (
    <div className="members-toolbar" role="search" aria-label="Find members">
      <div className="members-field members-search-field">
        <label htmlFor={`${id}-search`} className="field-label">
          Search
        </label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          placeholder="Name or email"
          maxLength={256}
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
          data-testid="members-search"
        />
      </div>
      <div className="members-field">
        <label htmlFor={`${id}-role`} className="field-label">
          Role
        </label>
        <select
          id={`${id}-role`}
          className="input"
          value={filters.role ?? 'all'}
          onChange={(e) => {
            const value = e.target.value;
            onChange({ ...filters, role: isRoleValue(value) ? value : undefined });
          }}
          data-testid="members-role-filter"
        >
          <option value="all">All roles</option>
          {ROLE_VALUES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </div>
      <div className="members-field">
        <label htmlFor={`${id}-sort`} className="field-label">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="input"
          value={filters.sort}
          onChange={(e) => {
            const value = e.target.value;
            if (isSort(value)) onChange({ ...filters, sort: value });
          }}
          data-testid="members-sort"
        >
          {MEMBER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <Button
        size="sm"
        className="members-order"
        aria-label={
          ascending ? 'Order: ascending (switch to descending)' : 'Order: descending (switch to ascending)'
        }
        onClick={() => onChange({ ...filters, order: ascending ? 'desc' : 'asc' })}
        data-testid="members-order"
        data-order={filters.order}
      >
        <span aria-hidden="true">{ascending ? '↑' : '↓'}</span> {ascending ? 'Ascending' : 'Descending'}
      </Button>
      <p className="members-count" role="status" data-testid="members-count">
        {total === undefined ? <Skeleton width="6em" /> : countOf(total, 'member')}
      </p>
      {filters.sort === 'lastSeenAt' && (
        <p className="members-note muted">Sorted by last seen: members never seen are not listed.</p>
      )}
    </div>
  );
});
