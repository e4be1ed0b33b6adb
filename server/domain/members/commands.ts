/**
 * Writing memberships: role, SSO flag, last seen, removal (shared by the member and invite handlers), each with its
 * event where it has one. The handlers run them inside their transaction, after the checks that read
 * (members/records.ts).
 */
import type { Role } from '../../../shared/contract/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { recordEvent } from '../events.ts';

const setRole = prepared((role: string | null, organizationId: string, userId: string) =>
  builder
    .updateTable('members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId),
);

interface MemberWrite {
  organizationId: string;
  userId: string;
  actorId: string;
  now: Date;
}

/** Sets a member's role (null: guest), with its event naming the former role. */
export function changeMemberRole(
  db: Database,
  write: MemberWrite,
  from: string | null,
  to: Role | null,
): void {
  db.run(setRole(to, write.organizationId, write.userId));
  recordEvent(db, write.now, {
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
  db.run(
    db.q.deleteFrom('members').where('organization_id', '=', organizationId).where('user_id', '=', userId),
  );
}

/** `removeMembership` with its event, naming the role the member had. */
export function removeMember(db: Database, write: MemberWrite, role: string | null): void {
  removeMembership(db, write.organizationId, write.userId);
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'member.removed',
    subjectType: 'member',
    subjectId: write.userId,
    data: { role },
  });
}

/** Marks a member as signing in through SSO, with its event. */
export function markMemberSso(db: Database, write: MemberWrite): void {
  db.run(
    db.q
      .updateTable('members')
      .set({ sso: 1 })
      .where('organization_id', '=', write.organizationId)
      .where('user_id', '=', write.userId),
  );
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'member.sso_set',
    subjectType: 'member',
    subjectId: write.userId,
  });
}

/** Records when a member was last seen (no event: it is not an admin change). */
export function touchLastSeen(db: Database, organizationId: string, userId: string, now: Date): void {
  db.run(
    db.q
      .updateTable('members')
      .set({ last_seen_at: now.toISOString() })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId),
  );
}
