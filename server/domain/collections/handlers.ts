/**
 * Handlers of the collections operations. A write runs in one transaction of the store with every read it depends
 * on (the collection and the caller's level on it, the caller's standing in a target organization, the subtree it
 * moves, the sibling keys of its new place), and presents the collection as read in it.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { decodeCursor, encodeCursor, type ListPage } from '../../http/pagination.ts';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import { authorize, can } from '../../policies/index.ts';
import type { CollectionsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { recordEventIn } from '../events.ts';
import { listSiblingSpacesPage, spaceListBase } from '../spaces/lists.ts';
import { resolveCollectionAccessIn } from './access.ts';
import { authorizeCreateIn, isSelfOrDescendant, subtreeIds, titleOf, trashSpacesOf } from './commands.ts';
import { ContentLevels } from './levels.ts';
import { presentCollection } from './present.ts';
import { createCollectionRecordIn } from './records.ts';
import { keyAtEndIn, keyForPosition } from './siblings.ts';

/** The collection as the caller sees it after a write, read in the write's transaction. */
async function rereadCollection(tx: Statements, id: string, userId: string, baseUrl: string) {
  const access = await resolveCollectionAccessIn(tx, id, { userId });
  return presentCollection(access.collection, access.level, access.actor, baseUrl);
}

/** The order of the organization's collection list: by parent (top level first), then sibling order. */
function collectionOrderKey(row: CollectionsTable): [string, string, string] {
  return [row.parent_id ?? '', row.sort_key, row.id];
}

