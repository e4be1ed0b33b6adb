/**
 * Lists of spaces as one caller (or one role) sees them. Which spaces are visible is decided in SQL, from the
 * visible collections computed once: a space is visible when its default level is a role, or `inherit` at the
 * top level or under a visible collection (every role ranks at least `read`, so the cap never hides one).
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import type { Space } from '../../../shared/contract/resources/content.ts';
import {
  afterKeys,
  decodeCursor,
  encodeCursor,
  keysetQueriesIn,
  listPageIn,
  type KeyValue,
  type ListPage,
  type SortKey,
} from '../../http/pagination.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { inJsonArray } from '../../storage/dialect/compile.ts';
import { prepared } from '../../storage/prepared.ts';
import type { CollectionsTable, DB, SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { collectionsOfOrganization, ContentLevels } from '../collections/levels.ts';
import { NO_GRANTS } from '../permissions/grants.ts';
import { presentSpace } from './present.ts';

type SpaceQuery = SelectQueryBuilder<DB & { s: SpacesTable }, 's', SpacesTable>;

/**
 * The condition "visible to the caller of `levels`" on `s`; undefined when every space is. A caller given roles
 * (directly or through teams) also sees the spaces given to them, and the inheriting spaces of the sites given to
 * them (every role reaches at least `read`); a guest sees only those and what inherits from collections given to
 * them.
 */
export function visibleSpaceFilter(levels: ContentLevels): RawBuilder<boolean> | undefined {
  const role = levels.actor.role;
  if (role === 'admin') return undefined;
  const grants = levels.hasGrants() ? levels.grants() : undefined;
  if (grants === undefined)
    return role === null ? sql<boolean>`1 = 0` : visibleUnder(JSON.stringify(levels.visibleCollectionIds()));
  const collections = JSON.stringify(levels.visibleCollectionIds());
  const byDefault =
    role === null
      ? sql<boolean>`(s.default_level = 'inherit' AND ${inJsonArray(sql.ref('s.parent_id'), collections)})`
      : visibleUnder(collections);
  const given = inJsonArray(sql.ref('s.id'), JSON.stringify(grants.ids('space')));
  const bySite = inJsonArray(sql.ref('s.id'), JSON.stringify(grants.siteSpaceIds()));
  return sql<boolean>`(${byDefault} OR ${given} OR (s.default_level = 'inherit' AND ${bySite}))`;
}

/** The condition "visible" on `s` given the visible collections' ids (a JSON list). */
const visibleUnder = (collections: string) =>
  sql<boolean>`(s.default_level IS NOT NULL AND (s.default_level != 'inherit' OR s.parent_id IS NULL OR ${inJsonArray(sql.ref('s.parent_id'), collections)}))`;

/** The organization's spaces out of the trash. */
const spacesOf = (organizationId: string) =>
  builder
    .selectFrom('spaces as s')
    .selectAll('s')
    .where('s.organization_id', '=', organizationId)
    .where('s.deleted_at', 'is', null) as SpaceQuery;

/** The organization's spaces out of the trash that the caller of `levels` may see. */
export function spaceListBase(levels: ContentLevels): SpaceQuery {
  const base = spacesOf(levels.organizationId);
  const visible = visibleSpaceFilter(levels);
  return visible ? base.where(visible) : base;
}

/**
 * The organization-wide order: by parent (top level first: `NULLS FIRST` is SQLite's default, not PostgreSQL's),
 * then sibling order.
 */
const ORGANIZATION_ORDER = sql`s.parent_id ASC NULLS FIRST, s.sort_key ASC, s.id ASC`;

/**
 * The first rows of the organization-wide order, for an administrator and for a caller who sees some collections:
 * built once (most lists ask only for their first page, and building the query cost more than running it).
 */
const firstRowsOfAll = prepared((organizationId: string, take: number) =>
  spacesOf(organizationId).orderBy(ORGANIZATION_ORDER).limit(take),
);
const firstVisibleRows = prepared((organizationId: string, collections: string, take: number) =>
  spacesOf(organizationId).where(visibleUnder(collections)).orderBy(ORGANIZATION_ORDER).limit(take),
);

