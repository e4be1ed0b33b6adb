/**
 * Pending email invites (an extension): an email invite makes the person a member at once, as GitBook's does; its
 * row stays pending until the member's first visit, and can be sent again or revoked (the person leaves) meanwhile.
 * Invites are made by `inviteUsersToOrganization` (handlers.ts).
 */
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { loadOrgAccess } from '../access.ts';
import { loadMember } from '../members/present.ts';
import { keepOneAdmin } from '../members/records.ts';
import { resendEmailInvite, revokeEmailInvite } from './commands.ts';
import { presentEmailInvite } from './present.ts';
import { loadPending, pendingInvites } from './records.ts';

const KEYS: readonly SortKey[] = [
  { column: 'e.created_at', direction: 'desc' },
  { column: 'e.id', direction: 'desc' },
];

export const emailInviteHandlers = {
  listOrganizationEmailInvites: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return listPage({
      query,
      keys: KEYS,
      ...keysetQueries(db, pendingInvites(params.organizationId), KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentEmailInvite(row, baseUrl),
    });
  },

  resendOrganizationEmailInvite: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    const now = clock.now();
    return db.transaction(() => {
      const invite = loadPending(db, params.organizationId, params.inviteId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      const sentCount = resendEmailInvite(db, write, invite);
      return presentEmailInvite({ ...invite, sent_at: now.toISOString(), sent_count: sentCount }, baseUrl);
    });
  },

  revokeOrganizationEmailInvite: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    db.transaction(() => {
      const invite = loadPending(db, params.organizationId, params.inviteId);
      const member = loadMember(db, params.organizationId, invite.user_id);
      keepOneAdmin(db, params.organizationId, member, 'cannot revoke the invite');
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      revokeEmailInvite(db, write, invite, member.role);
    });
    return undefined;
  },
} satisfies Handlers;