function compareKeys(a: readonly string[], b: readonly (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string;
    const y = String(b[i]);
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export const collectionHandlers = {
  getCollectionById: async ({ params, actor, services: { store }, baseUrl }) => {
    const access = await resolveCollectionAccessIn(store, params.collectionId, actor);
    return presentCollection(access.collection, access.level, access.actor, baseUrl);
  },

  updateCollectionById: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const access = await resolveCollectionAccessIn(tx, params.collectionId, actor);
      const { collection, actor: orgActor, level } = access;
      authorize(orgActor, 'collection.admin', { level });
      const changes: Partial<Pick<CollectionsTable, 'title' | 'description' | 'default_level'>> = {};
      if (body.title !== undefined) changes.title = titleOf(body.title);
      if (body.description !== undefined) changes.description = body.description.trim();
      if (body.defaultLevel !== undefined) changes.default_level = body.defaultLevel;
      if (Object.keys(changes).length > 0) {
        const now = clock.now();
        await tx.run(
          tx.q
            .updateTable('collections')
            .set({ ...changes, updated_at: now.toISOString() })
            .where('id', '=', collection.id),
        );
        await recordEventIn(tx, now, {
          organizationId: collection.organization_id,
          actorId: actor.userId,
          action: 'collection.updated',
          subjectType: 'collection',
          subjectId: collection.id,
          data: changes,
        });
      }
      // Re-read: a new default level can change the caller's own level (and even hide the collection).
      const levels = await ContentLevels.loadIn(tx, collection.organization_id, orgActor);
      const updated = { ...collection, ...changes };
      return presentCollection(updated, levels.collectionLevel(collection.id), orgActor, baseUrl);
    }),

  deleteCollectionById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const access = await resolveCollectionAccessIn(tx, params.collectionId, actor);
      const { collection, actor: orgActor, level } = access;
      authorize(orgActor, 'collection.admin', { level });
      const now = clock.now();
      const removed = await subtreeIds(tx, collection.id);
      const trashed = await trashSpacesOf(tx, collection.organization_id, removed, now);
      // Sub-collections go with it (ON DELETE CASCADE).
      await tx.run(tx.q.deleteFrom('collections').where('id', '=', collection.id));
      await recordEventIn(tx, now, {
        organizationId: collection.organization_id,
        actorId: actor.userId,
        action: 'collection.deleted',
        subjectType: 'collection',
        subjectId: collection.id,
        data: { title: collection.title, collections: removed.length, spacesTrashed: trashed },
      });
    });
    return undefined;
  },

  listSpacesInCollectionById: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { collection, levels } = await resolveCollectionAccessIn(store, params.collectionId, actor);
    const base = spaceListBase(levels).where('s.parent_id', '=', collection.id);
    return listSiblingSpacesPage(store, levels, base, { query, baseUrl });
  },

  moveCollection: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const access = await resolveCollectionAccessIn(tx, params.collectionId, actor);
      const { collection, actor: orgActor, level, levels } = access;
      authorize(orgActor, 'collection.admin', { level });
      const parentId = body.parent === undefined ? collection.parent_id : body.parent;
      if (parentId !== null && (await isSelfOrDescendant(tx, collection.id, parentId)))
        throw badRequest(
          'body field `parent`: a collection cannot move into itself or one of its descendants',
        );
      await authorizeCreateIn(tx, levels, parentId);
      const now = clock.now();
      const sortKey = await keyForPosition(
        tx,
        collection.organization_id,
        parentId,
        collection.id,
        body.position,
      );
      await tx.run(
        tx.q
          .updateTable('collections')
          .set({ parent_id: parentId, sort_key: sortKey, updated_at: now.toISOString() })
          .where('id', '=', collection.id),
      );
      await recordEventIn(tx, now, {
        organizationId: collection.organization_id,
        actorId: actor.userId,
        action: 'collection.moved',
        subjectType: 'collection',
        subjectId: collection.id,
        data: { from: collection.parent_id, to: parentId },
      });
      return rereadCollection(tx, collection.id, actor.userId, baseUrl);
    }),

  transferCollection: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const { collection, actor: orgActor } = await resolveCollectionAccessIn(tx, params.collectionId, actor);
      authorize(orgActor, 'organization.transferContent', null);
      const target = await loadOrgAccessIn(tx, body.organization, actor.userId);
      authorize(target.actor, 'organization.transferContent', null);
      if (target.org.id === collection.organization_id)
        throw badRequest('body field `organization`: the collection is already in this organization');
      const now = clock.now();
      const moved = await subtreeIds(tx, collection.id);
      let spaces = 0;
      // The nested items keep their parents and keys: their siblings move with them.
      for (let i = 0; i < moved.length; i += 500) {
        const chunk = moved.slice(i, i + 500);
        await tx.run(
          tx.q.updateTable('collections').set({ organization_id: target.org.id }).where('id', 'in', chunk),
        );
        spaces += await tx.run(
          tx.q.updateTable('spaces').set({ organization_id: target.org.id }).where('parent_id', 'in', chunk),
        );
      }
      await tx.run(
        tx.q
          .updateTable('collections')
          .set({
            parent_id: null,
            sort_key: await keyAtEndIn(tx, target.org.id, null),
            updated_at: now.toISOString(),
          })
          .where('id', '=', collection.id),
      );
      const data = {
        title: collection.title,
        from: collection.organization_id,
        to: target.org.id,
        collections: moved.length,
        spaces,
      };
      for (const organizationId of [collection.organization_id, target.org.id]) {
        await recordEventIn(tx, now, {
          organizationId,
          actorId: actor.userId,
          action: 'collection.transferred',
          subjectType: 'collection',
          subjectId: collection.id,
          data,
        });
      }
      return rereadCollection(tx, collection.id, actor.userId, baseUrl);
    }),

  listCollectionsInOrganizationById: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    const levels = await ContentLevels.loadIn(store, params.organizationId, orgActor, { collections: true });
    const nested = query.nested ?? true;
    // The organization's collections are loaded once for the levels anyway: the list is cut from them in memory.
    const visible: { row: CollectionsTable; level: Role }[] = [];
    for (const row of levels.collections().values()) {
      if (!nested && row.parent_id !== null) continue;
      const level = levels.collectionLevel(row.id);
      if (level !== null && can(orgActor, 'collection.view', { level })) visible.push({ row, level });
    }
    visible.sort((a, b) => compareKeys(collectionOrderKey(a.row), collectionOrderKey(b.row)));
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const after = decodeCursor(query.page, 3);
    const start = after ? visible.findIndex(({ row }) => compareKeys(collectionOrderKey(row), after) > 0) : 0;
    const shown = start < 0 ? [] : visible.slice(start, start + limit);
    const page: ListPage<ReturnType<typeof presentCollection>> = {
      items: shown.map(({ row, level }) => presentCollection(row, level, orgActor, baseUrl)),
      count: visible.length,
    };
    const last = shown.at(-1);
    if (last !== undefined && start + limit < visible.length)
      page.next = { page: encodeCursor(collectionOrderKey(last.row)) };
    return page;
  },

  createCollection: async ({ params, body, actor, services: { store, clock }, baseUrl }) =>
    store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      const levels = await ContentLevels.loadIn(tx, params.organizationId, orgActor);
      const parentId = body.parent ?? null;
      await authorizeCreateIn(tx, levels, parentId);
      const title = body.title === undefined || body.title.trim() === '' ? 'Untitled' : body.title.trim();
      const id = await createCollectionRecordIn(tx, clock.now(), {
        organizationId: params.organizationId,
        parentId,
        title,
        actorId: actor.userId,
      });
      return rereadCollection(tx, id, actor.userId, baseUrl);
    }),
} satisfies Handlers;
