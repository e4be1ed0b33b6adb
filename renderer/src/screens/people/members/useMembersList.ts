/** The members list of the table: filters (from the URL; search debounced), the paged query, and the loaded rows. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { membersListQuery, type MemberListFilters } from '../../../queries/members.ts';
import { useDebounced } from '../../../ui/useDebounced.ts';

/** How long typing must pause before the search is sent: short enough to land within 200 ms of the last key. */
export const SEARCH_DEBOUNCE_MS = 120;

/**
 * The filters as given and as sent, the query, the loaded members, and every member seen (by id) under any filter,
 * so that a selection kept across filters can still be named, and a bulk change undone to each one's role.
 */
export function useMembersList(
  profileId: string,
  orgId: string,
  filters: MemberListFilters,
  setFilters: (filters: MemberListFilters) => void,
) {
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const sent = useMemo(() => ({ ...filters, search: search.trim() }), [filters, search]);
  const query = useInfiniteQuery(membersListQuery(profileId, orgId, sent));
  const members = useMemo<Member[]>(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );
  const ids = useMemo(() => members.map((m) => m.id), [members]);
  const total = query.data?.pages[0]?.count;
  const seen = useRef(new Map<string, Member>());
  const names = useRef(new Map<string, string>());
  for (const member of members) {
    seen.current.set(member.id, member);
    names.current.set(member.id, member.user.displayName);
  }
  return { filters, setFilters, query, members, ids, total, names: names.current, seen: seen.current };
}
