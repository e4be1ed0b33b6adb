/** Handlers of the spaces operations (the links report is in server/domain/content). */
import { sql } from 'kysely';
import { badRequest, gone } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize, type OrgActor } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { SpacesTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { authorizeCreateIn, titleOf } from '../collections/commands.ts';
import { ContentLevels } from '../collections/levels.ts';
import { keyAtEnd, keyForPosition, keyRightAfter } from '../collections/siblings.ts';
import { copyTree, loadRevision } from '../content/revisions.ts';
import { recordEvent } from '../events.ts';
import { storedMergeRules } from '../merge-rules/records.ts';
import { ensureValidMergeRules } from '../merge-rules/validate.ts';
import { resolveSpaceAccess, spaceById } from './access.ts';
import { listOrganizationSpacesPage } from './lists.ts';
import { deleters, presentSpace } from './present.ts';
import { createSpaceRecord, deleteSpaceForGood, insertSpaceWithTree, TRASH_RETENTION_MS } from './records.ts';
import { updateRowById } from '../../storage/prepared.ts';

const TITLE_MAX = 50;
const COPY_SUFFIX = ' (copy)';

function presentFresh(db: Database, space: SpacesTable, actor: OrgActor, baseUrl: string) {
  // Levels are recomputed after a change: a new default level or parent changes the caller's own level.
  const levels = new ContentLevels(db, space.organization_id, actor);
  return presentSpace(space, levels.levelOf(space), actor, baseUrl);
}

function rereadSpace(db: Database, id: string, actor: OrgActor, baseUrl: string) {
  const row = db.first(spaceById(id));
  if (!row) throw new Error(`space ${id} vanished inside its own request`);
  return presentFresh(db, row, actor, baseUrl);
}

/** A space's title with the copy suffix, shortened so that the suffix survives the 50-character limit. */
export function copyTitle(title: string): string {
  return `${title.slice(0, TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

const TRASH_KEYS: readonly SortKey[] = [
  { column: 's.deleted_at', direction: 'desc' },
  { column: 's.id', direction: 'desc' },
];

export const spaceHandlers = {
  getSpaceById: ({ params, actor, services: { db }, baseUrl }) => {
    // `shareKey` opens published content of sites, which do not exist yet: it is accepted and ignored.
    const access = resolveSpaceAccess(db, params.spaceId, actor, { deleted: 'allow' });
    const deletedBy = deleters(db, baseUrl)(access.space);
    return presentSpace(access.space, access.level, access.actor, baseUrl, deletedBy);
  },

  updateSpaceById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { space, actor: orgActor, level } = resolveSpaceAccess(db, params.spaceId, actor);
    if (body.title !== undefined || body.emoji !== undefined) authorize(orgActor, 'space.edit', { level });
    if (body.editMode !== undefined || body.defaultLevel !== undefined || body.mergeRules !== undefined)
      authorize(orgActor, 'space.admin', { level });
    const changes: Partial<
      Pick<SpacesTable, 'title' | 'emoji' | 'edit_mode' | 'default_level' | 'merge_rules'>
    > = {};
    if (body.title !== undefined) changes.title = titleOf(body.title);
    if (body.emoji !== undefined) changes.emoji = body.emoji.trim();
    if (body.editMode !== undefined) changes.edit_mode = body.editMode;
    if (body.defaultLevel !== undefined) changes.default_level = body.defaultLevel;
    if (body.mergeRules !== undefined) {
      ensureValidMergeRules(db, space.organization_id, body.mergeRules);
      changes.merge_rules = storedMergeRules(body.mergeRules, 'space');
    }
    if (Object.keys(changes).length === 0) return presentSpace(space, level, orgActor, baseUrl);
    const now = clock.now();
    const updated = { ...space, ...changes, updated_at: now.toISOString() };
    db.transaction(() => {
      db.run(updateRowById('spaces', space.id, { ...changes, updated_at: updated.updated_at }));
      recordEvent(db, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.updated',
        subjectType: 'space',
        subjectId: space.id,
        data: changes,
      });
    });
    return presentFresh(db, updated, orgActor, baseUrl);
  },

  deleteSpaceById: ({ params, actor, services: { db, clock } }) => {
    const { space, actor: orgActor, level } = resolveSpaceAccess(db, params.spaceId, actor);
    authorize(orgActor, 'space.admin', { level });
    const now = clock.now();
    db.transaction(() => {
      db.run(
        db.q
          .updateTable('spaces')
          .set({ deleted_at: now.toISOString(), deleted_by: actor.userId })
          .where('id', '=', space.id),
      );
      recordEvent(db, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.deleted',
        subjectType: 'space',
        subjectId: space.id,
        data: { title: space.title },
      });
    });
    return undefined;
  },

  restoreSpace: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const {
      space,
      actor: orgActor,
      level,
    } = resolveSpaceAccess(db, params.spaceId, actor, { deleted: 'only' });
    authorize(orgActor, 'space.admin', { level });
    const now = clock.now();
    const deletedAt = new Date(space.deleted_at as string).getTime();
    if (now.getTime() - deletedAt > TRASH_RETENTION_MS)
      throw gone(`space \`${space.id}\` was deleted more than 7 days ago and can no longer be restored`);
    // Back at its old place: its key was kept (and counted as a neighbour while it was in the trash); a space
    // whose collection was deleted was already moved to the top level then.
    db.transaction(() => {
      db.run(
        db.q.updateTable('spaces').set({ deleted_at: null, deleted_by: null }).where('id', '=', space.id),
      );
      recordEvent(db, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.restored',
        subjectType: 'space',
        subjectId: space.id,
        data: { title: space.title },
      });
    });
    return presentFresh(db, { ...space, deleted_at: null, deleted_by: null }, orgActor, baseUrl);
  },

  deleteSpacePermanently: ({ params, actor, services: { db, clock } }) => {
    const { space, actor: orgActor } = resolveSpaceAccess(db, params.spaceId, actor, { deleted: 'only' });
    authorize(orgActor, 'organization.purgeTrash', null);
    const now = clock.now();
    db.transaction(() => {
      deleteSpaceForGood(db, space.id);
      recordEvent(db, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.purged',
        subjectType: 'space',
        subjectId: space.id,
        data: { title: space.title },
      });
    });
    return undefined;
  },

  duplicateSpace: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { space, actor: orgActor, levels } = resolveSpaceAccess(db, params.spaceId, actor);
    authorizeCreateIn(db, levels, space.parent_id);
    const now = clock.now();
    const id = db.transaction(() => {
      const source = loadRevision(db, space.revision_id);
      const title = copyTitle(space.title);
      const copy = insertSpaceWithTree(
        db,
        now,
        {
          organizationId: space.organization_id,
          parentId: space.parent_id,
          title,
          emoji: space.emoji,
          visibility: space.visibility,
          defaultLevel: space.default_level,
          editMode: 'live',
          language: space.language,
          actorId: actor.userId,
          sortKey: keyRightAfter(db, space.organization_id, space.parent_id, space.sort_key, space.id),
        },
        () => copyTree(source.tree),
      );
      recordEvent(db, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.duplicated',
        subjectType: 'space',
        subjectId: copy.id,
        data: { title, from: space.id },
      });
      return copy.id;
    });
    return rereadSpace(db, id, orgActor, baseUrl);
  },

  moveSpace: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { space, actor: orgActor, level, levels } = resolveSpaceAccess(db, params.spaceId, actor);
    authorize(orgActor, 'space.admin', { level });
    const parentId = body.parent === undefined ? space.parent_id : body.parent;
    authorizeCreateIn(db, levels, parentId);
    const now = clock.now();
    const visibility =
      parentId === null && space.visibility === 'in-collection' ? 'private' : space.visibility;
    const moved = db.transaction(() => {
      const sortKey = keyForPosition(db, space.organization_id, parentId, space.id, body.position);
      const changes = { parent_id: parentId, sort_key: sortKey, visibility, updated_at: now.toISOString() };
      db.run(db.q.updateTable('spaces').set(changes).where('id', '=', space.id));
      recordEvent(db, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.moved',
        subjectType: 'space',
        subjectId: space.id,
        data: { from: space.parent_id, to: parentId },
      });
      return { ...space, ...changes };
    });
    return presentFresh(db, moved, orgActor, baseUrl);
  },

  transferSpace: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { space, actor: orgActor } = resolveSpaceAccess(db, params.spaceId, actor);
    authorize(orgActor, 'organization.transferContent', null);
    const target = loadOrgAccess(db, body.organization, actor.userId);
    authorize(target.actor, 'organization.transferContent', null);
    if (target.org.id === space.organization_id)
      throw badRequest('body field `organization`: the space is already in this organization');
    const now = clock.now();
    const moved = db.transaction(() => {
      // Revisions refer to the space, not to its organization: they follow it. Its own merge rules name people of
      // the organization it leaves: it takes its new organization's.
      const changes = {
        organization_id: target.org.id,
        merge_rules: null,
        parent_id: null,
        sort_key: keyAtEnd(db, target.org.id, null),
        visibility: space.visibility === 'in-collection' ? 'private' : space.visibility,
        updated_at: now.toISOString(),
      };
      db.run(db.q.updateTable('spaces').set(changes).where('id', '=', space.id));
      const data = { title: space.title, from: space.organization_id, to: target.org.id };
      for (const organizationId of [space.organization_id, target.org.id]) {
        recordEvent(db, now, {
          organizationId,
          actorId: actor.userId,
          action: 'space.transferred',
          subjectType: 'space',
          subjectId: space.id,
          data,
        });
      }
      return { ...space, ...changes };
    });
    return presentFresh(db, moved, target.actor, baseUrl);
  },

  listSpacesInOrganizationById: ({ params, query, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const levels = new ContentLevels(db, params.organizationId, orgActor);
    if (query.deleted === true) {
      authorize(orgActor, 'organization.viewTrash', null);
      const deletedBy = deleters(db, baseUrl);
      // The trash: restorable spaces only, most recently deleted first.
      const since = new Date(clock.now().getTime() - TRASH_RETENTION_MS).toISOString();
      const base = db.q
        .selectFrom('spaces as s')
        .selectAll('s')
        .where('s.organization_id', '=', params.organizationId)
        .where('s.deleted_at', 'is not', null)
        .where(sql<boolean>`s.deleted_at >= ${since}`);
      return listPage({
        query,
        keys: TRASH_KEYS,
        ...keysetQueries(db, base, TRASH_KEYS),
        keyOf: (row) => [row.deleted_at as string, row.id],
        present: (row) => presentSpace(row, levels.levelOf(row), orgActor, baseUrl, deletedBy(row)),
      });
    }
    return listOrganizationSpacesPage(db, levels, { query, baseUrl });
  },

  createSpace: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const levels = new ContentLevels(db, params.organizationId, orgActor);
    const parentId = body.parent ?? null;
    authorizeCreateIn(db, levels, parentId);
    const title = body.title === undefined || body.title.trim() === '' ? 'Untitled' : body.title.trim();
    const id = createSpaceRecord(db, clock.now(), {
      organizationId: params.organizationId,
      parentId,
      title,
      emoji: body.emoji?.trim() ?? '',
      visibility: 'private',
      editMode: body.editMode ?? 'live',
      language: body.language ?? null,
      pages: [{ title: 'Introduction' }],
      actorId: actor.userId,
    });
    return rereadSpace(db, id, orgActor, baseUrl);
  },
} satisfies Handlers;
