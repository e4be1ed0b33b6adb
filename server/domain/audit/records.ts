/**
 * Reads of the audit log: an organization's recorded events, newest first, filtered by actor, action, target and
 * time. Each filter has an index in the list's order (migration 17), so a page is one range of one index: the
 * filter's equality, then the time window and the page cursor as bounds on (created_at, id).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { badRequest } from '../../errors.ts';
import { orderByKeys, type KeyValue, type SortKey } from '../../http/pagination.ts';
import type { DialectName } from '../../storage/dialect/compile.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { EventsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { SYSTEM_ACTOR_ID } from '../../../shared/contract/resources/audit.ts';
import { isAuditAction } from './actions.ts';

/** Newest first; the id breaks ties between events of the same millisecond. */
export const EVENT_KEYS: readonly SortKey[] = [
  { column: 'e.created_at', direction: 'desc' },
  { column: 'e.id', direction: 'desc' },
];

/** An event with its actor's display name (`null`: no actor, or a user since deleted). */
export type EventRow = EventsTable & { actor_name: string | null };

/** The list's filters, as the query gives them. */
export interface EventFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

/** The latest instant a `date-time` of four-digit year names: one millisecond later, `toISOString` changes form. */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** A query's date-time as a time value; 400 if it names no instant (`23:59:60` passes the format, not `Date`). */
function instant(value: string, name: 'from' | 'to'): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(`query parameter \`${name}\`: \`${value}\` is not a valid time`);
  return time;
}

/**
 * The time window as bounds on the stored `created_at` (`toISOString` text, whose order is time order): `from`
 * included, and `to` as "before the next millisecond" with the smallest id, so that it merges with a page cursor
 * into one exclusive upper bound on (created_at, id).
 */
interface Window {
  from?: string;
  before?: [string, string];
}

/** The filters checked (a known action, a time range not reversed) and the window they give. */
function checked(filters: EventFilters): {
  window: Window;
  action?: string;
  actor?: string;
  target?: string;
} {
  const from = filters.from === undefined ? undefined : instant(filters.from, 'from');
  const to = filters.to === undefined ? undefined : instant(filters.to, 'to');
  if (from !== undefined && to !== undefined && from > to)
    throw badRequest('query parameters `from` and `to`: `from` is after `to`');
  if (filters.action !== undefined && !isAuditAction(filters.action))
    throw badRequest(
      `query parameter \`action\`: \`${filters.action}\` is not an audit action (see the organization's audit-event-actions)`,
    );
  const window: Window = {};
  if (from !== undefined) window.from = new Date(from).toISOString();
  if (to !== undefined && to < LAST_INSTANT) window.before = [new Date(to + 1).toISOString(), ''];
  const { action, actor, target } = filters;
  return {
    window,
    ...(action !== undefined ? { action } : {}),
    ...(actor !== undefined ? { actor } : {}),
    ...(target !== undefined ? { target } : {}),
  };
}

/** A decoded page cursor of this list: the last shown event's created_at and id, both text. */
function cursorOf(values: readonly KeyValue[]): readonly [string, string] {
  const [at, id] = values;
  if (typeof at !== 'string' || typeof id !== 'string')
    throw badRequest(
      'query parameter `page` is not a page cursor of this list (take it from `next.page` of the previous answer)',
    );
  return [at, id];
}

/** The lower of two (created_at, id) bounds, compared as the index orders them. */
function lowerBound(a: readonly [string, string], b: readonly [string, string]): readonly [string, string] {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? a : b;
}

/**
 * A filter's equality, marked `unlikely` for SQLite's planner: without statistics it takes a two-sided time range
 * on the time index for more selective than an equality on the filter's own index, and scans the organization's
 * events in that range. The filter is the selective term (one actor's, action's or target's events among the
 * organization's); the mark changes only the estimate, the term still leads the index range. PostgreSQL has no
 * such function (and keeps statistics): there the condition goes as it is.
 */
function selective(dialect: DialectName, condition: Expression<SqlBool>): Expression<SqlBool> {
  return dialect === 'sqlite' ? sql<SqlBool>`unlikely(${condition})` : condition;
}

/** The organization's events matching the filters: one keyset page (newest first) and the count. */
export function eventQueries(
  on: Statements,
  organizationId: string,
  filters: EventFilters,
): {
  fetch: (after: KeyValue[] | undefined, take: number) => Promise<EventRow[]>;
  count: () => Promise<number>;
} {
  const { window, action, actor, target } = checked(filters);
  const { dialect } = on;
  let base = on.q.selectFrom('events as e').where('e.organization_id', '=', organizationId);
  if (actor !== undefined)
    base = base.where(({ eb }) =>
      selective(
        dialect,
        actor === SYSTEM_ACTOR_ID ? eb('e.actor_id', 'is', null) : eb('e.actor_id', '=', actor),
      ),
    );
  if (action !== undefined) base = base.where(({ eb }) => selective(dialect, eb('e.action', '=', action)));
  if (target !== undefined)
    base = base.where(({ eb }) => selective(dialect, eb('e.subject_id', '=', target)));
  if (window.from !== undefined) base = base.where('e.created_at', '>=', window.from);
  const below = (bound: readonly [string, string] | undefined) =>
    bound === undefined ? base : base.where(sql<SqlBool>`(e.created_at, e.id) < (${bound[0]}, ${bound[1]})`);
  return {
    fetch: async (after, take) => {
      const cursor = after === undefined ? undefined : cursorOf(after);
      const bound = cursor && window.before ? lowerBound(cursor, window.before) : (cursor ?? window.before);
      const rows = await on.all(below(bound).selectAll('e').orderBy(orderByKeys(EVENT_KEYS)).limit(take));
      return withActorNames(on, rows);
    },
    count: async () =>
      Number((await on.first(below(window.before).select(sql<number>`count(*)`.as('n'))))?.n ?? 0),
  };
}

/** The rows with their actors' display names, read in one statement for the page's actors. */
async function withActorNames(on: Statements, rows: readonly EventsTable[]): Promise<EventRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])))];
  const names = new Map(
    ids.length === 0
      ? []
      : (await on.all(on.q.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids))).map(
          (user) => [user.id, user.display_name] as const,
        ),
  );
  return rows.map((row) => ({
    ...row,
    actor_name: row.actor_id === null ? null : (names.get(row.actor_id) ?? null),
  }));
}

const eventById = prepared((organizationId: string, id: string) =>
  builder
    .selectFrom('events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .selectAll('e')
    .select('u.display_name as actor_name')
    .where('e.id', '=', id)
    .where('e.organization_id', '=', organizationId),
);

/** One event of the organization, or undefined (another organization's event included). */
export function findEvent(on: Statements, organizationId: string, id: string): Promise<EventRow | undefined> {
  return on.first(eventById(organizationId, id));
}
