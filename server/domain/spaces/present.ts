/** Space rows to API objects. */
import type { Role, User } from '../../../shared/contract/index.ts';
import type { Space } from '../../../shared/contract/resources/content.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { presentUser } from '../members/present.ts';
import { spaceMergeRules } from '../merge-rules/records.ts';

export function spaceUrls(baseUrl: string, id: string) {
  return { location: `${baseUrl}/v1/spaces/${id}`, app: `${baseUrl}/s/${id}/` };
}

const userById = prepared((id: string) =>
  builder
    .selectFrom('users')
    .select(['id as user_id', 'email', 'display_name', 'photo_url'])
    .where('id', '=', id),
);

/**
 * Who sent spaces in the trash there (for `deletedBy`), when known: `load` reads the users of some rows through the
 * store (once per user within a request), `of` answers a loaded row's.
 */
export function deleters(on: Statements, baseUrl: string) {
  const seen = new Map<string, User | undefined>();
  const deleterId = (row: SpacesTable) => (row.deleted_at !== null ? (row.deleted_by ?? null) : null);
  return {
    async load(rows: readonly SpacesTable[]): Promise<void> {
      for (const row of rows) {
        const id = deleterId(row);
        if (id === null || seen.has(id)) continue;
        const user = await on.first(userById(id));
        seen.set(id, user ? presentUser(baseUrl, user) : undefined);
      }
    },
    of(row: SpacesTable): User | undefined {
      const id = deleterId(row);
      return id === null ? undefined : seen.get(id);
    },
  };
}

type SpacePermissions = Space['permissions'];

/**
 * What the caller may do to a space, which follows from the caller and their level on it alone: worked out once per
 * caller and level, and shared by every space of a list (nothing writes to a presented space).
 */
const permissionsByActor = new WeakMap<OrgActor, Map<Role | null, Readonly<SpacePermissions>>>();

function spacePermissions(actor: OrgActor, level: Role | null): Readonly<SpacePermissions> {
  let byLevel = permissionsByActor.get(actor);
  if (byLevel === undefined) permissionsByActor.set(actor, (byLevel = new Map()));
  let permissions = byLevel.get(level);
  if (permissions === undefined) {
    const subject = { level };
    permissions = Object.freeze({
      view: can(actor, 'space.view', subject),
      access: can(actor, 'space.access', subject),
      admin: can(actor, 'space.admin', subject),
      viewInviteLinks: can(actor, 'space.viewInviteLinks', subject),
      edit: can(actor, 'space.edit', subject),
      triggerGitSync: can(actor, 'space.triggerGitSync', subject),
      comment: can(actor, 'space.comment', subject),
      merge: can(actor, 'space.merge', subject),
      review: can(actor, 'space.review', subject),
    });
    byLevel.set(level, permissions);
  }
  return permissions;
}

export function presentSpace(
  row: SpacesTable,
  level: Role | null,
  actor: OrgActor,
  baseUrl: string,
  deletedBy?: User,
): Space {
  // Optional fields are assigned in their place rather than spread from conditional objects: a list presents 50
  // spaces, and the spreads took about ten times as long as the rest of the object (a temporary object each).
  const space: Space = {
    object: 'space',
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility as Space['visibility'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as Space;
  if (row.deleted_at !== null) space.deletedAt = row.deleted_at;
  if (deletedBy !== undefined) space.deletedBy = deletedBy;
  space.editMode = row.edit_mode as NonNullable<Space['editMode']>;
  space.organization = row.organization_id;
  if (row.parent_id !== null) space.parent = row.parent_id;
  space.revision = row.revision_id;
  space.defaultLevel = row.default_level as Space['defaultLevel'];
  // The counts are stored on the row, kept by triggers: open comments on the space, and its change requests.
  space.comments = row.comments ?? 0;
  space.changeRequests = row.change_requests ?? 0;
  space.changeRequestsOpen = row.change_requests_open ?? 0;
  space.changeRequestsDraft = row.change_requests_draft ?? 0;
  space.mergeRules = spaceMergeRules(row.merge_rules);
  space.urls = spaceUrls(baseUrl, row.id);
  space.permissions = spacePermissions(actor, level);
  return space;
}
