/** Reaching a collection as the caller; a collection the caller may not see answers as an unknown id. */
import type { Role } from '../../../shared/contract/index.ts';
import { notFound } from '../../errors.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { CollectionsTable, OrganizationsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessOr, loadOrgAccessOrIn } from '../spaces/access.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { ContentLevels } from './levels.ts';

export interface CollectionAccess {
  collection: CollectionsTable;
  org: OrganizationsTable;
  actor: OrgActor;
  /** The caller's effective level on the collection (at least `read`). */
  level: Role;
  levels: ContentLevels;
}

const collectionById = prepared((id: string) =>
  builder.selectFrom('collections').selectAll().where('id', '=', id),
);

export const collectionNotFound = (collectionId: string) =>
  notFound(`no collection with id \`${collectionId}\``);

/** The collection and the caller's level on it, or 404 when it does not exist or the caller may not view it. */
export function resolveCollectionAccess(
  db: Database,
  collectionId: string,
  caller: { userId: string },
): CollectionAccess {
  const collection = db.first(collectionById(collectionId));
  if (!collection) throw collectionNotFound(collectionId);
  const { org, actor } = loadOrgAccessOr(db, collection.organization_id, caller.userId, () =>
    collectionNotFound(collectionId),
  );
  const levels = new ContentLevels(db, org.id, actor);
  return collectionAccessOf(collection, org, actor, levels);
}

/**
 * As `resolveCollectionAccess`, through a store or a transaction; the levels are loaded at once
 * (`ContentLevels.loadIn`, with the organization's collections when `collections` is asked for).
 */
export async function resolveCollectionAccessIn(
  on: Statements,
  collectionId: string,
  caller: { userId: string },
  options: { collections?: boolean } = {},
): Promise<CollectionAccess> {
  const collection = await on.first(collectionById(collectionId));
  if (!collection) throw collectionNotFound(collectionId);
  const { org, actor } = await loadOrgAccessOrIn(on, collection.organization_id, caller.userId, () =>
    collectionNotFound(collectionId),
  );
  const levels = await ContentLevels.loadIn(on, org.id, actor, options);
  return collectionAccessOf(collection, org, actor, levels);
}

function collectionAccessOf(
  collection: CollectionsTable,
  org: OrganizationsTable,
  actor: OrgActor,
  levels: ContentLevels,
): CollectionAccess {
  const level = levels.collectionLevel(collection.id);
  if (level === null || !can(actor, 'collection.view', { level })) throw collectionNotFound(collection.id);
  return { collection, org, actor, level, levels };
}
