/**
 * The one sibling order that collections and spaces of the same parent share. Keys are fractional indexes: a new
 * or moved item gets a key computed from its neighbours' keys, and no other row is written. Spaces in the trash
 * keep their keys and count as neighbours, so that a restored space finds its place without colliding. A parent is
 * compared with `IS NOT DISTINCT FROM` (SQLite's `IS`; PostgreSQL takes `IS` before NULL only): the top level's is NULL.
 */
import { badRequest } from '../../errors.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { keyBetween } from '../../storage/sort-keys.ts';
import type { Statements } from '../../storage/store/store.ts';

type Table = 'collections' | 'spaces';

function neighbourQuery(table: Table, direction: 'after' | 'before') {
  return prepared((organizationId: string, parentId: string | null, key: string, exceptId: string) =>
    builder
      .selectFrom(table)
      .select('sort_key')
      .where('organization_id', '=', organizationId)
      .where('parent_id', 'is not distinct from', parentId)
      .where('sort_key', direction === 'after' ? '>' : '<', key)
      .where('id', '!=', exceptId)
      .orderBy('sort_key', direction === 'after' ? 'asc' : 'desc')
      .limit(1),
  );
}

/** The last key among collections and among spaces of one parent, in one statement (each read from its index). */
const lastKeys = prepared((organizationId: string, parentId: string | null) =>
  builder.selectNoFrom((eb) => [
    eb
      .selectFrom('collections')
      .select('sort_key')
      .where('organization_id', '=', organizationId)
      .where('parent_id', 'is not distinct from', parentId)
      .orderBy('sort_key', 'desc')
      .limit(1)
      .as('collection_key'),
    eb
      .selectFrom('spaces')
      .select('sort_key')
      .where('organization_id', '=', organizationId)
      .where('parent_id', 'is not distinct from', parentId)
      .orderBy('sort_key', 'desc')
      .limit(1)
      .as('space_key'),
  ]),
);
const nextKeys = {
  collections: neighbourQuery('collections', 'after'),
  spaces: neighbourQuery('spaces', 'after'),
};
const previousKeys = {
  collections: neighbourQuery('collections', 'before'),
  spaces: neighbourQuery('spaces', 'before'),
};

