/**
 * The audit log's filters in the URL (action, actor, target, and a range of days): read, checked and written back,
 * so that a reload or a link lands on the same events. A module of its own, so that the router does not bring the
 * audit queries into the app's first screen.
 */

/** The filters of the audit log as the URL holds them (unset ones left out). */
export interface AuditSearch {
  action?: string;
  actor?: string;
  target?: string;
  /** First day included, `YYYY-MM-DD` (local time). */
  from?: string;
  /** Last day included, `YYYY-MM-DD` (local time). */
  to?: string;
}

/** The filters' names, in the order the screen shows them. */
export const AUDIT_FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The contract's longest filter value. */
const MAX_FILTER = 128;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** Reads the audit log's search parameters, dropping what is not one of their values. */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const text = (name: keyof AuditSearch) => {
    const value = search[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const result: AuditSearch = {};
  for (const name of ['action', 'actor', 'target'] as const) {
    const value = text(name);
    if (value !== '' && value.length <= MAX_FILTER) result[name] = value;
  }
  for (const name of ['from', 'to'] as const) {
    const value = text(name);
    if (isDay(value)) result[name] = value;
  }
  return result;
}

/** The query filters of the API for the URL's: days turned into the instants they start and end (local time). */
export interface AuditQueryFilters {
  action?: string;
  actor?: string;
  target?: string;
  from?: string;
  to?: string;
}

/** The API's filters for the URL's: `from` at the start of its day, `to` at the last millisecond of its day. */
export function auditQueryFilters(search: AuditSearch): AuditQueryFilters {
  const day = (text: string, end: boolean) => {
    const [year, month, date] = text.split('-').map(Number) as [number, number, number];
    const at = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
    return at.toISOString();
  };
  return {
    ...(search.action !== undefined ? { action: search.action } : {}),
    ...(search.actor !== undefined ? { actor: search.actor } : {}),
    ...(search.target !== undefined ? { target: search.target } : {}),
    ...(search.from !== undefined ? { from: day(search.from, false) } : {}),
    ...(search.to !== undefined ? { to: day(search.to, true) } : {}),
  };
}

/** Whether any filter is set. */
export function isFiltered(search: AuditSearch): boolean {
  return AUDIT_FILTERS.some((name) => search[name] !== undefined);
}

/** `search` with one filter set (an empty value clears it). */
export function withFilter(search: AuditSearch, name: keyof AuditSearch, value: string): AuditSearch {
  return parseAuditSearch({ ...search, [name]: value });
}
