/**
 * Keyset pagination: a page cursor holds the sort keys of the last item shown, so pages stay correct when rows
 * are inserted or deleted between requests (no offsets).
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { LIST_LIMIT_DEFAULT } from '../../shared/contract/common.ts';
import { badRequest } from '../errors.ts';
import type { Database } from '../storage/database.ts';
import type { Statements } from '../storage/store/store.ts';

export type KeyValue = string | number;
export interface SortKey {
  /** Column reference, e.g. `members.joined_at`. */
  column: string;
  direction: 'asc' | 'desc';
  /** Sort on `lower(column)`, so that names sort as people expect; the key value must be lower-cased too. */
  folded?: boolean;
}

/** The SQL a key sorts on. */
function keyExpression(key: SortKey): RawBuilder<unknown> {
  return key.folded ? sql`lower(${sql.ref(key.column)})` : sql`${sql.ref(key.column)}`;
}

export interface ListPage<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** Decodes a `page` cursor into key values, or answers 400. */
export function decodeCursor(page: string | undefined, arity: number): KeyValue[] | undefined {
  if (page === undefined) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === arity &&
      values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
    ) {
      return values as KeyValue[];
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest(
    'query parameter `page` is not a page cursor of this list (take it from `next.page` of the previous answer)',
  );
}

export function encodeCursor(values: KeyValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/**
 * The condition "sorts after these key values" for keyset pagination, in portable SQL. When every key sorts the
 * same way it is a row-value comparison, which SQLite and PostgreSQL both turn into an index range; otherwise the
 * expanded form, led by a bound on the first key so that an index still limits the scan.
 */
export function afterKeys(keys: readonly SortKey[], values: readonly KeyValue[]): RawBuilder<boolean> {
  const first = keys[0]!;
  const operator = sql.raw(first.direction === 'asc' ? '>' : '<');
  if (keys.every((key) => key.direction === first.direction)) {
    const columns = sql.join(keys.map(keyExpression));
    const bound = sql.join(values.map((value) => sql`${value}`));
    return sql<boolean>`((${columns}) ${operator} (${bound}))`;
  }
  const alternatives: RawBuilder<unknown>[] = [];
  for (let i = 0; i < keys.length; i++) {
    const parts: RawBuilder<unknown>[] = [];
    for (let j = 0; j < i; j++) parts.push(sql`${keyExpression(keys[j]!)} = ${values[j]}`);
    const key = keys[i]!;
    parts.push(
      key.direction === 'asc'
        ? sql`${keyExpression(key)} > ${values[i]}`
        : sql`${keyExpression(key)} < ${values[i]}`,
    );
    alternatives.push(sql`(${sql.join(parts, sql` AND `)})`);
  }
  const lead = sql.raw(first.direction === 'asc' ? '>=' : '<=');
  return sql<boolean>`(${keyExpression(first)} ${lead} ${values[0]} AND (${sql.join(alternatives, sql` OR `)}))`;
}

/**
 * Runs one page of a keyset-paginated list. `fetch` receives the cursor's key values (if any) and how many rows
 * to take; it asks for one more than the limit to know whether a next page exists.
 */
export function listPage<Row, Item>(options: {
  query: { page?: string; limit?: number };
  keys: readonly SortKey[];
  fetch: (after: KeyValue[] | undefined, take: number) => Row[];
  keyOf: (row: Row) => KeyValue[];
  count: () => number;
  present: (row: Row) => Item;
}): ListPage<Item> {
  const { limit, after } = pageRequest(options.query, options.keys);
  return pageOf(options, limit, options.fetch(after, limit + 1), options.count);
}

/** As `listPage`, with the queries of `keysetQueriesIn` (a store's, answering promises). */
export async function listPageIn<Row, Item>(options: {
  query: { page?: string; limit?: number };
  keys: readonly SortKey[];
  fetch: (after: KeyValue[] | undefined, take: number) => Promise<Row[]>;
  keyOf: (row: Row) => KeyValue[];
  count: () => Promise<number>;
  present: (row: Row) => Item;
}): Promise<ListPage<Item>> {
  const { limit, after } = pageRequest(options.query, options.keys);
  const rows = await options.fetch(after, limit + 1);
  const count = await options.count();
  return pageOf(options, limit, rows, () => count);
}

/** The page size asked and the key values of the cursor (400 for a cursor of another list). */
function pageRequest(query: { page?: string; limit?: number }, keys: readonly SortKey[]) {
  return { limit: query.limit ?? LIST_LIMIT_DEFAULT, after: decodeCursor(query.page, keys.length) };
}

/** The page of `rows` (up to one more than `limit`, which says a next page exists). */
function pageOf<Row, Item>(
  options: { keyOf: (row: Row) => KeyValue[]; present: (row: Row) => Item },
  limit: number,
  rows: Row[],
  count: () => number,
): ListPage<Item> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const page: ListPage<Item> = { items: shown.map(options.present), count: count() };
  const last = shown.at(-1);
  if (more && last !== undefined) page.next = { page: encodeCursor(options.keyOf(last)) };
  return page;
}

/** Adds the key columns' ORDER BY to a query, in key order. */
export function orderByKeys(keys: readonly SortKey[]): RawBuilder<unknown> {
  return sql.join(
    keys.map((k) => sql`${keyExpression(k)} ${sql.raw(k.direction === 'asc' ? 'ASC' : 'DESC')}`),
    sql`, `,
  );
}

/** The page and count queries of a keyset list over a base query (filters applied, columns selected). */
export function keysetQueries<D, TB extends keyof D, O>(
  db: Database,
  base: SelectQueryBuilder<D, TB, O>,
  keys: readonly SortKey[],
): { fetch: (after: KeyValue[] | undefined, take: number) => O[]; count: () => number } {
  return {
    fetch: (after, take) => db.all(pageQuery(base, keys, after, take)),
    count: () => Number(db.first(countQuery(base))?.n ?? 0),
  };
}

/** As `keysetQueries`, through a store or a transaction. */
export function keysetQueriesIn<D, TB extends keyof D, O>(
  on: Statements,
  base: SelectQueryBuilder<D, TB, O>,
  keys: readonly SortKey[],
): { fetch: (after: KeyValue[] | undefined, take: number) => Promise<O[]>; count: () => Promise<number> } {
  return {
    fetch: (after, take) => on.all(pageQuery(base, keys, after, take)),
    count: async () => Number((await on.first(countQuery(base)))?.n ?? 0),
  };
}

/** The rows of a page: the base query in key order, after the cursor's key values. */
function pageQuery<D, TB extends keyof D, O>(
  base: SelectQueryBuilder<D, TB, O>,
  keys: readonly SortKey[],
  after: KeyValue[] | undefined,
  take: number,
) {
  let query = base.orderBy(orderByKeys(keys)).limit(take);
  if (after) query = query.where(afterKeys(keys, after));
  return query;
}

/** The count of the base query's rows. */
function countQuery<D, TB extends keyof D, O>(base: SelectQueryBuilder<D, TB, O>): Counted<D, TB> {
  // Through the generic builder Kysely cannot resolve the selected column's name; the row is { n }.
  return base.clearSelect().select(sql<number>`count(*)`.as('n')) as unknown as Counted<D, TB>;
}

type Counted<D, TB extends keyof D> = SelectQueryBuilder<D, TB, { n: number }>;
