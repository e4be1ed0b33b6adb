/**
 * Writing invite links, email invites and the memberships they create, each with its event. The handlers run them
 * inside their transaction, after the checks that read (invites/records.ts).
 */
import type { Role } from '../../../shared/contract/index.ts';
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import type { InvitesTable } from '../../storage/schema.ts';
import { recordEvent } from '../events.ts';
import { removeMembership } from '../members/commands.ts';
import { addMember, ensureUser } from '../organizations/commands.ts';
import type { PendingRow } from './records.ts';

interface InviteWrite {
  organizationId: string;
  actorId: string;
  now: Date;
}

export function insertInvite(db: Database, now: Date, row: InvitesTable): void {
  db.run(db.q.insertInto('invites').values(row));
  recordEvent(db, now, {
    organizationId: row.organization_id,
    actorId: row.created_by,
    action: 'invite.created',
    subjectType: 'invite',
    subjectId: row.id,
    data: { role: row.role },
  });
}

export function changeInviteRole(
  db: Database,
  write: InviteWrite,
  invite: InvitesTable,
  role: Role | null,
): void {
  db.run(db.q.updateTable('invites').set({ role }).where('id', '=', invite.id));
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.role_changed',
    subjectType: 'invite',
    subjectId: invite.id,
    data: { from: invite.role, to: role },
  });
}

export function revokeInvite(db: Database, write: InviteWrite, inviteId: string): void {
  db.run(db.q.deleteFrom('invites').where('id', '=', inviteId));
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.revoked',
    subjectType: 'invite',
    subjectId: inviteId,
  });
}

/** Makes the caller a member with the invite's role; the event only when they were not a member already. */
export function joinWithInvite(db: Database, write: InviteWrite, invite: InvitesTable): void {
  if (addMember(db, write.now, write.organizationId, write.actorId, invite.role as Role | null)) {
    recordEvent(db, write.now, {
      organizationId: write.organizationId,
      actorId: write.actorId,
      action: 'member.joined',
      subjectType: 'member',
      subjectId: write.actorId,
      data: { invite: invite.id, role: invite.role },
    });
  }
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

/**
 * Invites people by email: each address once (the first entry wins), a user made for an unknown address, a member
 * with an email invite for each who was not one yet, then one event; answers the ids of the new members.
 */
export function inviteByEmail(
  db: Database,
  write: InviteWrite,
  invites: {
    entries: readonly (string | { email: string; role: Role | null })[];
    role: Role | null;
    sso: boolean;
  },
): string[] {
  const { organizationId, actorId, now } = write;
  const users: string[] = [];
  const seen = new Set<string>();
  for (const entry of invites.entries) {
    const email = (typeof entry === 'string' ? entry : entry.email).trim().toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    const role = typeof entry === 'string' ? invites.role : entry.role;
    const user = ensureUser(db, now, email);
    if (addMember(db, now, organizationId, user.id, role, invites.sso)) {
      users.push(user.id);
      recordEmailInvite(db, now, { organizationId, userId: user.id, role, invitedBy: actorId });
    }
  }
  recordEvent(db, now, {
    organizationId,
    actorId,
    action: 'member.invited',
    subjectType: 'organization',
    subjectId: organizationId,
    data: { users, requested: invites.entries.length },
  });
  return users;
}

/** Counts one more sending of a pending email invite; answers the new count. */
export function resendEmailInvite(db: Database, write: InviteWrite, invite: PendingRow): number {
  const sentCount = Number(invite.sent_count) + 1;
  db.run(
    db.q
      .updateTable('email_invites')
      .set({ sent_at: write.now.toISOString(), sent_count: sentCount })
      .where('id', '=', invite.id),
  );
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.email_resent',
    subjectType: 'member',
    subjectId: invite.user_id,
    data: { invite: invite.id, email: invite.email },
  });
  return sentCount;
}

/** Revokes a pending email invite: the membership goes, and the invite row with it (foreign key cascade). */
export function revokeEmailInvite(
  db: Database,
  write: InviteWrite,
  invite: PendingRow,
  role: string | null,
): void {
  removeMembership(db, write.organizationId, invite.user_id);
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.email_revoked',
    subjectType: 'member',
    subjectId: invite.user_id,
    data: { invite: invite.id, email: invite.email, role },
  });
}
