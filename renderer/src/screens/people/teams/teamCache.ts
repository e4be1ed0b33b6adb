/** Optimistic edits of the cached teams: member counts in lists and details, and the teams' member lists. */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Team } from '../../../../../shared/contract/resources/members.ts';
import { keys } from '../../../queries/keys.ts';
import {
  teamListsKey,
  teamMembersQuery,
  teamQuery,
  type OrgMember,
  type TeamMemberEntry,
} from '../../../queries/teams.ts';

/** What the cache held before an optimistic edit, to put back on failure. */
export type CacheSnapshot = [QueryKey, unknown][];

/** Copies the cached data of the given key prefixes. */
export function snapshot(queryClient: QueryClient, prefixes: QueryKey[]): CacheSnapshot {
  return prefixes.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
}

/** Puts a snapshot back. */
export function restore(queryClient: QueryClient, saved: CacheSnapshot): void {
  for (const [queryKey, data] of saved) queryClient.setQueryData(queryKey, data);
}

/** Adds `delta` to a team's member count in every cached teams list and in its cached detail. */
export function shiftMemberCount(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  teamId: string,
  delta: number,
): void {
  if (delta === 0) return;
  const shift = (team: Team): Team =>
    team.id === teamId ? { ...team, members: Math.max(0, team.members + delta) } : team;
  queryClient.setQueriesData<{ items: Team[]; count: number }>(
    { queryKey: teamListsKey(profileId, orgId) },
    (list) => (list === undefined ? list : { ...list, items: list.items.map(shift) }),
  );
  queryClient.setQueryData<Team>(teamQuery(profileId, orgId, teamId).queryKey, (team) =>
    team === undefined ? team : shift(team),
  );
}

/** The cached member list of a team, if loaded. */
export function cachedTeamMembers(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  teamId: string,
): TeamMemberEntry[] | undefined {
  return queryClient.getQueryData(teamMembersQuery(profileId, orgId, teamId).queryKey);
}

/** Replaces a team's cached member list (when loaded). */
export function editTeamMembers(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  teamId: string,
  edit: (entries: TeamMemberEntry[]) => TeamMemberEntry[],
): void {
  queryClient.setQueryData<TeamMemberEntry[]>(
    teamMembersQuery(profileId, orgId, teamId).queryKey,
    (entries) => (entries === undefined ? entries : edit(entries)),
  );
}

function isMember(value: unknown): value is OrgMember {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { object?: unknown }).object === 'member' &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}

/** Finds the given members anywhere in the organization's cache (members table pages, team member lists). */
export function findCachedMembers(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  userIds: readonly string[],
): Map<string, OrgMember> {
  const wanted = new Set(userIds);
  const found = new Map<string, OrgMember>();
  const visit = (value: unknown, depth: number): void => {
    if (found.size === wanted.size || depth > 6 || typeof value !== 'object' || value === null) return;
    if (isMember(value)) {
      if (wanted.has(value.id)) found.set(value.id, value);
      return;
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child, depth + 1);
  };
  for (const [, data] of queryClient.getQueriesData({ queryKey: keys.org(profileId, orgId) })) visit(data, 0);
  return found;
}
