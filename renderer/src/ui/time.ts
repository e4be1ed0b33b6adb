/** Times as people read them: how long ago, in words, and the full date for a tooltip. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Formatters by locale: building one costs more than formatting with it (a list of twenty comments built forty),
 * and they never change.
 */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let format = relativeFormats.get(key);
  if (format === undefined)
    relativeFormats.set(key, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
}

function dateFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = dateFormats.get(key);
  if (format === undefined)
    dateFormats.set(
      key,
      (format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' })),
    );
  return format;
}

/** How long ago `iso` was, in words ("5 minutes ago", "yesterday", "just now"), in the locale given. */
export function timeAgo(iso: string, now: number, locale?: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = relativeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The full date and time of `iso`, for the tooltip of a relative time (`iso` itself when unreadable). */
export function fullDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale).format(date);
}

const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date as people read it ("Nov 27, 2026, 2:05 PM"); text that is no date comes back as it is. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : mediumDate.format(time);
}