/** Rows of the organization-wide order after a cursor's keys (or the first ones), `take` at most. */
function organizationRows(
  on: Statements,
  levels: ContentLevels,
  after: KeyValue[] | undefined,
  take: number,
): Promise<SpacesTable[]> {
  const role = levels.actor.role;
  if (after === undefined && role === 'admin') return on.all(firstRowsOfAll(levels.organizationId, take));
  if (after === undefined && role !== null && !levels.hasGrants())
    return on.all(
      firstVisibleRows(levels.organizationId, JSON.stringify(levels.visibleCollectionIds()), take),
    );
  let query = spaceListBase(levels).orderBy(ORGANIZATION_ORDER).limit(take);
  if (after) query = query.where(afterInOrganization(after));
  return on.all(query);
}

/**
 * The organization's spaces out of the trash, counted by what visibility depends on (parent, default level), as the
 * triggers of `space_groups` keep them: a few rows, however many spaces.
 */
const spaceGroups = prepared((organizationId: string) =>
  builder
    .selectFrom('space_groups')
    .select([
      sql<string | null>`nullif(parent_key, '')`.as('parent_id'),
      sql<string | null>`nullif(level_key, '')`.as('default_level'),
      'n',
    ])
    .where('organization_id', '=', organizationId)
    .where('n', '>', 0),
);

/** A row of `spaceGroups`: how many spaces share a parent and a default level. */
interface SpaceGroup {
  parent_id: string | null;
  default_level: string | null;
  n: number;
}

/** The spaces of `groups` that a member of `role` may see (`visible`: the role's visible collections; all for admins). */
function countVisible(groups: readonly SpaceGroup[], visible: Set<string> | undefined): number {
  let count = 0;
  for (const group of groups) {
    const shown =
      visible === undefined ||
      (group.default_level !== null &&
        (group.default_level !== 'inherit' || group.parent_id === null || visible.has(group.parent_id)));
    if (shown) count += Number(group.n);
  }
  return count;
}

/**
 * How many spaces a member of each role may see (members of one role all see the same spaces): the organization's
 * space counts by group (`space_groups`), then the rule of `visibleSpaceFilter` applied to the groups, once per role
 * asked.
 */
export function visibleSpaceCounter(db: Database, organizationId: string): (role: Role | null) => number {
  let groups: SpaceGroup[] | undefined;
  let collections: Map<string, CollectionsTable> | undefined;
  const counts = new Map<Role | null, number>();
  return (role) => {
    const known = counts.get(role);
    if (known !== undefined) return known;
    let count = 0;
    if (role !== null) {
      groups ??= db.all(spaceGroups(organizationId));
      let visible: Set<string> | undefined;
      if (role !== 'admin') {
        // Levels of every role come from the same collections: loaded once.
        const levels = new ContentLevels(
          db,
          organizationId,
          { userId: '', role, ownsTeam: false },
          collections,
          NO_GRANTS,
        );
        visible = new Set(levels.visibleCollectionIds());
        collections = levels.collections();
      }
      count = countVisible(groups, visible);
    }
    counts.set(role, count);
    return count;
  };
}

/**
 * As `visibleSpaceCounter` for the role of `levels` (loaded through a store: `ContentLevels.loadIn`), without its
 * grants: what every member of that role sees.
 */
async function visibleSpaceCountIn(on: Statements, levels: ContentLevels): Promise<number> {
  const role = levels.actor.role;
  if (role === null) return 0;
  const groups = await on.all(spaceGroups(levels.organizationId));
  if (role === 'admin') return countVisible(groups, undefined);
  const roleLevels = new ContentLevels(
    undefined,
    levels.organizationId,
    { userId: '', role, ownsTeam: false },
    levels.collections(),
    NO_GRANTS,
  );
  return countVisible(groups, new Set(roleLevels.visibleCollectionIds()));
}

/**
 * `visibleSpaceCounter`'s counts for `roles`, read through the store: the groups once, the collections once when a
 * role other than admin is asked. The counter answers 0 for a role not asked.
 */
