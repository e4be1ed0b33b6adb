/** What a bulk role change should warn about before it is sent: oneself, the Admin role, the last admin. */
import { roleName, roleRank, type RoleOrGuest } from '../../../ui/roles.ts';
import { countOf } from './format.ts';

/** A selected member with their role now. */
export interface BulkTarget {
  userId: string;
  name: string;
  role: RoleOrGuest;
}

/** The warnings of changing every target to `role`, in plain words (none when nothing needs saying). */
export function bulkRoleWarnings(
  targets: readonly BulkTarget[],
  role: RoleOrGuest,
  context: { me: string | undefined; admins: number | undefined },
): string[] {
  const warnings: string[] = [];
  const me = targets.find((target) => target.userId === context.me);
  if (me !== undefined && roleRank(role) < roleRank(me.role))
    warnings.push(
      me.role === 'admin'
        ? `You are selected: you stop being an admin at once, and only another admin can make you Admin again.`
        : `You are selected: you become ${roleName(role)}.`,
    );
  const others = targets.filter((target) => target.userId !== context.me);
  if (role === 'admin') {
    const promoted = others.filter((target) => target.role !== 'admin').length;
    if (promoted > 0)
      warnings.push(
        `${countOf(promoted, 'member')} become admins: they manage members, roles, invites, settings and all content.`,
      );
    return warnings;
  }
  const admins = targets.filter((target) => target.role === 'admin');
  const demoted = admins.filter((target) => target.userId !== context.me).length;
  if (demoted > 0) warnings.push(`${countOf(demoted, 'admin')} lose the Admin role.`);
  if (admins.length > 0 && context.admins !== undefined && admins.length >= context.admins)
    warnings.push(
      'Every admin is selected: the organization keeps at least one, so the last one stays Admin (the server refuses that change).',
    );
  return warnings;
}
