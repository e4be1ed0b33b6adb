/**
 * Organization roles as the interface names them: GitBook's names (Admin, Creator, Reviewer, Editor, Commenter,
 * Reader, Guest) everywhere, for the API's roles plus guest (`null`).
 */
import { ROLES, type Role } from '../../../shared/contract/constants.ts';

/** A role or guest (`null`), as the API takes it. */
export type RoleOrGuest = Role | null;

/** A role as a control's value (guest has none in the API: `null`). */
export type RoleValue = Role | 'guest';

/** Every role, from the most to the least powerful, then guest. */
export const ROLE_VALUES: readonly RoleValue[] = [...ROLES, 'guest'];

const LABELS: Record<RoleValue, string> = {
  admin: 'Admin',
  create: 'Creator',
  review: 'Reviewer',
  edit: 'Editor',
  comment: 'Commenter',
  read: 'Reader',
  guest: 'Guest',
};

/** What each role may do, in a few words (GitBook's descriptions, shortened). */
const ABILITIES: Record<RoleValue, string> = {
  admin: 'manage the organization: members, roles, billing, settings and all content',
  create: 'create and manage spaces and collections, and everything an Editor does',
  review: 'review and merge change requests, and everything an Editor does',
  edit: 'edit content through change requests',
  comment: 'read and comment',
  read: 'read content',
  guest: 'reach only what is shared with them directly',
};

/** The label of a role value. */
export function roleLabel(value: RoleValue): string {
  return LABELS[value];
}

/** The label of an API role (`null`: Guest). */
export function roleName(role: RoleOrGuest): string {
  return LABELS[toRoleValue(role)];
}

/** What a role may do, in words. */
export function roleAbilities(role: RoleOrGuest): string {
  return ABILITIES[toRoleValue(role)];
}

/** The control value of a role. */
export function toRoleValue(role: RoleOrGuest): RoleValue {
  return role ?? 'guest';
}

/** The role of a control value. */
export function fromRoleValue(value: RoleValue): RoleOrGuest {
  return value === 'guest' ? null : value;
}

/** Whether a string is a role value. */
export function isRoleValue(value: string): value is RoleValue {
  return (ROLE_VALUES as readonly string[]).includes(value);
}

/** Reads a role from text, by the API's name or GitBook's (any case), or undefined when it names none. */
export function parseRole(text: string): RoleValue | undefined {
  const value = text.trim().toLowerCase();
  if (isRoleValue(value)) return value;
  return ROLE_VALUES.find((role) => LABELS[role].toLowerCase() === value);
}

const RANK: Record<RoleValue, number> = {
  admin: 6,
  create: 5,
  review: 4,
  edit: 3,
  comment: 2,
  read: 1,
  guest: 0,
};

/** How powerful a role is (guest 0, admin 6). */
export function roleRank(role: RoleOrGuest): number {
  return RANK[toRoleValue(role)];
}
