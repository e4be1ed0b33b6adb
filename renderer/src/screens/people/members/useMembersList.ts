/** The members list of the table: filters (search debounced), the paged query, and the loaded rows. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { membersListQuery, type MemberListFilters } from '../../../queries/members.ts';

/** How long typing must pause before the search is sent: short enough to land within 200 ms of the last key. */
export const SEARCH_DEBOUNCE_MS = 120;

const INITIAL: MemberListFilters = { search: '', role: undefined, sort: 'joinedAt', order: 'desc' };

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The filters as typed and as sent, the query, the loaded members, and a name lookup that outlives filters. */
export function useMembersList(profileId: string, orgId: string) {
  const [filters, setFilters] = useState<MemberListFilters>(INITIAL);
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const sent = useMemo(() => ({ ...filters, search: search.trim() }), [filters, search]);
  const query = useInfiniteQuery(membersListQuery(profileId, orgId, sent));
  const members = useMemo<Member[]>(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );
  const ids = useMemo(() => members.map((m) => m.id), [members]);
  const total = query.data?.pages[0]?.count;
  // Names of every member seen, so that a selection kept across filters can still be named.
  const names = useRef(new Map<string, string>());
  for (const member of members) names.current.set(member.id, member.user.displayName);
  return { filters, setFilters, query, members, ids, total, names: names.current };
}
