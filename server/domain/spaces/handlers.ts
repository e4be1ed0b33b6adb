/**
 * Handlers of the spaces operations (the links report is in server/domain/content). A write runs in one
 * transaction of the store with every read it depends on (the space and the caller's level on it, the caller's
 * standing in a target organization, the sibling keys a new place is computed from), and presents the space as
 * read in it; indexing a new space for search follows the transaction (`indexNewSpace`).
 */
import { sql } from 'kysely';
import { badRequest, gone } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize, type OrgActor } from '../../policies/index.ts';
import type { SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { authorizeCreateIn, titleOf } from '../collections/commands.ts';
import { ContentLevels } from '../collections/levels.ts';
import { keyAtEndIn, keyForPosition, keyRightAfter } from '../collections/siblings.ts';
import { copyTree, loadRevisionIn } from '../content/revisions.ts';
import { recordEventIn } from '../events.ts';
import { storedMergeRules } from '../merge-rules/records.ts';
import { ensureValidMergeRulesIn } from '../merge-rules/validate.ts';
import { resolveSpaceAccessIn, spaceById } from './access.ts';
import { listOrganizationSpacesPage } from './lists.ts';
import { deleters, presentSpace } from './present.ts';
import {
  createSpaceRecordIn,
  deleteSpaceForGood,
  indexNewSpace,
  insertSpaceWithTreeIn,
  TRASH_RETENTION_MS,
} from './records.ts';
import { updateRowById } from '../../storage/prepared.ts';

const TITLE_MAX = 50;
const COPY_SUFFIX = ' (copy)';

/** A space as the caller now sees it, read in the write's transaction after its change. */
async function presentFresh(tx: Statements, space: SpacesTable, actor: OrgActor, baseUrl: string) {
  // Levels are recomputed after a change: a new default level or parent changes the caller's own level.
  const levels = await ContentLevels.loadIn(tx, space.organization_id, actor);
  return presentSpace(space, levels.levelOf(space), actor, baseUrl);
}

async function rereadSpace(tx: Statements, id: string, actor: OrgActor, baseUrl: string) {
  const row = await tx.first(spaceById(id));
  if (!row) throw new Error(`space ${id} vanished inside its own request`);
  return presentFresh(tx, row, actor, baseUrl);
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
  getSpaceById: async ({ params, actor, services: { store }, baseUrl }) => {
    // `shareKey` opens published content of sites, which do not exist yet: it is accepted and ignored.
    const access = await resolveSpaceAccessIn(store, params.spaceId, actor, { deleted: 'allow' });
    const deletedBy = deleters(store, baseUrl);
    await deletedBy.load([access.space]);
    return presentSpace(access.space, access.level, access.actor, baseUrl, deletedBy.of(access.space));
  },

  updateSpaceById: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const { space, actor: orgActor, level } = await resolveSpaceAccessIn(tx, params.spaceId, actor);
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
        await ensureValidMergeRulesIn(tx, space.organization_id, body.mergeRules);
        changes.merge_rules = storedMergeRules(body.mergeRules, 'space');
      }
      if (Object.keys(changes).length === 0) return presentSpace(space, level, orgActor, baseUrl);
      const now = clock.now();
      const updated = { ...space, ...changes, updated_at: now.toISOString() };
      await tx.run(updateRowById('spaces', space.id, { ...changes, updated_at: updated.updated_at }));
      await recordEventIn(tx, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.updated',
        subjectType: 'space',
        subjectId: space.id,
        data: changes,
      });
      return presentFresh(tx, updated, orgActor, baseUrl);
    }),

  deleteSpaceById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { space, actor: orgActor, level } = await resolveSpaceAccessIn(tx, params.spaceId, actor);
      authorize(orgActor, 'space.admin', { level });
      const now = clock.now();
      await tx.run(
        tx.q
          .updateTable('spaces')
          .set({ deleted_at: now.toISOString(), deleted_by: actor.userId })
          .where('id', '=', space.id),
      );
      await recordEventIn(tx, now, {
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

  restoreSpace: async ({ params, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const access = await resolveSpaceAccessIn(tx, params.spaceId, actor, { deleted: 'only' });
      const { space, actor: orgActor, level } = access;
      authorize(orgActor, 'space.admin', { level });
      const now = clock.now();
      const deletedAt = new Date(space.deleted_at as string).getTime();
      if (now.getTime() - deletedAt > TRASH_RETENTION_MS)
        throw gone(`space \`${space.id}\` was deleted more than 7 days ago and can no longer be restored`);
      // Back at its old place: its key was kept (and counted as a neighbour while it was in the trash); a space
      // whose collection was deleted was already moved to the top level then.
      await tx.run(
        tx.q.updateTable('spaces').set({ deleted_at: null, deleted_by: null }).where('id', '=', space.id),
      );
      await recordEventIn(tx, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.restored',
        subjectType: 'space',
        subjectId: space.id,
        data: { title: space.title },
      });
      return presentFresh(tx, { ...space, deleted_at: null, deleted_by: null }, orgActor, baseUrl);
    }),

  deleteSpacePermanently: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { space, actor: orgActor } = await resolveSpaceAccessIn(tx, params.spaceId, actor, {
        deleted: 'only',
      });
      authorize(orgActor, 'organization.purgeTrash', null);
      const now = clock.now();
      await deleteSpaceForGood(tx, space.id);
      await recordEventIn(tx, now, {
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

  duplicateSpace: async ({ params, actor, services, baseUrl }) => {
    const { store, clock } = services;
    const { copy, presented } = await store.transaction(async (tx) => {
      const { space, actor: orgActor, levels } = await resolveSpaceAccessIn(tx, params.spaceId, actor);
      await authorizeCreateIn(tx, levels, space.parent_id);
      const now = clock.now();
      const source = await loadRevisionIn(tx, space.revision_id);
      const title = copyTitle(space.title);
      const copy = await insertSpaceWithTreeIn(
        tx,
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
          sortKey: await keyRightAfter(tx, space.organization_id, space.parent_id, space.sort_key, space.id),
        },
        () => Promise.resolve(copyTree(source.tree)),
      );
      await recordEventIn(tx, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.duplicated',
        subjectType: 'space',
        subjectId: copy.id,
        data: { title, from: space.id },
      });
      return { copy, presented: await rereadSpace(tx, copy.id, orgActor, baseUrl) };
    });
    await indexNewSpace(services, copy);
    return presented;
  },

  moveSpace: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const access = await resolveSpaceAccessIn(tx, params.spaceId, actor);
      const { space, actor: orgActor, level, levels } = access;
      authorize(orgActor, 'space.admin', { level });
      const parentId = body.parent === undefined ? space.parent_id : body.parent;
      await authorizeCreateIn(tx, levels, parentId);
      const now = clock.now();
      const visibility =
        parentId === null && space.visibility === 'in-collection' ? 'private' : space.visibility;
      const sortKey = await keyForPosition(tx, space.organization_id, parentId, space.id, body.position);
      const changes = { parent_id: parentId, sort_key: sortKey, visibility, updated_at: now.toISOString() };
      await tx.run(tx.q.updateTable('spaces').set(changes).where('id', '=', space.id));
      await recordEventIn(tx, now, {
        organizationId: space.organization_id,
        actorId: actor.userId,
        action: 'space.moved',
        subjectType: 'space',
        subjectId: space.id,
        data: { from: space.parent_id, to: parentId },
      });
      return presentFresh(tx, { ...space, ...changes }, orgActor, baseUrl);
    }),

  transferSpace: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const { space, actor: orgActor } = await resolveSpaceAccessIn(tx, params.spaceId, actor);
      authorize(orgActor, 'organization.transferContent', null);
      const target = await loadOrgAccessIn(tx, body.organization, actor.userId);
      authorize(target.actor, 'organization.transferContent', null);
      if (target.org.id === space.organization_id)
        throw badRequest('body field `organization`: the space is already in this organization');
      const now = clock.now();
      // Revisions refer to the space, not to its organization: they follow it. Its own merge rules name people of
      // the organization it leaves: it takes its new organization's.
      const changes = {
        organization_id: target.org.id,
        merge_rules: null,
        parent_id: null,
        sort_key: await keyAtEndIn(tx, target.org.id, null),
        visibility: space.visibility === 'in-collection' ? 'private' : space.visibility,
        updated_at: now.toISOString(),
      };
      await tx.run(tx.q.updateTable('spaces').set(changes).where('id', '=', space.id));
      const data = { title: space.title, from: space.organization_id, to: target.org.id };
      for (const organizationId of [space.organization_id, target.org.id]) {
        await recordEventIn(tx, now, {
          organizationId,
          actorId: actor.userId,
          action: 'space.transferred',
          subjectType: 'space',
          subjectId: space.id,
          data,
        });
      }
      return presentFresh(tx, { ...space, ...changes }, target.actor, baseUrl);
    }),

  listSpacesInOrganizationById: async ({ params, query, actor, services: { store, clock }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    const levels = await ContentLevels.loadIn(store, params.organizationId, orgActor);
    if (query.deleted === true) {
      authorize(orgActor, 'organization.viewTrash', null);
      const deletedBy = deleters(store, baseUrl);
      // The trash: restorable spaces only, most recently deleted first.
      const since = new Date(clock.now().getTime() - TRASH_RETENTION_MS).toISOString();
      const base = store.q
        .selectFrom('spaces as s')
        .selectAll('s')
        .where('s.organization_id', '=', params.organizationId)
        .where('s.deleted_at', 'is not', null)
        .where(sql<boolean>`s.deleted_at >= ${since}`);
      const { fetch, count } = keysetQueriesIn(store, base, TRASH_KEYS);
      return listPageIn({
        query,
        keys: TRASH_KEYS,
        fetch: async (after, take) => {
          const rows = await fetch(after, take);
          await deletedBy.load(rows);
          return rows;
        },
        count,
        keyOf: (row) => [row.deleted_at as string, row.id],
        present: (row) => presentSpace(row, levels.levelOf(row), orgActor, baseUrl, deletedBy.of(row)),
      });
    }
    return listOrganizationSpacesPage(store, levels, { query, baseUrl });
  },

  createSpace: async ({ params, body, actor, services, baseUrl }) => {
    const { store, clock } = services;
    const { space, presented } = await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      const levels = await ContentLevels.loadIn(tx, params.organizationId, orgActor);
      const parentId = body.parent ?? null;
      await authorizeCreateIn(tx, levels, parentId);
      const title = body.title === undefined || body.title.trim() === '' ? 'Untitled' : body.title.trim();
      const space = await createSpaceRecordIn(tx, clock.now(), {
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
      return { space, presented: await rereadSpace(tx, space.id, orgActor, baseUrl) };
    });
    await indexNewSpace(services, space);
    return presented;
  },
} satisfies Handlers;
