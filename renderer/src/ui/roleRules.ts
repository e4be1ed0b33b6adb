/**
 * What a role change of a member needs before it is sent: nothing, a confirmation that says what follows (demoting
 * oneself, granting or taking the Admin role), or a refusal shown at once (the last admin keeps the role).
 */
import type { Member } from '../../../shared/contract/resources/members.ts';
import type { Choice } from './ChoiceMenu.tsx';
import {
  fromRoleValue,
  ROLE_VALUES,
  roleAbilities,
  roleName,
  roleRank,
  toRoleValue,
  type RoleOrGuest,
  type RoleValue,
} from './roles.ts';

/** Who is asking, and how many admins the organization has (undefined while unknown). */
export interface RoleContext {
  me: string | undefined;
  admins: number | undefined;
}

/** What to do with a role change. */
export type RoleCheck =
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: string }
  | { kind: 'confirm'; title: string; description: string; confirmLabel: string; undoable: boolean }
  | { kind: 'go' };

/** Whether `member` is the organization's only admin. */
export function isLastAdmin(member: Pick<Member, 'role'>, admins: number | undefined): boolean {
  return member.role === 'admin' && admins !== undefined && admins <= 1;
}

/** The last-admin rule in words, for a member who is the only admin. */
export function lastAdminReason(name: string, self: boolean): string {
  return self
    ? 'You are the organization’s only admin: make another member Admin first.'
    : `${name} is the organization’s only admin: make another member Admin first.`;
}

/** Checks a role change of `member` to `role` by the user `context.me`. */
export function checkRoleChange(
  member: Pick<Member, 'id' | 'role'> & { user: Pick<Member['user'], 'displayName'> },
  role: RoleOrGuest,
  context: RoleContext,
): RoleCheck {
  if (member.role === role) return { kind: 'unchanged' };
  const name = member.user.displayName;
  const self = member.id === context.me;
  const next = roleName(role);
  if (member.role === 'admin' && isLastAdmin(member, context.admins))
    return { kind: 'refused', reason: lastAdminReason(name, self) };
  if (self && roleRank(role) < roleRank(member.role)) {
    const lostAdmin = member.role === 'admin';
    return {
      kind: 'confirm',
      title: `Make yourself ${next}?`,
      description: `You will only ${roleAbilities(role)}.${
        lostAdmin
          ? ' You stop managing members, roles, invites and settings at once, and you cannot undo this yourself: another admin has to make you Admin again.'
          : ''
      }`,
      confirmLabel: `Make me ${next}`,
      undoable: !lostAdmin,
    };
  }
  if (role === 'admin')
    return {
      kind: 'confirm',
      title: `Make ${name} an admin?`,
      description: `${name} will ${roleAbilities('admin')}, including changing your own role or removing you.`,
      confirmLabel: `Make ${name} Admin`,
      undoable: true,
    };
  if (member.role === 'admin')
    return {
      kind: 'confirm',
      title: `Take the Admin role from ${name}?`,
      description: `${name} becomes ${next} and can only ${roleAbilities(role)}: no more managing members, roles, invites or settings.`,
      confirmLabel: `Make ${name} ${next}`,
      undoable: true,
    };
  return { kind: 'go' };
}

/** The choices of a member's role menu: every role, the lower ones blocked for the last admin. */
export function roleChoices(member: Pick<Member, 'role'>, admins: number | undefined): Choice<RoleValue>[] {
  const last = isLastAdmin(member, admins);
  return ROLE_VALUES.map((value) => ({
    value,
    label: roleName(fromRoleValue(value)),
    blocked: last && value !== 'admin' ? 'only admin' : undefined,
  }));
}

/** The current choice of a member's role menu. */
export function roleChoiceOf(member: Pick<Member, 'role'>): RoleValue {
  return toRoleValue(member.role);
}
