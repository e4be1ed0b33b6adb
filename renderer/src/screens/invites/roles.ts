/** Roles as the forms show them: the contract's roles plus guest (`null`), with labels and select values. */
import { ROLES, type Role } from '../../../../shared/contract/common.ts';

/** A role or guest (`null`), as the API takes it. */
export type RoleOrGuest = Role | null;

/** The value of a role in a `<select>` (guest has none in the API, `null`). */
export type RoleValue = Role | 'guest';

/** Every role a form offers, from the most to the least powerful, then guest. */
export const ROLE_VALUES: readonly RoleValue[] = [...ROLES, 'guest'];

const LABELS: Record<RoleValue, string> = {
  admin: 'Admin',
  create: 'Create',
  review: 'Review',
  edit: 'Edit',
  comment: 'Comment',
  read: 'Read',
  guest: 'Guest',
};

/** The label of a role value. */
export function roleLabel(value: RoleValue): string {
  return LABELS[value];
}

/** The select value of a role. */
export function toRoleValue(role: RoleOrGuest): RoleValue {
  return role ?? 'guest';
}

/** The role of a select value. */
export function fromRoleValue(value: RoleValue): RoleOrGuest {
  return value === 'guest' ? null : value;
}

/** Reads a role from text (any case), or undefined when the text names none. */
export function parseRole(text: string): RoleValue | undefined {
  const value = text.trim().toLowerCase();
  return (ROLE_VALUES as readonly string[]).includes(value) ? (value as RoleValue) : undefined;
}
