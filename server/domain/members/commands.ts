/** Writes on memberships shared by the member and invite handlers: the last-admin rule and removal. */
import { conflict } from '../../errors.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { MemberRow } from './present.ts';

const otherActiveAdmins = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('user_id', '!=', userId),
);

/** Refuses a change that would leave the organization without an active admin. */
export function keepOneAdmin(db: Database, organizationId: string, target: MemberRow, what: string): void {
  if (target.role !== 'admin') return;
  // Count the other active admins: a disabled admin may be demoted or removed while an active one remains.
  const others = db.first(otherActiveAdmins(organizationId, target.user_id));
  if (Number(others?.n ?? 0) === 0) {
    throw conflict(
      `${what}: ${target.display_name} is the last admin of the organization; make another member admin first`,
    );
  }
}

/** Removes a membership; team memberships and a pending email invite go with it (foreign key cascades). */
export function removeMembership(db: Database, organizationId: string, userId: string): void {
  db.run(
    db.q.deleteFrom('members').where('organization_id', '=', organizationId).where('user_id', '=', userId),
  );
}
