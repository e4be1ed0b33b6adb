/**
 * Writing invite links, email invites and the memberships they create, each with its event. The handlers run them
 * through their transaction (`tx`), after the checks that read in it (invites/records.ts).
 */
import type { Role } from '../../../shared/contract/index.ts';
import { newId } from '../../ids.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { InvitesTable } from '../../storage/schema.ts';
import type { Transaction } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import { addMemberIn, ensureUserIn } from '../organizations/commands.ts';
import type { PendingRow } from './records.ts';

interface InviteWrite {
  organizationId: string;
  actorId: string;
  now: Date;
}

export async function insertInvite(tx: Transaction, now: Date, row: InvitesTable): Promise<void> {
  await tx.run(tx.q.insertInto('invites').values(row));
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId: row.created_by,
    action: 'invite.created',
    subjectType: 'invite',
    subjectId: row.id,
    data: { role: row.role },
  });
}

export async function changeInviteRole(
  tx: Transaction,
  write: InviteWrite,
  invite: InvitesTable,
  role: Role | null,
): Promise<void> {
  await tx.run(tx.q.updateTable('invites').set({ role }).where('id', '=', invite.id));
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.role_changed',
    subjectType: 'invite',
    subjectId: invite.id,
    data: { from: invite.role, to: role },
  });
}

export async function revokeInvite(tx: Transaction, write: InviteWrite, inviteId: string): Promise<void> {
  await tx.run(tx.q.deleteFrom('invites').where('id', '=', inviteId));
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.revoked',
    subjectType: 'invite',
    subjectId: inviteId,
  });
}

/** Makes the caller a member with the invite's role; the event only when they were not a member already. */
export async function joinWithInvite(
  tx: Transaction,
  write: InviteWrite,
  invite: InvitesTable,
): Promise<void> {
  if (await addMemberIn(tx, write.now, write.organizationId, write.actorId, invite.role as Role | null)) {
    await recordEventIn(tx, write.now, {
      organizationId: write.organizationId,
      actorId: write.actorId,
      action: 'member.joined',
      subjectType: 'member',
      subjectId: write.actorId,
      data: { invite: invite.id, role: invite.role },
    });
  }
}

interface EmailInvite {
  organizationId: string;
  userId: string;
  role: Role | null;
  invitedBy: string;
}

/** Records an email invite of a member who was just added (inside the invite's transaction). */
export async function recordEmailInvite(tx: Transaction, at: Date, invite: EmailInvite): Promise<void> {
  await tx.run(emailInviteInsert(at, invite));
}

/** As `recordEmailInvite`, on the synchronous `Database` (the demo seed and the test fixtures). */
export function recordEmailInviteSync(db: Database, at: Date, invite: EmailInvite): void {
  db.run(emailInviteInsert(at, invite));
}

function emailInviteInsert(at: Date, invite: EmailInvite) {
  const now = at.toISOString();
  return builder
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
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing());
}

/**
 * Invites people by email: each address once (the first entry wins), a user made for an unknown address, a member
 * with an email invite for each who was not one yet, then one event; answers the ids of the new members.
 */
export async function inviteByEmail(
  tx: Transaction,
  write: InviteWrite,
  invites: {
    entries: readonly (string | { email: string; role: Role | null })[];
    role: Role | null;
    sso: boolean;
  },
): Promise<string[]> {
  const { organizationId, actorId, now } = write;
  const users: string[] = [];
  const seen = new Set<string>();
  for (const entry of invites.entries) {
    const email = (typeof entry === 'string' ? entry : entry.email).trim().toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    const role = typeof entry === 'string' ? invites.role : entry.role;
    const user = await ensureUserIn(tx, now, email);
    if (await addMemberIn(tx, now, organizationId, user.id, role, invites.sso)) {
      users.push(user.id);
      await recordEmailInvite(tx, now, { organizationId, userId: user.id, role, invitedBy: actorId });
    }
  }
  await recordEventIn(tx, now, {
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
export async function resendEmailInvite(
  tx: Transaction,
  write: InviteWrite,
  invite: PendingRow,
): Promise<number> {
  const sentCount = Number(invite.sent_count) + 1;
  await tx.run(
    tx.q
      .updateTable('email_invites')
      .set({ sent_at: write.now.toISOString(), sent_count: sentCount })
      .where('id', '=', invite.id),
  );
  await recordEventIn(tx, write.now, {
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
export async function revokeEmailInvite(
  tx: Transaction,
  write: InviteWrite,
  invite: PendingRow,
  role: string | null,
): Promise<void> {
  // The membership goes (as members/commands.ts removeMembership, until the members domain moves to the store).
  await tx.run(
    tx.q
      .deleteFrom('members')
      .where('organization_id', '=', write.organizationId)
      .where('user_id', '=', invite.user_id),
  );
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'invite.email_revoked',
    subjectType: 'member',
    subjectId: invite.user_id,
    data: { invite: invite.id, email: invite.email, role },
  });
}
