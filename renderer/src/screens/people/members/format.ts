/** Wording of the members table: dates and counts (role names are in `ui/roles.ts`). */
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
