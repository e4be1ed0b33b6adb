/**
 * The members table's filters in the URL (search, role, sort, order): read, checked and written back. A module of
 * its own, so that the router does not bring the members queries into the app's first screen.
 */
import type { MemberListFilters, MemberRoleFilter, MemberSort } from './members.ts';

const SORTS: readonly MemberSort[] = ['joinedAt', 'lastSeenAt', 'name'];
const ROLE_FILTERS: readonly MemberRoleFilter[] = [
  'admin',
  'create',
  'review',
  'edit',
  'comment',
  'read',
  'guest',
];

/** The filters of the members table as the URL holds them (defaults left out): they survive reloads and links. */
export interface MembersSearch {
  q?: string;
  role?: MemberRoleFilter;
  sort?: MemberSort;
  order?: 'asc' | 'desc';
}

/** The filters of a fresh members table: newest members first. */
export const DEFAULT_MEMBER_FILTERS: MemberListFilters = {
  search: '',
  role: undefined,
  sort: 'joinedAt',
  order: 'desc',
};

/** Reads the members table's search parameters, dropping what is not one of their values. */
export function parseMembersSearch(search: Record<string, unknown>): MembersSearch {
  const { q, role, sort, order } = search;
  return {
    ...(typeof q === 'string' && q !== '' ? { q: q.slice(0, 256) } : {}),
    ...(ROLE_FILTERS.includes(role as MemberRoleFilter) ? { role: role as MemberRoleFilter } : {}),
    ...(SORTS.includes(sort as MemberSort) ? { sort: sort as MemberSort } : {}),
    ...(order === 'asc' || order === 'desc' ? { order } : {}),
  };
}

/** The filters a URL's search parameters mean. */
export function membersFilters(search: MembersSearch): MemberListFilters {
  return {
    search: search.q ?? '',
    role: search.role,
    sort: search.sort ?? DEFAULT_MEMBER_FILTERS.sort,
    order: search.order ?? DEFAULT_MEMBER_FILTERS.order,
  };
}

/** The search parameters of filters (defaults left out, so a plain table has a plain URL). */
export function membersSearch(filters: MemberListFilters): MembersSearch {
  return {
    ...(filters.search !== '' ? { q: filters.search } : {}),
    ...(filters.role !== undefined ? { role: filters.role } : {}),
    ...(filters.sort !== DEFAULT_MEMBER_FILTERS.sort ? { sort: filters.sort } : {}),
    ...(filters.order !== DEFAULT_MEMBER_FILTERS.order ? { order: filters.order } : {}),
  };
}
