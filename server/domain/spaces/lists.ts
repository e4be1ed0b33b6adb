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
  keysetQueries,
  listPage,
  type KeyValue,
  type ListPage,
  type SortKey,
} from '../../http/pagination.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { CollectionsTable, DB, SpacesTable } from '../../storage/schema.ts';
import { ContentLevels } from '../collections/levels.ts';
import { presentSpace } from './present.ts';

type SpaceQuery = SelectQueryBuilder<DB & { s: SpacesTable }, 's', SpacesTable>;

/** The condition "visible to the caller of `levels`" on `s`; undefined when every space is. */
export function visibleSpaceFilter(levels: ContentLevels): RawBuilder<boolean> | undefined {
  const role = levels.actor.role;
  if (role === 'admin') return undefined;
  if (role === null) return sql<boolean>`0`;
  const collections = JSON.stringify(levels.visibleCollectionIds());
  return sql<boolean>`(s.default_level IS NOT NULL AND (s.default_level != 'inherit' OR s.parent_id IS NULL OR s.parent_id IN (SELECT value FROM json_each(${collections}))))`;
}

/** The organization's spaces out of the trash that the caller of `levels` may see. */
export function spaceListBase(levels: ContentLevels): SpaceQuery {
  let base = builder
    .selectFrom('spaces as s')
    .selectAll('s')
    .where('s.organization_id', '=', levels.organizationId)
    .where('s.deleted_at', 'is', null) as SpaceQuery;
  const visible = visibleSpaceFilter(levels);
  if (visible) base = base.where(visible);
  return base;
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

/**
 * How many spaces a member of each role may see (members of one role all see the same spaces): the organization's
 * space counts by group (`space_groups`), then the rule of `visibleSpaceFilter` applied to the groups, once per role
 * asked.
 */
export function visibleSpaceCounter(db: Database, organizationId: string): (role: Role | null) => number {
  let groups: { parent_id: string | null; default_level: string | null; n: number }[] | undefined;
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
        );
        visible = new Set(levels.visibleCollectionIds());
        collections = levels.collections();
      }
      for (const group of groups) {
        const shown =
          visible === undefined ||
          (group.default_level !== null &&
            (group.default_level !== 'inherit' || group.parent_id === null || visible.has(group.parent_id)));
        if (shown) count += Number(group.n);
      }
    }
    counts.set(role, count);
    return count;
  };
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

/**
 * One page of spaces. `siblings`: children of one parent, in sibling order. `organization`: every space the caller
 * may see (`base` is `spaceListBase(levels)`), by parent (top level first) and then sibling order, which the index
 * (organization_id, parent_id, sort_key) serves; the tree screen rebuilds the tree from `parent` and this order.
 */
export function listSpacesPage(
  db: Database,
  levels: ContentLevels,
  base: SpaceQuery,
  options: {
    query: { page?: string; limit?: number };
    baseUrl: string;
    order: 'siblings' | 'organization';
    present?: (row: SpacesTable) => Space;
  },
): ListPage<Space> {
  const present =
    options.present ??
    ((row: SpacesTable) => presentSpace(row, levels.levelOf(row), levels.actor, options.baseUrl));
  if (options.order === 'siblings') {
    return listPage({
      query: options.query,
      keys: SIBLING_KEYS,
      ...keysetQueries(db, base, SIBLING_KEYS),
      keyOf: (row) => [row.sort_key, row.id],
      present,
    });
  }
  const limit = options.query.limit ?? LIST_LIMIT_DEFAULT;
  const after = decodeCursor(options.query.page, 3);
  let pageQuery = base.orderBy(sql`s.parent_id ASC, s.sort_key ASC, s.id ASC`).limit(limit + 1);
  if (after) pageQuery = pageQuery.where(afterInOrganization(after));
  const rows = db.all(pageQuery);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const count = visibleSpaceCounter(db, levels.organizationId)(levels.actor.role);
  const page: ListPage<Space> = { items: shown.map(present), count };
  const last = shown.at(-1);
  if (more && last !== undefined)
    page.next = { page: encodeCursor([last.parent_id ?? '', last.sort_key, last.id]) };
  return page;
}
