/**
 * Pending email invites (an extension): an email invite makes the person a member at once, as GitBook's does; its
 * row stays pending until the member's first visit, and can be sent again or revoked (the person leaves) meanwhile.
 * Invites are made by `inviteUsersToOrganization` (handlers.ts). A write reads the invite, and for a revocation the
 * last-admin rule, in its transaction.
 */
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { loadOrgAccessIn } from '../access.ts';
import { loadMemberIn } from '../members/present.ts';
import { keepOneAdminIn } from '../members/records.ts';
import { resendEmailInvite, revokeEmailInvite } from './commands.ts';
import { presentEmailInvite } from './present.ts';
import { loadPending, pendingInvites } from './records.ts';

const KEYS: readonly SortKey[] = [
  { column: 'e.created_at', direction: 'desc' },
  { column: 'e.id', direction: 'desc' },
];

export const emailInviteHandlers = {
  listOrganizationEmailInvites: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return listPageIn({
      query,
      keys: KEYS,
      ...keysetQueriesIn(store, pendingInvites(params.organizationId), KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentEmailInvite(row, baseUrl),
    });
  },

  resendOrganizationEmailInvite: async ({ params, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageInvites', null);
      const invite = await loadPending(tx, params.organizationId, params.inviteId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      const sentCount = await resendEmailInvite(tx, write, invite);
      return presentEmailInvite({ ...invite, sent_at: now.toISOString(), sent_count: sentCount }, baseUrl);
    });
  },

  revokeOrganizationEmailInvite: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageInvites', null);
      const invite = await loadPending(tx, params.organizationId, params.inviteId);
      const member = await loadMemberIn(tx, params.organizationId, invite.user_id);
      await keepOneAdminIn(tx, params.organizationId, member, 'cannot revoke the invite');
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      await revokeEmailInvite(tx, write, invite, member.role);
    });
    return undefined;
  },
} satisfies Handlers;
