/** Wording of the members table: role names, dates and counts. */
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import type { MemberRoleFilter } from '../../../queries/members.ts';

/** A role as the select shows it: `guest` stands for the API's `null`. */
export type RoleChoice = MemberRoleFilter;

/** The roles, most powerful first, with GitBook's names. */
export const ROLE_CHOICES: readonly { value: RoleChoice; label: string }[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'create', label: 'Creator' },
  { value: 'review', label: 'Reviewer' },
  { value: 'edit', label: 'Editor' },
  { value: 'comment', label: 'Commenter' },
  { value: 'read', label: 'Reader' },
  { value: 'guest', label: 'Guest' },
];

/** The select's value of a member's role. */
export function roleChoice(role: Member['role']): RoleChoice {
  return role ?? 'guest';
}

/** The API's role of a select value. */
export function roleOfChoice(choice: RoleChoice): Member['role'] {
  return choice === 'guest' ? null : choice;
}

/** The label of a role. */
export function roleLabel(role: Member['role']): string {
  const choice = roleChoice(role);
  return ROLE_CHOICES.find((r) => r.value === choice)?.label ?? choice;
}

/** Whether a string is a role choice. */
export function isRoleChoice(value: string): value is RoleChoice {
  return ROLE_CHOICES.some((r) => r.value === value);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat('en-US');

/** A date for a table cell. */
export function formatDate(iso: string | undefined): string {
  if (iso === undefined) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** A date and time for the detail panel. */
export function formatDateTime(iso: string | undefined): string {
  if (iso === undefined) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** "1 member", "1,234 members". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${numberFormat.format(n)} ${n === 1 ? singular : plural}`;
}
