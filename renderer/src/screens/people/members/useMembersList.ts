/** The members list of the table: filters (from the URL; search debounced), the paged query, and the loaded rows. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { membersListQuery, type MemberListFilters } from '../../../queries/members.ts';
import { useDebounced } from '../../../ui/useDebounced.ts';

/** How long typing must pause before the search is sent: short enough to land within 200 ms of the last key. */
export const SEARCH_DEBOUNCE_MS = 120;

/**
 * The search as typed, at once; the URL follows once typing pauses and the rows are in: a navigation per
 * keystroke made every key wait for the router (and re-render the screen) before the debounce could even start.
 * `typed` is the text not yet in the URL (`undefined` once the URL holds it). Any other filter goes to the URL at
 * once, with what was typed.
 */
function useTypedSearch(filters: MemberListFilters, setFilters: (filters: MemberListFilters) => void) {
  const [typed, setTyped] = useState<string | undefined>(undefined);
  if (typed !== undefined && filters.search === typed) setTyped(undefined);
  const shown = useMemo(
    () => (typed === undefined ? filters : { ...filters, search: typed }),
    [filters, typed],
  );
  const search = useDebounced(shown.search, SEARCH_DEBOUNCE_MS);
  const change = useCallback(
    (next: MemberListFilters) => {
      const searchOnly =
        next.role === filters.role && next.sort === filters.sort && next.order === filters.order;
      if (searchOnly) setTyped(next.search);
      else {
        setTyped(undefined);
        setFilters(next);
      }
    },
    [filters, setFilters],
  );
  return { shown, search, typed, change };
}

/**
 * Puts the typed search in the URL once it is the debounced one and its rows are in, when the window is next idle:
 * the router's navigation (and the screen's re-render) then never holds up the search's answer or its rows.
 */
function useSearchInUrl(
  typed: string | undefined,
  search: string,
  filters: MemberListFilters,
  setFilters: (filters: MemberListFilters) => void,
  loading: boolean,
) {
  const written = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (typed === undefined || search !== typed || loading) return;
    if (filters.search === typed || written.current === typed) return;
    const write = () => {
      written.current = typed;
      setFilters({ ...filters, search: typed });
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(write, 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(write, { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }, [typed, search, filters, setFilters, loading]);
}

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
  const { shown, search, typed, change } = useTypedSearch(filters, setFilters);
  const sent = useMemo(() => ({ ...filters, search: search.trim() }), [filters, search]);
  const query = useInfiniteQuery(membersListQuery(profileId, orgId, sent));
  useSearchInUrl(typed, search, filters, setFilters, query.isFetching);
  const members = useMemo<Member[]>(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );
  const ids = useMemo(() => members.map((m) => m.id), [members]);
  const total = query.data?.pages[0]?.count;
  const seen = useRef(new Map<string, Member>());
  const names = useRef(new Map<string, string>());
  // Once per page, not per render nor per list: the table renders on every frame of a scroll (walking 10,000 loaded
  // members each time cost about 0.5 ms of each frame, bench people profiled), and walking the whole list again when
  // a page arrived made that frame's work grow with the rows loaded. A refetched page is a new object.
  const noted = useRef(new WeakSet<object>());
  for (const page of query.data?.pages ?? []) {
    if (noted.current.has(page)) continue;
    noted.current.add(page);
    for (const member of page.items) {
      seen.current.set(member.id, member);
      names.current.set(member.id, member.user.displayName);
    }
  }
  return {
    filters: shown,
    setFilters: change,
    query,
    members,
    ids,
    total,
    names: names.current,
    seen: seen.current,
  };
}
