/** Members of an organization: the paged list, one member, what a member reaches, and the member mutations. */
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { CallInput } from '../../../shared/client.ts';
import type { Member } from '../../../shared/contract/resources/members.ts';
import { clientFor, jobClientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';
import { memberCountQuery } from './counts.ts';

/** The query of the members list, as the contract states it. */
type ListQuery = NonNullable<CallInput<'listMembersInOrganizationById'>['query']>;

/** A role filter of the members list (a role, or `guest`). */
export type MemberRoleFilter = NonNullable<ListQuery['role']>;

/** What a member list is sorted by. */
export type MemberSort = NonNullable<ListQuery['sort']>;

/** The filters of a members list: part of its query key. */
export interface MemberListFilters {
  search: string;
  role: MemberRoleFilter | undefined;
  sort: MemberSort;
  order: 'asc' | 'desc';
}

/** How many members a page of the members table holds. */
export const MEMBER_PAGE_SIZE = 100;

/** The key prefix of every filtered members list of an organization. */
export function memberListsKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'member-lists');
}

/** How many admins the organization has (the last one may not lose the role): refetched with the member lists. */
export function adminCountQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.derived(memberListsKey(profileId, orgId), 'admins'),
    queryFn: async () => {
      const page = await clientFor(profileId).call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query: { limit: 1, role: 'admin' },
      });
      return page.count;
    },
  });
}

/** The key of one member and what hangs off it (their spaces and teams). */
export function memberKey(profileId: string, orgId: string, userId: string) {
  return keys.group(keys.org(profileId, orgId), 'member', userId);
}

/** The members list with filters, paged through `next.page`, `MEMBER_PAGE_SIZE` at a time. */
export function membersListQuery(profileId: string, orgId: string, filters: MemberListFilters) {
  return infiniteQueryOptions({
    queryKey: keys.read(memberListsKey(profileId, orgId), 'listMembersInOrganizationById', { ...filters }),
    queryFn: ({ pageParam }) => {
      const query: ListQuery = { limit: MEMBER_PAGE_SIZE, sort: filters.sort, order: filters.order };
      if (pageParam !== undefined) query.page = pageParam;
      if (filters.role !== undefined) query.role = filters.role;
      const search = filters.search.trim().slice(0, 256);
      if (search !== '') query.search = search;
      return clientFor(profileId).call('listMembersInOrganizationById', {
        params: { organizationId: orgId },
        query,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

/** One member. */
export function memberQuery(profileId: string, orgId: string, userId: string) {
  return queryOptions({
    queryKey: keys.read(memberKey(profileId, orgId, userId), 'getMemberInOrganizationById'),
    queryFn: () =>
      clientFor(profileId).call('getMemberInOrganizationById', {
        params: { organizationId: orgId, userId },
      }),
  });
}

/** The spaces a member reaches, with their permission (first 100). */
export function memberSpacesQuery(profileId: string, orgId: string, userId: string) {
  return queryOptions({
    queryKey: keys.read(memberKey(profileId, orgId, userId), 'listSpacesForOrganizationMember'),
    queryFn: () =>
      clientFor(profileId).call('listSpacesForOrganizationMember', {
        params: { organizationId: orgId, userId },
        query: { limit: 100 },
      }),
  });
}

/** The teams of a member, with their team role (first 100). */
export function memberTeamsQuery(profileId: string, orgId: string, userId: string) {
  return queryOptions({
    queryKey: keys.read(memberKey(profileId, orgId, userId), 'listTeamsForOrganizationMember'),
    queryFn: () =>
      clientFor(profileId).call('listTeamsForOrganizationMember', {
        params: { organizationId: orgId, userId },
        query: { limit: 100 },
      }),
  });
}

/** Marks the member lists and the given members stale (refetching what is shown); removed members are dropped. */
export async function invalidateMembers(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  userIds: readonly string[],
  removed = false,
): Promise<void> {
  for (const userId of userIds) {
    if (removed) queryClient.removeQueries({ queryKey: memberKey(profileId, orgId, userId) });
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: memberListsKey(profileId, orgId) }),
    ...(removed
      ? [queryClient.invalidateQueries({ queryKey: memberCountQuery(profileId, orgId).queryKey })]
      : userIds.map((userId) =>
          queryClient.invalidateQueries({ queryKey: memberKey(profileId, orgId, userId) }),
        )),
  ]);
}

/** Changes one member's role (`null` makes them a guest). */
export function updateMemberRole(
  profileId: string,
  orgId: string,
  userId: string,
  role: Member['role'],
  job = false,
): Promise<Member> {
  return (job ? jobClientFor(profileId) : clientFor(profileId)).call('updateMemberInOrganizationById', {
    params: { organizationId: orgId, userId },
    body: { role },
  });
}

/** Removes one member from the organization (`job`: as part of a bulk removal, paced behind the user's calls). */
export async function removeMember(
  profileId: string,
  orgId: string,
  userId: string,
  job = false,
): Promise<void> {
  await (job ? jobClientFor(profileId) : clientFor(profileId)).call('removeMemberFromOrganizationById', {
    params: { organizationId: orgId, userId },
  });
}

/** Changes a member's role, then refreshes the member lists and the member. */
export function useUpdateMemberRole(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Member['role'] }) =>
      updateMemberRole(profileId, orgId, userId, role),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKey(profileId, orgId, member.id), member);
      return invalidateMembers(queryClient, profileId, orgId, [member.id]);
    },
  });
}

/** Removes a member, then refreshes the member lists and drops the member. */
export function useRemoveMember(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(profileId, orgId, userId),
    onSuccess: (_value, userId) => invalidateMembers(queryClient, profileId, orgId, [userId], true),
  });
}

/** Marks a member as an SSO member, then refreshes the member lists and the member. */
export function useSetSsoMember(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      clientFor(profileId).call('setUserAsSSOMemberForOrganization', {
        params: { organizationId: orgId, userId },
      }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKey(profileId, orgId, member.id), member);
      return invalidateMembers(queryClient, profileId, orgId, [member.id]);
    },
  });
}
