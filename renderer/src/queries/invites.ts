/** Invite links and email invites of an organization. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { Invite, InviteUsers } from '../../../shared/contract/resources/organizations.ts';
import type { Role } from '../../../shared/contract/common.ts';
import { clientFor, jobClientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { keys } from './keys.ts';
import { memberListsKey } from './members.ts';
import { useRefreshingMutation } from './refreshingMutation.ts';

/** The query key of the invite links of an organization. */
export function inviteLinksKey(profileId: string, orgId: string) {
  return keys.read(keys.group(keys.org(profileId, orgId), 'invites'), 'listOrganizationInviteLinks');
}

/** Every invite link of an organization (all pages, newest first). */
export function inviteLinksQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: inviteLinksKey(profileId, orgId),
    queryFn: (): Promise<Invite[]> =>
      allPages((page) =>
        clientFor(profileId).call('listOrganizationInviteLinks', {
          params: { organizationId: orgId },
          query: { limit: LIST_LIMIT_MAX, ...pageParam(page) },
        }),
      ),
  });
}

/** Creates, re-roles and revokes invite links; each refreshes the list when done. */
export function useInviteLinkMutations(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const client = clientFor(profileId);
  const organizationId = orgId;
  const refresh = () => queryClient.invalidateQueries({ queryKey: inviteLinksKey(profileId, orgId) });
  const create = useMutation({
    mutationFn: (role: Role | null) =>
      client.call('createOrganizationInvite', { params: { organizationId }, body: { role } }),
    onSettled: refresh,
  });
  const setRole = useMutation({
    mutationFn: ({ inviteId, role }: { inviteId: string; role: Role | null }) =>
      client.call('updateOrganizationInviteById', { params: { organizationId, inviteId }, body: { role } }),
    onSuccess: (invite) =>
      queryClient.setQueryData(inviteLinksKey(profileId, orgId), (old: Invite[] | undefined) =>
        old?.map((item) => (item.id === invite.id ? invite : item)),
      ),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (inviteId: string) =>
      client.call('deleteOrganizationInviteById', { params: { organizationId, inviteId } }),
    onSettled: refresh,
  });
  return { create, setRole, revoke };
}

/** Sends one batch of email invites (a long job's call: paced behind the user's own). */
export function inviteByEmail(profileId: string, orgId: string, body: Static<typeof InviteUsers>) {
  return jobClientFor(profileId).call('inviteUsersToOrganization', {
    params: { organizationId: orgId },
    body,
  });
}

/** The email addresses of members, by user id (members without a visible address are left out). */
export async function memberEmails(profileId: string, orgId: string, userIds: string[]): Promise<string[]> {
  const client = jobClientFor(profileId);
  const members = await Promise.all(
    userIds.map((userId) =>
      client.call('getMemberInOrganizationById', { params: { organizationId: orgId, userId } }),
    ),
  );
  return members.flatMap((member) => (member.user.email !== undefined ? [member.user.email] : []));
}

/** The query key of the pending email invites of an organization. */
export function emailInvitesKey(profileId: string, orgId: string) {
  return keys.read(keys.group(keys.org(profileId, orgId), 'invites'), 'listOrganizationEmailInvites');
}

/** Every email invite still awaiting the person's first visit (an extension of the embedded server), newest first. */
export function emailInvitesQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: emailInvitesKey(profileId, orgId),
    queryFn: () =>
      allPages((page) =>
        clientFor(profileId).call('listOrganizationEmailInvites', {
          params: { organizationId: orgId },
          query: { limit: LIST_LIMIT_MAX, ...pageParam(page) },
        }),
      ),
  });
}

/** Sends a pending email invite again, or revokes it (the person leaves the organization); both refresh the lists. */
export function useEmailInviteMutations(profileId: string, orgId: string) {
  const client = clientFor(profileId);
  const organizationId = orgId;
  const changed = [emailInvitesKey(profileId, orgId), memberListsKey(profileId, orgId)];
  const resend = useRefreshingMutation(changed, (inviteId: string) =>
    client.call('resendOrganizationEmailInvite', { params: { organizationId, inviteId } }),
  );
  const revoke = useRefreshingMutation(changed, (inviteId: string) =>
    client.call('revokeOrganizationEmailInvite', { params: { organizationId, inviteId } }),
  );
  return { resend, revoke };
}