function greatest(a: string | undefined, b: string | undefined): string | null {
  if (a === undefined) return b ?? null;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function least(a: string | undefined, b: string | undefined): string | null {
  if (a === undefined) return b ?? null;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/**
 * The last key among the children of `parentId` (`null`: the top level), or null when it has none. Synchronous for
 * the records the demo seed and the test harness write (`createSpaceRecord`, `createCollectionRecord`).
 */
export function lastSiblingKey(db: Database, organizationId: string, parentId: string | null): string | null {
  const last = db.first(lastKeys(organizationId, parentId));
  return greatest(last?.collection_key ?? undefined, last?.space_key ?? undefined);
}

/** A key after every child of `parentId` (synchronous: `lastSiblingKey`). */
export function keyAtEnd(db: Database, organizationId: string, parentId: string | null): string {
  return keyBetween(lastSiblingKey(db, organizationId, parentId), null);
}

/**
 * As `lastSiblingKey`, through a transaction: the keys a write computes from its neighbours are read in the
 * write's transaction (two items put at the end of one parent at once would otherwise take the same key).
 */
export async function lastSiblingKeyIn(
  on: Statements,
  organizationId: string,
  parentId: string | null,
): Promise<string | null> {
  const last = await on.first(lastKeys(organizationId, parentId));
  return greatest(last?.collection_key ?? undefined, last?.space_key ?? undefined);
}

/** As `keyAtEnd`, through a transaction. */
export async function keyAtEndIn(
  on: Statements,
  organizationId: string,
  parentId: string | null,
): Promise<string> {
  return keyBetween(await lastSiblingKeyIn(on, organizationId, parentId), null);
}

/** The first sibling key after `key` (ignoring the item `exceptId`), or null. */
async function nextSiblingKey(
  on: Statements,
  organizationId: string,
  parentId: string | null,
  key: string,
  exceptId: string,
): Promise<string | null> {
  return least(
    (await on.first(nextKeys.collections(organizationId, parentId, key, exceptId)))?.sort_key,
    (await on.first(nextKeys.spaces(organizationId, parentId, key, exceptId)))?.sort_key,
  );
}

/** The last sibling key before `key` (ignoring the item `exceptId`), or null. */
async function previousSiblingKey(
  on: Statements,
  organizationId: string,
  parentId: string | null,
  key: string,
  exceptId: string,
): Promise<string | null> {
  return greatest(
    (await on.first(previousKeys.collections(organizationId, parentId, key, exceptId)))?.sort_key,
    (await on.first(previousKeys.spaces(organizationId, parentId, key, exceptId)))?.sort_key,
  );
}

/** A key right after `key` among the children of `parentId`, before the next sibling. */
export async function keyRightAfter(
  on: Statements,
  organizationId: string,
  parentId: string | null,
  key: string,
  exceptId: string,
): Promise<string> {
  return keyBetween(key, await nextSiblingKey(on, organizationId, parentId, key, exceptId));
}

/** A sibling a move points at: `position.before` or `position.after`. */
export type SiblingPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

const pointedCollection = prepared((id: string) =>
  builder
    .selectFrom('collections')
    .select(['id', 'organization_id', 'parent_id', 'sort_key'])
    .where('id', '=', id),
);
const pointedSpace = prepared((id: string) =>
  builder
    .selectFrom('spaces')
    .select(['id', 'organization_id', 'parent_id', 'sort_key', 'deleted_at'])
    .where('id', '=', id),
);

/** The sort key of the sibling a pointer names, or a 400 naming the field when it is not a child of the parent. */
async function pointedKey(
  on: Statements,
  field: string,
  pointer: SiblingPointer,
  organizationId: string,
  parentId: string | null,
  movedId: string,
): Promise<string> {
  const id = pointer.type === 'space' ? pointer.space : pointer.collection;
  const row =
    pointer.type === 'space' ? await on.first(pointedSpace(id)) : await on.first(pointedCollection(id));
  const where = parentId === null ? 'at the top level' : `in the collection \`${parentId}\``;
  if (
    row === undefined ||
    row.organization_id !== organizationId ||
    row.parent_id !== parentId ||
    ('deleted_at' in row && row.deleted_at !== null)
  )
    throw badRequest(`body field \`${field}\`: no ${pointer.type} with id \`${id}\` ${where}`);
  if (id === movedId) throw badRequest(`body field \`${field}\`: an item cannot be placed next to itself`);
  return row.sort_key;
}

/**
 * The key of an item moved (or created) among the children of `parentId` at `position`: between the pointed
 * sibling and its neighbour, or at the end without a position.
 */
export async function keyForPosition(
  on: Statements,
  organizationId: string,
  parentId: string | null,
  movedId: string,
  position: { before?: SiblingPointer; after?: SiblingPointer } | undefined,
): Promise<string> {
  const before = position?.before;
  const after = position?.after;
  if (after !== undefined && before !== undefined) {
    const low = await pointedKey(on, 'position.after', after, organizationId, parentId, movedId);
    const high = await pointedKey(on, 'position.before', before, organizationId, parentId, movedId);
    if (low >= high)
      throw badRequest('body field `position`: `after` must name a sibling that comes before `before`');
    const between = await nextSiblingKey(on, organizationId, parentId, low, movedId);
    if (between !== null && between < high)
      throw badRequest('body field `position`: `after` and `before` must name adjacent siblings');
    return keyBetween(low, high);
  }
  if (after !== undefined) {
    const low = await pointedKey(on, 'position.after', after, organizationId, parentId, movedId);
    return keyBetween(low, await nextSiblingKey(on, organizationId, parentId, low, movedId));
  }
  if (before !== undefined) {
    const high = await pointedKey(on, 'position.before', before, organizationId, parentId, movedId);
    return keyBetween(await previousSiblingKey(on, organizationId, parentId, high, movedId), high);
  }
  const last = await lastSiblingKeyIn(on, organizationId, parentId);
  return keyBetween(last, null);
}
