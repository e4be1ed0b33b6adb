/** How long a deleted space stays restorable: 7 days from its deletion, as the server purges it. */

/** Days a deleted space can be restored. */
export const TRASH_DAYS = 7;

const DAY = 24 * 60 * 60 * 1000;

/** When a space deleted at `deletedAt` is purged. */
export function purgeTime(deletedAt: string): number {
  return Date.parse(deletedAt) + TRASH_DAYS * DAY;
}

/** Whole days left before the purge (0 in the last day), or -1 once it is past. */
export function daysLeft(deletedAt: string, now: number): number {
  const left = purgeTime(deletedAt) - now;
  return left <= 0 ? -1 : Math.floor(left / DAY);
}

/** "5 days left", "1 day left", "less than a day left", or "no longer restorable". */
export function timeLeftLabel(deletedAt: string, now: number): string {
  const days = daysLeft(deletedAt, now);
  if (days < 0) return 'no longer restorable';
  if (days === 0) return 'less than a day left';
  return days === 1 ? '1 day left' : `${days} days left`;
}
