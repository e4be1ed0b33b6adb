/**
 * Reaching a space as the caller: the row, the caller's standing in its organization and effective level on it. A
 * space the caller may not see answers the same 404 as an id that names nothing.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { ApiError, conflict, notFound } from '../../errors.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { OrganizationsTable, SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccess, loadOrgAccessIn } from '../access.ts';
import { ContentLevels } from '../collections/levels.ts';

export interface SpaceAccess {
  space: SpacesTable;
  org: OrganizationsTable;
  actor: OrgActor;
  /** The caller's effective level on the space (at least `read`). */
  level: Role;
  /** Levels on the other items of the organization, computed on demand with the collections loaded once. */
  levels: ContentLevels;
}

/** A space's row by id, built once (space routes read it on every request). */
export const spaceById = prepared((id: string) =>
  builder.selectFrom('spaces').selectAll().where('id', '=', id),
);

export const spaceNotFound = (spaceId: string) => notFound(`no space with id \`${spaceId}\``);

/** The organization and the caller's standing in it, or the 404 of `hidden` when the caller is not a member. */
export function loadOrgAccessOr(
  db: Database,
  organizationId: string,
  userId: string,
  hidden: () => Error,
  keep = false,
): { org: OrganizationsTable; actor: OrgActor } {
  try {
    return loadOrgAccess(db, organizationId, userId, keep);
  } catch {
    throw hidden();
  }
}

/**
 * As `loadOrgAccessOr`, through a store or a transaction. Only the 404 of a caller who is not a member becomes
 * `hidden`'s: any other failure (a transaction that failed to serialize, which the store runs again) goes through.
 */
export async function loadOrgAccessOrIn(
  on: Statements,
  organizationId: string,
  userId: string,
  hidden: () => Error,
): Promise<{ org: OrganizationsTable; actor: OrgActor }> {
  try {
    return await loadOrgAccessIn(on, organizationId, userId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw hidden();
    throw error;
  }
}

/**
 * The space and the caller's level on it, or 404 when it does not exist or the caller may not view it. A space in
 * the trash answers 404 "in the trash" unless `deleted` is `allow` (reading it) or `only` (restoring it, which
 * answers 404 for a space that is not in the trash). `keep`: its reads are kept for the next call while nothing is
 * written (`loadOrgAccess`).
 */
export function resolveSpaceAccess(
  db: Database,
  spaceId: string,
  caller: { userId: string },
  options: { deleted?: 'refuse' | 'allow' | 'only'; keep?: boolean } = {},
): SpaceAccess {
  const key = `space\u0000${spaceId}`;
  const space = db.takeKept<SpacesTable>(key) ?? db.first(spaceById(spaceId));
  if (!space) throw spaceNotFound(spaceId);
  if (options.keep === true) db.keep(key, space);
  const { org, actor } = loadOrgAccessOr(
    db,
    space.organization_id,
    caller.userId,
    () => spaceNotFound(spaceId),
    options.keep,
  );
  const levels = new ContentLevels(db, org.id, actor);
  return spaceAccessOf(space, org, actor, levels, options.deleted);
}

/**
 * As `resolveSpaceAccess`, through a store or a transaction (never from a kept read: a write's transaction reads
 * what authorizes it in the transaction). The levels are loaded at once (`ContentLevels.loadIn`; with the
 * organization's collections when `collections` is asked for, which an administrator's level does not need).
 */
export async function resolveSpaceAccessIn(
  on: Statements,
  spaceId: string,
  caller: { userId: string },
  options: { deleted?: 'refuse' | 'allow' | 'only'; collections?: boolean } = {},
): Promise<SpaceAccess> {
  const space = await on.first(spaceById(spaceId));
  if (!space) throw spaceNotFound(spaceId);
  const { org, actor } = await loadOrgAccessOrIn(on, space.organization_id, caller.userId, () =>
    spaceNotFound(spaceId),
  );
  const levels = await ContentLevels.loadIn(on, org.id, actor, { collections: options.collections });
  return spaceAccessOf(space, org, actor, levels, options.deleted);
}

function spaceAccessOf(
  space: SpacesTable,
  org: OrganizationsTable,
  actor: OrgActor,
  levels: ContentLevels,
  deleted: 'refuse' | 'allow' | 'only' = 'refuse',
): SpaceAccess {
  const spaceId = space.id;
  const level = levels.levelOf(space);
  if (level === null || !can(actor, 'space.view', { level })) throw spaceNotFound(spaceId);
  if (space.deleted_at !== null && deleted === 'refuse')
    throw notFound(`space \`${spaceId}\` is in the trash`);
  if (space.deleted_at === null && deleted === 'only')
    throw notFound(`space \`${spaceId}\` is not in the trash`);
  return { space, org, actor, level, levels };
}

/** Refuses content edits to a locked space. */
export function ensureUnlocked(space: Pick<SpacesTable, 'id' | 'edit_mode'>): void {
  if (space.edit_mode === 'locked')
    throw conflict(`space \`${space.id}\` is locked: unlock it to edit its content`);
}
