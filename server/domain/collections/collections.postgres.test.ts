/**
 * The collection handlers on PostgreSQL: called with services that hold only a `PostgresStore` and a clock, on a
 * migrated database of the test cluster (`usePostgresHandlers`). Not over HTTP (storage/README.md).
 *
 * Concurrent writes run SERIALIZABLE with what they depend on read in their transaction: two collections moved into
 * each other at once make no cycle (the second move finds the first done and refuses it), and collections created
 * together each take their own sort key.
 */
import { describe, expect, it } from 'vitest';
import { statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { createSpaceRecordIn } from '../spaces/records.ts';
import { collectionHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events, space_groups' });
const { context } = pg;

const create = (title: string, parent?: string) =>
  collectionHandlers.createCollection(
    context('admin', { organizationId: 'o1' }, { title, ...(parent ? { parent } : {}) }),
  );
const move = (collectionId: string, parent: string | null) =>
  collectionHandlers.moveCollection(context('admin', { collectionId }, { parent }));

/** A space written as the seed writes one, in a collection (or at the top level). */
const space = (title: string, parentId: string | null) =>
  pg.store.transaction(
    async (tx) =>
      (
        await createSpaceRecordIn(tx, pg.clock.now(), {
          organizationId: 'o1',
          parentId,
          title,
          pages: [{ title: 'Home' }],
          actorId: 'admin',
        })
      ).id,
  );

const collections = () =>
  pg.store.all(
    pg.store.q
      .selectFrom('collections')
      .select(['id', 'organization_id', 'parent_id', 'sort_key'])
      .orderBy('sort_key')
      .orderBy('id'),
  );

describe('the collection handlers on PostgreSQL', () => {
  it('creates, updates, moves, lists and transfers collections with their spaces', async () => {
    const guides = await create(' Guides ');
    expect(guides).toMatchObject({ title: 'Guides', permissions: { admin: true } });
    const nested = await create('Nested', guides.id);
    const other = await create('Other');
    const inNested = await space('In nested', nested.id);
    await space('First in guides', guides.id);
    await space('Second in guides', guides.id);
    const updated = await collectionHandlers.updateCollectionById(
      context('admin', { collectionId: guides.id }, { description: ' How to ', defaultLevel: 'comment' }),
    );
    expect(updated).toMatchObject({ description: 'How to', defaultLevel: 'comment' });

    await expect(move(guides.id, nested.id)).rejects.toSatisfy((error) => statusOf(error) === 400);
    const moved = await move(other.id, guides.id);
    expect(moved).toMatchObject({ parent: guides.id });

    const listed = await collectionHandlers.listCollectionsInOrganizationById(
      context('reader', { organizationId: 'o1' }, undefined, {}),
    );
    expect(listed.items.map((item) => item.title)).toEqual(['Guides', 'Nested', 'Other'].sort());
    const spaces = await collectionHandlers.listSpacesInCollectionById(
      context('reader', { collectionId: guides.id }, undefined, { limit: 1 }),
    );
    expect(spaces).toMatchObject({ count: 2, items: [{ title: 'First in guides' }] });

    await pg.sql(`INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
      VALUES ('o2', 'admin', 'admin', 0, 0, 't')`);
    const transferred = await collectionHandlers.transferCollection(
      context('admin', { collectionId: guides.id }, { organization: 'o2' }),
    );
    expect(transferred).toMatchObject({ organization: 'o2' });
    const rows = await collections();
    expect(new Set(rows.map((row) => row.organization_id))).toEqual(new Set(['o2']));
    const stored = await pg.store.first(
      pg.store.q.selectFrom('spaces').select('organization_id').where('id', '=', inNested),
    );
    expect(stored?.organization_id).toBe('o2');
    const events = await pg.store.all(
      pg.store.q
        .selectFrom('events')
        .select(['organization_id', 'data'])
        .where('action', '=', 'collection.transferred'),
    );
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ collections: 3, spaces: 3 });
  });

  it('deletes a collection with its sub-collections, putting their spaces in the trash at the top level', async () => {
    const guides = await create('Guides');
    const nested = await create('Nested', guides.id);
    const top = await space('Top', null);
    const deep = await space('Deep', nested.id);
    await collectionHandlers.deleteCollectionById(context('admin', { collectionId: guides.id }));
    expect(await collections()).toEqual([]);
    const spaces = await pg.store.all(
      pg.store.q
        .selectFrom('spaces')
        .select(['id', 'parent_id', 'deleted_at', 'sort_key'])
        .orderBy('sort_key'),
    );
    expect(spaces.map((row) => [row.id, row.parent_id, row.deleted_at !== null])).toEqual([
      [top, null, false],
      [deep, null, true],
    ]);
    await expect(
      collectionHandlers.getCollectionById(context('admin', { collectionId: nested.id })),
    ).rejects.toSatisfy((error) => statusOf(error) === 404);
  });

  it('makes no cycle of two collections moved into each other at once: the second move is refused', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await create(`A${round}`);
      const b = await create(`B${round}`);
      const outcomes = await Promise.allSettled([move(a.id, b.id), move(b.id, a.id)]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(statusOf(outcome.reason)).toBe(400);
      const parents = new Map((await collections()).map((row) => [row.id, row.parent_id]));
      expect([parents.get(a.id), parents.get(b.id)]).toContain(null);
    }
  });

  it('gives 8 collections created together 8 distinct keys', async () => {
    const titles = Array.from({ length: 8 }, (_, index) => `Collection ${index}`);
    await Promise.all(titles.map((title) => create(title)));
    const rows = await collections();
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(8);
  });
});
