/** What the collection and space operations share: target parents, subtrees, the trash. */
import { badRequest } from '../../errors.ts';
import { authorize, can } from '../../policies/index.ts';
import { sql } from 'kysely';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { keysBetween } from '../../storage/sort-keys.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { ContentLevels } from './levels.ts';
import { lastSiblingKeyIn } from './siblings.ts';

/** A title from a body: trimmed, and not blank. */
export function titleOf(title: string, field = 'title'): string {
  const trimmed = title.trim();
  if (trimmed === '') throw badRequest(`body field \`${field}\`: must not be blank`);
  return trimmed;
}

const collectionParent = prepared((id: string) =>
  builder
    .selectFrom('collections')
    .select(['id', 'organization_id', 'parent_id', 'default_level'])
    .where('id', '=', id),
);

/**
 * Checks that the caller may put an item in `parentId` (`null`: the top level): the parent must be a collection of
 * the organization the caller can see (400 naming `field` otherwise), on which the caller has `create` (or, at the
 * top level, an organization role of create or more).
 */
export async function authorizeCreateIn(
  on: Statements,
  levels: ContentLevels,
  parentId: string | null,
  field = 'parent',
): Promise<void> {
  if (parentId === null) {
    authorize(levels.actor, 'organization.createContent', null);
    return;
  }
  const parent = await on.first(collectionParent(parentId));
  const level =
    parent !== undefined && parent.organization_id === levels.organizationId
      ? levels.collectionLevel(parentId)
      : null;
  if (!can(levels.actor, 'collection.view', { level }))
    throw badRequest(`body field \`${field}\`: no collection with id \`${parentId}\` in this organization`);
  authorize(levels.actor, 'collection.create', { level });
}

/** Whether `candidateId` is `collectionId` or one of its descendants (walking up from the candidate). */
export async function isSelfOrDescendant(
  on: Statements,
  collectionId: string,
  candidateId: string,
): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | null = candidateId;
  while (current !== null && !seen.has(current)) {
    if (current === collectionId) return true;
    seen.add(current);
    current = (await on.first(collectionParent(current)))?.parent_id ?? null;
  }
  return false;
}

/** A collection and every collection nested in it, at any depth (`WITH RECURSIVE`: SQLite and PostgreSQL). */
export async function subtreeIds(on: Statements, collectionId: string): Promise<string[]> {
  const rows = await on.all(
    builder
      .withRecursive('sub(id)', (db) =>
        db
          .selectNoFrom(sql<string>`${collectionId}`.as('id'))
          .unionAll(
            db.selectFrom('collections as c').innerJoin('sub', 'c.parent_id', 'sub.id').select('c.id'),
          ),
      )
      .selectFrom('sub')
      .select('sub.id'),
  );
  return rows.map((row) => row.id);
}

/** The ids of the spaces (in the trash or not) whose parent is one of `collectionIds`, in sibling order. */
export async function spacesIn(
  on: Statements,
  collectionIds: readonly string[],
): Promise<{ id: string; deleted_at: string | null }[]> {
  const rows: { id: string; deleted_at: string | null }[] = [];
  for (let i = 0; i < collectionIds.length; i += 500) {
    const chunk = collectionIds.slice(i, i + 500);
    rows.push(
      ...(await on.all(
        builder
          .selectFrom('spaces')
          .select(['id', 'deleted_at'])
          .where('parent_id', 'in', chunk)
          .orderBy('parent_id')
          .orderBy('sort_key'),
      )),
    );
  }
  return rows;
}

/**
 * Puts the spaces of the collections about to be removed at the top level, in the trash: restored, they come back
 * at the end of the top level (their collection is gone), and `in-collection` no longer applies to them.
 */
export async function trashSpacesOf(
  tx: Statements,
  organizationId: string,
  collectionIds: readonly string[],
  now: Date,
): Promise<number> {
  const spaces = await spacesIn(tx, collectionIds);
  if (spaces.length === 0) return 0;
  const keys = keysBetween(await lastSiblingKeyIn(tx, organizationId, null), null, spaces.length);
  const at = now.toISOString();
  let trashed = 0;
  for (const [index, space] of spaces.entries()) {
    if (space.deleted_at === null) trashed++;
    await tx.run(
      builder
        .updateTable('spaces')
        .set((eb) => ({
          parent_id: null,
          sort_key: keys[index] as string,
          deleted_at: space.deleted_at ?? at,
          visibility: eb
            .case()
            .when('visibility', '=', 'in-collection')
            .then('private')
            .else(eb.ref('visibility'))
            .end(),
        }))
        .where('id', '=', space.id),
    );
  }
  return trashed;
}
