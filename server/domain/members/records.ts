/** Reading members: the member list's queries and the last-admin rule (shared by the member and invite handlers). */
import { sql, type RawBuilder } from 'kysely';
import { conflict } from '../../errors.ts';
import { keysetQueriesIn, orderByKeys, type KeyValue, type SortKey } from '../../http/pagination.ts';
import { builder, type Compilable, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import { likeContains } from '../access.ts';
import { memberQuery, type MemberRow } from './present.ts';

const otherActiveAdmins = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('user_id', '!=', userId),
);

/** Refuses a change that would leave the organization without an active admin. */
export function keepOneAdmin(db: Database, organizationId: string, target: MemberRow, what: string): void {
  if (target.role !== 'admin') return;
  // Count the other active admins: a disabled admin may be demoted or removed while an active one remains.
  lastAdminCheck(db.first(otherActiveAdmins(organizationId, target.user_id)), target, what);
}

/**
 * As `keepOneAdmin`, through a transaction: the count is read in the transaction of the write it allows, so two
 * admins demoting or removing each other at once cannot both pass it.
 */
export async function keepOneAdminIn(
  tx: Statements,
  organizationId: string,
  target: MemberRow,
  what: string,
): Promise<void> {
  if (target.role !== 'admin') return;
  lastAdminCheck(await tx.first(otherActiveAdmins(organizationId, target.user_id)), target, what);
}

function lastAdminCheck(others: { n: unknown } | undefined, target: MemberRow, what: string): void {
  if (Number(others?.n ?? 0) === 0) {
    throw conflict(
      `${what}: ${target.display_name} is the last admin of the organization; make another member admin first`,
    );
  }
}

/**
 * The first page of an unfiltered member list in one order, built once per order (the list's usual request: building
 * it showed in profiles of the members page).
 */
const firstPages = new Map<string, (organizationId: string, take: number) => Compilable<MemberRow>>();
function firstMembers(keys: readonly SortKey[]) {
  const order = JSON.stringify(keys);
  let query = firstPages.get(order);
  if (query === undefined) {
    query = prepared((organizationId: string, take: number) =>
      memberQuery(organizationId).orderBy(orderByKeys(keys)).limit(take),
    );
    firstPages.set(order, query);
  }
  return query;
}

export interface MemberFilters {
  /** A role, or `guest` for members without one. */
  role?: string | undefined;
  /** Part of the name or the email, case-insensitively. */
  search?: string | undefined;
  /** Only members seen at least once (the list sorted by last seen). */
  seenOnly: boolean;
}

/**
 * The page and count queries of the member list in `keys` order. `filtered` is false when no filter narrows the
 * list: its first page is then a prepared query, and its count is the organization's stored count (not queried).
 */
export function memberListQueries(
  on: Statements,
  organizationId: string,
  filters: MemberFilters,
  keys: readonly SortKey[],
): {
  filtered: boolean;
  fetch: (after: KeyValue[] | undefined, take: number) => Promise<MemberRow[]>;
  count: () => Promise<number>;
} {
  // The same filters narrow the page and the count; the count needs no join with users.
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.role === 'guest') conditions.push(sql`m.role IS NULL`);
  else if (filters.role !== undefined) conditions.push(sql`m.role = ${filters.role}`);
  if (filters.seenOnly) conditions.push(sql`m.last_seen_at IS NOT NULL`);
  if (filters.search !== undefined) {
    const pattern = likeContains(filters.search);
    conditions.push(
      sql`EXISTS (SELECT 1 FROM users AS s WHERE s.id = m.user_id AND (lower(s.display_name) LIKE ${pattern} ESCAPE '\\' OR lower(s.email) LIKE ${pattern} ESCAPE '\\'))`,
    );
  }
  const filtered = () =>
    keysetQueriesIn(
      on,
      memberQuery(organizationId).where(
        sql<boolean>`(${conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`1 = 1`})`,
      ),
      keys,
    );
  return {
    filtered: conditions.length > 0,
    fetch: (after, take) =>
      after === undefined && conditions.length === 0
        ? on.all(firstMembers(keys)(organizationId, take))
        : filtered().fetch(after, take),
    count: () => filtered().count(),
  };
}
