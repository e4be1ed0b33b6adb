/**
 * Writing memberships: role, SSO flag, last seen, removal (shared by the member and invite handlers), each with its
 * event where it has one (through a store's transaction; `removeMembership` also on the synchronous `Database`, for
 * the invite handlers). The handlers run them inside their transaction, after the checks that read
 * (members/records.ts).
 */
import type { Role } from '../../../shared/contract/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';

const setRole = prepared((role: string | null, organizationId: string, userId: string) =>
  builder
    .updateTable('members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId),
);

const membershipDeletion = prepared((organizationId: string, userId: string) =>
  builder.deleteFrom('members').where('organization_id', '=', organizationId).where('user_id', '=', userId),
);

interface MemberWrite {
  organizationId: string;
  userId: string;
  actorId: string;
  now: Date;
}

/** Sets a member's role (null: guest), with its event naming the former role. */
export async function changeMemberRole(
  tx: Statements,
  write: MemberWrite,
  from: string | null,
  to: Role | null,
): Promise<void> {
  await tx.run(setRole(to, write.organizationId, write.userId));
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'member.role_changed',
    subjectType: 'member',
    subjectId: write.userId,
    data: { from, to },
  });
}

/** Removes a membership; team memberships and a pending email invite go with it (foreign key cascades). */
export function removeMembership(db: Database, organizationId: string, userId: string): void {
  db.run(membershipDeletion(organizationId, userId));
}

/** As `removeMembership`, through a store or a transaction. */
export async function removeMembershipIn(
  tx: Statements,
  organizationId: string,
  userId: string,
): Promise<void> {
  await tx.run(membershipDeletion(organizationId, userId));
}

/** `removeMembership` with its event, naming the role the member had. */
export async function removeMember(tx: Statements, write: MemberWrite, role: string | null): Promise<void> {
  await removeMembershipIn(tx, write.organizationId, write.userId);
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'member.removed',
    subjectType: 'member',
    subjectId: write.userId,
    data: { role },
  });
}

/** Marks a member as signing in through SSO, with its event. */
export async function markMemberSso(tx: Statements, write: MemberWrite): Promise<void> {
  await tx.run(
    tx.q
      .updateTable('members')
      .set({ sso: 1 })
      .where('organization_id', '=', write.organizationId)
      .where('user_id', '=', write.userId),
  );
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'member.sso_set',
    subjectType: 'member',
    subjectId: write.userId,
  });
}

/** Records when a member was last seen (no event: it is not an admin change). */
export async function touchLastSeen(
  on: Statements,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await on.run(
    on.q
      .updateTable('members')
      .set({ last_seen_at: now.toISOString() })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId),
  );
}
