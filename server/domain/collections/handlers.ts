/** Handlers of the collections operations. */
import type { Role } from '../../../shared/contract/index.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { decodeCursor, encodeCursor, type ListPage } from '../../http/pagination.ts';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import { authorize, can } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { CollectionsTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { listSiblingSpacesPage, spaceListBase } from '../spaces/lists.ts';
import { resolveCollectionAccess } from './access.ts';
import { authorizeCreateIn, isSelfOrDescendant, subtreeIds, titleOf, trashSpacesOf } from './commands.ts';
import { ContentLevels } from './levels.ts';
import { presentCollection } from './present.ts';
import { createCollectionRecord } from './records.ts';
import { keyAtEnd, keyForPosition } from './siblings.ts';

function rereadCollection(db: Database, id: string, userId: string, baseUrl: string) {
  const access = resolveCollectionAccess(db, id, { userId });
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
  getCollectionById: ({ params, actor, services: { db }, baseUrl }) => {
    const access = resolveCollectionAccess(db, params.collectionId, actor);
    return presentCollection(access.collection, access.level, access.actor, baseUrl);
  },

  updateCollectionById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { collection, actor: orgActor, level } = resolveCollectionAccess(db, params.collectionId, actor);
    authorize(orgActor, 'collection.admin', { level });
    const changes: Partial<Pick<CollectionsTable, 'title' | 'description' | 'default_level'>> = {};
    if (body.title !== undefined) changes.title = titleOf(body.title);
    if (body.description !== undefined) changes.description = body.description.trim();
    if (body.defaultLevel !== undefined) changes.default_level = body.defaultLevel;
    if (Object.keys(changes).length > 0) {
      const now = clock.now();
      db.transaction(() => {
        db.run(
          db.q
            .updateTable('collections')
            .set({ ...changes, updated_at: now.toISOString() })
            .where('id', '=', collection.id),
        );
        recordEvent(db, now, {
          organizationId: collection.organization_id,
          actorId: actor.userId,
          action: 'collection.updated',
          subjectType: 'collection',
          subjectId: collection.id,
          data: changes,
        });
      });
    }
    // Re-read: a new default level can change the caller's own level (and even hide the collection).
    const levels = new ContentLevels(db, collection.organization_id, orgActor);
    const updated = { ...collection, ...changes };
    return presentCollection(updated, levels.collectionLevel(collection.id), orgActor, baseUrl);
  },

  deleteCollectionById: ({ params, actor, services: { db, clock } }) => {
    const { collection, actor: orgActor, level } = resolveCollectionAccess(db, params.collectionId, actor);
    authorize(orgActor, 'collection.admin', { level });
    const now = clock.now();
    db.transaction(() => {
      const removed = subtreeIds(db, collection.id);
      const trashed = trashSpacesOf(db, collection.organization_id, removed, now);
      // Sub-collections go with it (ON DELETE CASCADE).
      db.run(db.q.deleteFrom('collections').where('id', '=', collection.id));
      recordEvent(db, now, {
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

  listSpacesInCollectionById: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { collection, levels } = resolveCollectionAccess(db, params.collectionId, actor);
    return listSiblingSpacesPage(db, levels, spaceListBase(levels).where('s.parent_id', '=', collection.id), {
      query,
      baseUrl,
    });
  },

  moveCollection: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const {
      collection,
      actor: orgActor,
      level,
      levels,
    } = resolveCollectionAccess(db, params.collectionId, actor);
    authorize(orgActor, 'collection.admin', { level });
    const parentId = body.parent === undefined ? collection.parent_id : body.parent;
    if (parentId !== null && isSelfOrDescendant(db, collection.id, parentId))
      throw badRequest('body field `parent`: a collection cannot move into itself or one of its descendants');
    authorizeCreateIn(db, levels, parentId);
    const now = clock.now();
    db.transaction(() => {
      const sortKey = keyForPosition(db, collection.organization_id, parentId, collection.id, body.position);
      db.run(
        db.q
          .updateTable('collections')
          .set({ parent_id: parentId, sort_key: sortKey, updated_at: now.toISOString() })
          .where('id', '=', collection.id),
      );
      recordEvent(db, now, {
        organizationId: collection.organization_id,
        actorId: actor.userId,
        action: 'collection.moved',
        subjectType: 'collection',
        subjectId: collection.id,
        data: { from: collection.parent_id, to: parentId },
      });
    });
    return rereadCollection(db, collection.id, actor.userId, baseUrl);
  },

  transferCollection: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { collection, actor: orgActor } = resolveCollectionAccess(db, params.collectionId, actor);
    authorize(orgActor, 'organization.transferContent', null);
    const target = loadOrgAccess(db, body.organization, actor.userId);
    authorize(target.actor, 'organization.transferContent', null);
    if (target.org.id === collection.organization_id)
      throw badRequest('body field `organization`: the collection is already in this organization');
    const now = clock.now();
    db.transaction(() => {
      const moved = subtreeIds(db, collection.id);
      let spaces = 0;
      // The nested items keep their parents and keys: their siblings move with them.
      for (let i = 0; i < moved.length; i += 500) {
        const chunk = moved.slice(i, i + 500);
        db.run(
          db.q.updateTable('collections').set({ organization_id: target.org.id }).where('id', 'in', chunk),
        );
        spaces += db.run(
          db.q.updateTable('spaces').set({ organization_id: target.org.id }).where('parent_id', 'in', chunk),
        );
      }
      db.run(
        db.q
          .updateTable('collections')
          .set({
            parent_id: null,
            sort_key: keyAtEnd(db, target.org.id, null),
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
        recordEvent(db, now, {
          organizationId,
          actorId: actor.userId,
          action: 'collection.transferred',
          subjectType: 'collection',
          subjectId: collection.id,
          data,
        });
      }
    });
    return rereadCollection(db, collection.id, actor.userId, baseUrl);
  },

  listCollectionsInOrganizationById: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const levels = new ContentLevels(db, params.organizationId, orgActor);
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

  createCollection: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const levels = new ContentLevels(db, params.organizationId, orgActor);
    const parentId = body.parent ?? null;
    authorizeCreateIn(db, levels, parentId);
    const title = body.title === undefined || body.title.trim() === '' ? 'Untitled' : body.title.trim();
    const id = createCollectionRecord(db, clock.now(), {
      organizationId: params.organizationId,
      parentId,
      title,
      actorId: actor.userId,
    });
    return rereadCollection(db, id, actor.userId, baseUrl);
  },
} satisfies Handlers;
