import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEMBER_FILTERS,
  membersFilters,
  membersSearch,
  parseMembersSearch,
} from './membersSearch.ts';

describe('the members table in the URL', () => {
  it('keeps only known values, and leaves the defaults out', () => {
    expect(parseMembersSearch({ q: 'ada', role: 'edit', sort: 'name', order: 'asc', page: 3 })).toEqual({
      q: 'ada',
      role: 'edit',
      sort: 'name',
      order: 'asc',
    });
    expect(parseMembersSearch({ q: '', role: 'owner', sort: 'age', order: 'up' })).toEqual({});
    expect(membersSearch(DEFAULT_MEMBER_FILTERS)).toEqual({});
  });

  it('goes from the URL to filters and back', () => {
    const filters = {
      search: 'lovelace',
      role: 'guest' as const,
      sort: 'lastSeenAt' as const,
      order: 'asc' as const,
    };
    expect(membersFilters(parseMembersSearch({ ...membersSearch(filters) }))).toEqual(filters);
    expect(membersFilters({})).toEqual(DEFAULT_MEMBER_FILTERS);
  });
});