export async function visibleSpaceCountsIn(
  statements: Statements,
  organizationId: string,
  roles: Iterable<Role | null>,
): Promise<(role: Role | null) => number> {
  const asked = new Set([...roles].filter((role): role is Role => role !== null));
  const counts = new Map<Role | null, number>();
  if (asked.size === 0) return () => 0;
  const groups = await statements.all(spaceGroups(organizationId));
  let collections: Map<string, CollectionsTable> | undefined;
  if ([...asked].some((role) => role !== 'admin')) {
    const rows = await statements.all(collectionsOfOrganization(organizationId));
    collections = new Map(rows.map((row) => [row.id, row]));
  }
  for (const role of asked) {
    const actor = { userId: '', role, ownsTeam: false };
    const visible =
      role === 'admin'
        ? undefined
        : new Set(
            new ContentLevels(
              undefined,
              organizationId,
              actor,
              collections,
              NO_GRANTS,
            ).visibleCollectionIds(),
          );
    counts.set(role, countVisible(groups, visible));
  }
  return (role) => counts.get(role) ?? 0;
}

const SIBLING_KEYS: readonly SortKey[] = [
  { column: 's.sort_key', direction: 'asc' },
  { column: 's.id', direction: 'asc' },
];

/**
 * The key values of the organization-wide order: (parent, sibling key, id), top level first. The top level's
 * parent is NULL in SQL (sorting first) and '' in a cursor.
 */
function afterInOrganization(values: readonly KeyValue[]): RawBuilder<boolean> {
  const [parent, key, id] = values;
  const rest = afterKeys(SIBLING_KEYS, [key as KeyValue, id as KeyValue]);
  return parent === ''
    ? sql<boolean>`((s.parent_id IS NULL AND ${rest}) OR s.parent_id IS NOT NULL)`
    : sql<boolean>`(s.parent_id > ${parent} OR (s.parent_id = ${parent} AND ${rest}))`;
}

/** How a row is shown to the caller of `levels`. */
const presenter = (levels: ContentLevels, baseUrl: string) => (row: SpacesTable) =>
  presentSpace(row, levels.levelOf(row), levels.actor, baseUrl);

/** One page of the children of one parent (`base`: `spaceListBase(levels)` narrowed to it), in sibling order. */
export function listSiblingSpacesPage(
  on: Statements,
  levels: ContentLevels,
  base: SpaceQuery,
  options: { query: { page?: string; limit?: number }; baseUrl: string },
): Promise<ListPage<Space>> {
  return listPageIn({
    query: options.query,
    keys: SIBLING_KEYS,
    ...keysetQueriesIn(on, base, SIBLING_KEYS),
    keyOf: (row) => [row.sort_key, row.id],
    present: presenter(levels, options.baseUrl),
  });
}

/**
 * One page of every space the caller of `levels` may see, by parent (top level first) and then sibling order, which
 * the index (organization_id, parent_id, sort_key) serves; the tree screen rebuilds the tree from `parent` and
 * this order.
 */
export async function listOrganizationSpacesPage(
  on: Statements,
  levels: ContentLevels,
  options: { query: { page?: string; limit?: number }; baseUrl: string },
): Promise<ListPage<Space>> {
  const limit = options.query.limit ?? LIST_LIMIT_DEFAULT;
  const rows = await organizationRows(on, levels, decodeCursor(options.query.page, 3), limit + 1);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  // Members of one role see the same spaces, unless given some: then their own count.
  const count = levels.hasGrants()
    ? Number(
        (
          await on.first(
            spaceListBase(levels)
              .clearSelect()
              .select((eb) => eb.fn.countAll<number>().as('n')),
          )
        )?.n ?? 0,
      )
    : await visibleSpaceCountIn(on, levels);
  const page: ListPage<Space> = { items: shown.map(presenter(levels, options.baseUrl)), count };
  const last = shown.at(-1);
  if (more && last !== undefined)
    page.next = { page: encodeCursor([last.parent_id ?? '', last.sort_key, last.id]) };
  return page;
}
