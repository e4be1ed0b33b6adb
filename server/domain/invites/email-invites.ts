/**
 * Pending email invites (an extension): an email invite makes the person a member at once, as GitBook's does; its
 * row stays pending until the member's first visit, and can be sent again or revoked (the person leaves) meanwhile.
 */
import type { Role } from '../../../shared/contract/index.ts';
import type { EmailInvite } from '../../../shared/contract/resources/organizations.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { removeMembership } from '../members/commands.ts';
import { keepOneAdmin } from '../members/records.ts';
import { loadMember, presentUser } from '../members/present.ts';

const KEYS: readonly SortKey[] = [
  { column: 'e.created_at', direction: 'desc' },
  { column: 'e.id', direction: 'desc' },
];

/** The pending invites of an organization, with the invited member's user and the sender's. */
function pendingInvites(organizationId: string) {
  return builder
    .selectFrom('email_invites as e')
    .innerJoin('members as m', (join) =>
      join.onRef('m.organization_id', '=', 'e.organization_id').onRef('m.user_id', '=', 'e.user_id'),
    )
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('users as s', 's.id', 'e.invited_by')
    .where('e.organization_id', '=', organizationId)
    .where('m.last_seen_at', 'is', null)
    .select([
      'e.id',
      'e.user_id',
      'm.role',
      'e.created_at',
      'e.sent_at',
      'e.sent_count',
      'u.email',
      'u.display_name',
      'u.photo_url',
      's.id as sender_id',
      's.email as sender_email',
      's.display_name as sender_name',
      's.photo_url as sender_photo',
    ]);
}

type PendingRow = NonNullable<Awaited<ReturnType<ReturnType<typeof pendingInvites>['executeTakeFirst']>>>;

function presentInvite(row: PendingRow, baseUrl: string): EmailInvite {
  const sender =
    row.sender_id !== null && row.sender_email !== null && row.sender_name !== null
      ? presentUser(baseUrl, {
          user_id: row.sender_id,
          email: row.sender_email,
          display_name: row.sender_name,
          photo_url: row.sender_photo,
        })
      : undefined;
  return {
    object: 'email-invite',
    id: row.id,
    email: row.email,
    role: row.role as Role | null,
    user: presentUser(baseUrl, row),
    ...(sender !== undefined ? { invitedBy: sender } : {}),
    createdAt: row.created_at,
    sentAt: row.sent_at,
    sentCount: Number(row.sent_count),
  };
}

function loadPending(db: Database, organizationId: string, inviteId: string): PendingRow {
  const row = db.first(pendingInvites(organizationId).where('e.id', '=', inviteId));
  if (!row) throw notFound(`no pending email invite with id \`${inviteId}\` in this organization`);
  return row;
}

/** Records an email invite of a member who was just added (inside the invite's transaction). */
export function recordEmailInvite(
  db: Database,
  at: Date,
  invite: { organizationId: string; userId: string; role: Role | null; invitedBy: string },
): void {
  const now = at.toISOString();
  db.run(
    db.q
      .insertInto('email_invites')
      .values({
        id: newId(),
        organization_id: invite.organizationId,
        user_id: invite.userId,
        role: invite.role,
        invited_by: invite.invitedBy,
        created_at: now,
        sent_at: now,
        sent_count: 1,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing()),
  );
}

export const emailInviteHandlers = {
  listOrganizationEmailInvites: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return listPage({
      query,
      keys: KEYS,
      ...keysetQueries(db, pendingInvites(params.organizationId), KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentInvite(row, baseUrl),
    });
  },

  resendOrganizationEmailInvite: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    const now = clock.now();
    return db.transaction(() => {
      const invite = loadPending(db, params.organizationId, params.inviteId);
      const sentCount = Number(invite.sent_count) + 1;
      db.run(
        db.q
          .updateTable('email_invites')
          .set({ sent_at: now.toISOString(), sent_count: sentCount })
          .where('id', '=', invite.id),
      );
      recordEvent(db, now, {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'invite.email_resent',
        subjectType: 'member',
        subjectId: invite.user_id,
        data: { invite: invite.id, email: invite.email },
      });
      return presentInvite({ ...invite, sent_at: now.toISOString(), sent_count: sentCount }, baseUrl);
    });
  },

  revokeOrganizationEmailInvite: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    db.transaction(() => {
      const invite = loadPending(db, params.organizationId, params.inviteId);
      const member = loadMember(db, params.organizationId, invite.user_id);
      keepOneAdmin(db, params.organizationId, member, 'cannot revoke the invite');
      // The invite row goes with the membership (foreign key cascade).
      removeMembership(db, params.organizationId, invite.user_id);
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'invite.email_revoked',
        subjectType: 'member',
        subjectId: invite.user_id,
        data: { invite: invite.id, email: invite.email, role: member.role },
      });
    });
    return undefined;
  },
} satisfies Handlers;
