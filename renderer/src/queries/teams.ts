/** Teams of an organization: lists, one team, its members, and the cache edits of optimistic member moves. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { Operations, ResponseOf } from '../../../shared/contract/index.ts';
import type { Team } from '../../../shared/contract/resources/members.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, eachPage, pageParam } from './allPages.ts';
import { keys } from './keys.ts';
import { teamCountQuery } from './counts.ts';
import { invalidateMembers, memberListsKey } from './members.ts';

/** One member of a team, with their team role (the API's shape). */
export type TeamMemberEntry = ResponseOf<Operations['listTeamMembersInOrganizationById']>['items'][number];

/** A member of the organization (the API's shape). */
export type OrgMember = TeamMemberEntry['organization'];

/** A team's role: owner or member. */
export type TeamRole = TeamMemberEntry['team']['role'];

/** The key prefix of every teams list of an organization (all filters). */
export function teamListsKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'team-lists');
}

/** The key prefix of everything cached for one team (the team and its members). */
export function teamKey(profileId: string, orgId: string, teamId: string) {
  return keys.group(keys.org(profileId, orgId), 'team', teamId);
}

/** The user the profile's token acts as (to filter the teams they own). */
export function currentUserQuery(profileId: string) {
  return queryOptions({
    queryKey: keys.read(keys.profile(profileId), 'getAuthenticatedUser'),
    queryFn: () => clientFor(profileId).call('getAuthenticatedUser'),
    staleTime: Infinity,
  });
}

/** The filters of a teams list: title (case-insensitive, contains) and the owner's user id ('' for none). */
export interface TeamListFilters {
  title: string;
  owner: string;
}

/** Every team of an organization matching the filters (server-side), all pages. */
export function teamsQuery(
  profileId: string,
  orgId: string,
  filters: TeamListFilters = { title: '', owner: '' },
) {
  const { title, owner } = filters;
  return queryOptions({
    queryKey: keys.read(teamListsKey(profileId, orgId), 'listTeamsInOrganizationById', { title, owner }),
    queryFn: async (): Promise<{ items: Team[]; count: number }> => {
      const items: Team[] = [];
      let count = 0;
      await eachPage(
        (page) =>
          clientFor(profileId).call('listTeamsInOrganizationById', {
            params: { organizationId: orgId },
            query: {
              limit: LIST_LIMIT_MAX,
              ...(title !== '' ? { title } : {}),
              ...(owner !== '' ? { owner } : {}),
              ...pageParam(page),
            },
          }),
        (answer) => {
          items.push(...answer.items);
          count = answer.count;
        },
      );
      return { items, count };
    },
  });
}

/** One team. */
export function teamQuery(profileId: string, orgId: string, teamId: string) {
  return queryOptions({
    queryKey: keys.read(teamKey(profileId, orgId, teamId), 'getTeamInOrganizationById'),
    queryFn: () =>
      clientFor(profileId).call('getTeamInOrganizationById', {
        params: { organizationId: orgId, teamId },
      }),
  });
}

/** Every member of a team with their team role, all pages. */
export function teamMembersQuery(profileId: string, orgId: string, teamId: string) {
  return queryOptions({
    queryKey: keys.read(teamKey(profileId, orgId, teamId), 'listTeamMembersInOrganizationById'),
    queryFn: (): Promise<TeamMemberEntry[]> =>
      allPages((page) =>
        clientFor(profileId).call('listTeamMembersInOrganizationById', {
          params: { organizationId: orgId, teamId },
          query: { limit: LIST_LIMIT_MAX, ...pageParam(page) },
        }),
      ),
  });
}

/** Creates a team and refreshes the lists. */
export async function createTeam(queryClient: QueryClient, profileId: string, orgId: string, title: string) {
  const team = await clientFor(profileId).call('createOrganizationTeam', {
    params: { organizationId: orgId },
    body: { title },
  });
  await invalidateTeamLists(queryClient, profileId, orgId);
  return team;
}

/** Renames a team and refreshes it and the lists. */
export async function renameTeam(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  teamId: string,
  title: string,
) {
  const team = await clientFor(profileId).call('updateTeamInOrganizationById', {
    params: { organizationId: orgId, teamId },
    body: { title },
  });
  queryClient.setQueryData(teamQuery(profileId, orgId, teamId).queryKey, team);
  await invalidateTeamLists(queryClient, profileId, orgId);
  return team;
}

/** Deletes a team, forgets its cache and refreshes the lists and the members' team counts. */
export async function deleteTeam(queryClient: QueryClient, profileId: string, orgId: string, teamId: string) {
  await clientFor(profileId).call('removeTeamFromOrganizationById', {
    params: { organizationId: orgId, teamId },
  });
  queryClient.removeQueries({ queryKey: teamKey(profileId, orgId, teamId) });
  await Promise.all([
    invalidateTeamLists(queryClient, profileId, orgId),
    queryClient.invalidateQueries({ queryKey: memberListsKey(profileId, orgId) }),
  ]);
}

/** Sets one member's team role. */
export async function setTeamRole(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  teamId: string,
  userId: string,
  role: TeamRole,
) {
  await clientFor(profileId).call('addMemberToOrganizationTeamById', {
    params: { organizationId: orgId, teamId, userId },
    body: { role },
  });
  await queryClient.invalidateQueries({ queryKey: teamKey(profileId, orgId, teamId) });
}

/** Removes one member from a team. */
export async function removeTeamMember(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  teamId: string,
  userId: string,
) {
  await clientFor(profileId).call('deleteMemberFromOrganizationTeamById', {
    params: { organizationId: orgId, teamId, userId },
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKey(profileId, orgId, teamId) }),
    invalidateTeamLists(queryClient, profileId, orgId),
    invalidateMembers(queryClient, profileId, orgId, [userId]),
  ]);
}

/** Adds and removes several members of a team in one request. */
export async function updateTeamMembers(
  profileId: string,
  orgId: string,
  teamId: string,
  change: { add?: string[]; remove?: string[] },
) {
  await clientFor(profileId).call('updateMembersInOrganizationTeam', {
    params: { organizationId: orgId, teamId },
    body: change,
  });
}

/** Refetches every teams list of the organization, and its teams count. */
export function invalidateTeamLists(queryClient: QueryClient, profileId: string, orgId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamListsKey(profileId, orgId) }),
    queryClient.invalidateQueries({ queryKey: teamCountQuery(profileId, orgId).queryKey }),
  ]);
}
