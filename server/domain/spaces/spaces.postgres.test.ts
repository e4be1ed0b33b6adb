/**
 * The space handlers on PostgreSQL: called with services that hold only a `PostgresStore` and a clock (no
 * synchronous `Database`: a statement left on it would fail here), on a migrated database of the test cluster
 * (`usePostgresHandlers`). Not over HTTP (storage/README.md, "Where it stands"). A new space is not indexed for
 * search here (`indexNewSpace`: the index is still on the synchronous `Database`).
 *
 * Concurrent writes run SERIALIZABLE with the sibling keys they compute read in their transaction: spaces created
 * or duplicated together each take their own key (one read before the transaction would give several the same).
 */
import { describe, expect, it } from 'vitest';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { spaceHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events, space_groups' });
const { context } = pg;

const create = (userId: string, body: { title?: string; parent?: string } = {}) =>
  spaceHandlers.createSpace(context(userId, { organizationId: 'o1' }, body));
const list = (userId: string, query: object = {}) =>
  pages((page) =>
    spaceHandlers.listSpacesInOrganizationById(
      context(userId, { organizationId: 'o1' }, undefined, { limit: 2, ...query, ...(page ? { page } : {}) }),
    ),
  );
const titlesOf = (items: { title: string }[]) => items.map((space) => space.title);

/** The spaces of o1 at the top level, in sibling order. */
const topLevel = () =>
  pg.store.all(
    pg.store.q
      .selectFrom('spaces')
      .select(['id', 'title', 'sort_key'])
      .where('organization_id', '=', 'o1')
      .where('parent_id', 'is', null)
      .orderBy('sort_key')
      .orderBy('id'),
  );

const eventsOf = (subjectId: string) =>
  pg.store.all(
    pg.store.q
      .selectFrom('events')
      .select(['organization_id', 'action'])
      .where('subject_id', '=', subjectId)
      // A transfer's two events share their time: then by organization.
      .orderBy('created_at')
      .orderBy('organization_id'),
  );

describe('the space handlers on PostgreSQL', () => {
  it('creates, updates, duplicates, moves and transfers spaces, each with its event', async () => {
    const first = await create('admin', { title: ' First ' });
    expect(first).toMatchObject({ title: 'First', visibility: 'private', permissions: { admin: true } });
    const revision = await pg.store.first(
      pg.store.q.selectFrom('revisions').select('tree').where('space_id', '=', first.id),
    );
    expect(JSON.parse(revision!.tree as string).pages.map((page: { title: string }) => page.title)).toEqual([
      'Introduction',
    ]);
    pg.clock.advance(1_000);
    const second = await create('admin', { title: 'Second' });
    pg.clock.advance(1_000);
    const updated = await spaceHandlers.updateSpaceById(
      context('admin', { spaceId: first.id }, { title: 'Renamed', emoji: '📘', defaultLevel: 'comment' }),
    );
    expect(updated).toMatchObject({ title: 'Renamed', emoji: '📘', defaultLevel: 'comment' });
    pg.clock.advance(1_000);
    const copy = await spaceHandlers.duplicateSpace(context('admin', { spaceId: first.id }));
    expect(copy.title).toBe('Renamed (copy)');
    expect((await topLevel()).map((space) => space.id)).toEqual([first.id, copy.id, second.id]);
    pg.clock.advance(1_000);
    await spaceHandlers.moveSpace(
      context('admin', { spaceId: second.id }, { position: { before: { type: 'space', space: first.id } } }),
    );
    expect((await topLevel()).map((space) => space.id)).toEqual([second.id, first.id, copy.id]);
    await expect(
      spaceHandlers.moveSpace(
        context(
          'admin',
          { spaceId: second.id },
          { position: { after: { type: 'space', space: second.id } } },
        ),
      ),
    ).rejects.toSatisfy((error) => statusOf(error) === 400);

    await pg.sql(`INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
      VALUES ('o2', 'admin', 'admin', 0, 0, 't')`);
    pg.clock.advance(1_000);
    const moved = await spaceHandlers.transferSpace(
      context('admin', { spaceId: copy.id }, { organization: 'o2' }),
    );
    expect(moved).toMatchObject({ organization: 'o2', permissions: { admin: true } });
    expect(await eventsOf(first.id)).toEqual([
      { organization_id: 'o1', action: 'space.created' },
      { organization_id: 'o1', action: 'space.updated' },
    ]);
    expect(await eventsOf(copy.id)).toEqual([
      { organization_id: 'o1', action: 'space.duplicated' },
      { organization_id: 'o1', action: 'space.transferred' },
      { organization_id: 'o2', action: 'space.transferred' },
    ]);
    // A reader may not edit, a stranger does not see the space.
    await expect(
      spaceHandlers.updateSpaceById(context('reader', { spaceId: first.id }, { title: 'Mine' })),
    ).rejects.toSatisfy((error) => statusOf(error) === 403);
    await expect(spaceHandlers.getSpaceById(context('stranger', { spaceId: first.id }))).rejects.toSatisfy(
      (error) => statusOf(error) === 404,
    );
  });

  it('lists what each caller sees across pages: by default level, collection and grant', async () => {
    // Two collections at the top level: Guides inherits, Secret is hidden from readers.
    await pg.sql(`INSERT INTO collections
        (id, organization_id, parent_id, title, default_level, sort_key, created_at, updated_at) VALUES
      ('guides', 'o1', NULL, 'Guides', 'inherit', 'a0', 't', 't'),
      ('secret', 'o1', NULL, 'Secret', NULL, 'a1', 't', 't')`);
    const guides = { id: 'guides' };
    const secret = { id: 'secret' };
    const a = await create('admin', { title: 'A' });
    const hidden = await create('admin', { title: 'Hidden' });
    await spaceHandlers.updateSpaceById(context('admin', { spaceId: hidden.id }, { defaultLevel: null }));
    await create('admin', { title: 'B' });
    await create('admin', { title: 'In guides', parent: guides.id });
    const inSecret = await create('admin', { title: 'In secret', parent: secret.id });

    const all = await list('admin');
    expect(titlesOf(all.items)).toHaveLength(5);
    expect(all.counts).toEqual([5, 5, 5]);
    expect(titlesOf(all.items).slice(0, 3)).toEqual(['A', 'Hidden', 'B']);

    const read = await list('reader');
    expect(titlesOf(read.items)).toEqual(['A', 'B', 'In guides']);
    expect(read.counts).toEqual([3, 3]);
    await expect(spaceHandlers.getSpaceById(context('reader', { spaceId: inSecret.id }))).rejects.toSatisfy(
      (error) => statusOf(error) === 404,
    );

    // Given the hidden space and the secret collection, the reader sees them too (the grants' JSON lists).
    await pg.sql(`INSERT INTO content_permissions
        (organization_id, target_type, target_id, grantee_type, grantee_id, role, created_at) VALUES
      ('o1', 'space', '${hidden.id}', 'user', 'reader', 'edit', 't'),
      ('o1', 'collection', '${secret.id}', 'user', 'reader', 'read', 't')`);
    const granted = await list('reader');
    expect(titlesOf(granted.items)).toEqual(['A', 'Hidden', 'B', 'In guides', 'In secret']);
    expect(granted.counts).toEqual([5, 5, 5]);
    const space = await spaceHandlers.getSpaceById(context('reader', { spaceId: hidden.id }));
    expect(space.permissions).toMatchObject({ view: true, edit: true, admin: false });
    expect(a.id).toBeDefined();
  });

  it('puts a space in the trash, lists it with who deleted it, restores it and purges another', async () => {
    const kept = await create('admin', { title: 'Kept' });
    const gone = await create('admin', { title: 'Gone' });
    pg.clock.advance(1_000);
    await spaceHandlers.deleteSpaceById(context('admin', { spaceId: kept.id }));
    pg.clock.advance(1_000);
    await spaceHandlers.deleteSpaceById(context('admin', { spaceId: gone.id }));
    const trash = await list('admin', { deleted: true });
    expect(trash.items.map((space) => [space.title, space.deletedBy?.id])).toEqual([
      ['Gone', 'admin'],
      ['Kept', 'admin'],
    ]);
    await expect(spaceHandlers.getSpaceById(context('admin', { spaceId: kept.id }))).resolves.toMatchObject({
      deletedBy: { id: 'admin', displayName: 'Admin' },
    });
    await expect(
      spaceHandlers.listSpacesInOrganizationById(
        context('reader', { organizationId: 'o1' }, undefined, { deleted: true }),
      ),
    ).rejects.toSatisfy((error) => statusOf(error) === 403);
    const restored = await spaceHandlers.restoreSpace(context('admin', { spaceId: kept.id }));
    expect(restored.deletedAt).toBeUndefined();
    await spaceHandlers.deleteSpacePermanently(context('admin', { spaceId: gone.id }));
    await expect(spaceHandlers.restoreSpace(context('admin', { spaceId: gone.id }))).rejects.toSatisfy(
      (error) => statusOf(error) === 404,
    );
    expect(titlesOf((await list('admin')).items)).toEqual(['Kept']);
    expect(
      await pg.store.all(pg.store.q.selectFrom('revisions').select('id').where('space_id', '=', gone.id)),
    ).toEqual([]);
  });

  it('gives 8 spaces created together 8 distinct keys after the existing ones', async () => {
    const existing = await create('admin', { title: 'Existing' });
    const titles = Array.from({ length: 8 }, (_, index) => `Space ${index}`);
    await Promise.all(titles.map((title) => create('admin', { title })));
    const rows = await topLevel();
    expect(rows[0]!.id).toBe(existing.id);
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(9);
    expect(
      rows
        .map((row) => row.title)
        .slice(1)
        .sort(),
    ).toEqual(titles);
  });

  it('gives 6 duplicates of one space made together 6 distinct keys between it and its next sibling', async () => {
    const source = await create('admin', { title: 'Source' });
    const next = await create('admin', { title: 'Next' });
    await Promise.all(
      Array.from({ length: 6 }, () => spaceHandlers.duplicateSpace(context('admin', { spaceId: source.id }))),
    );
    const rows = await topLevel();
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(8);
    expect(rows[0]!.id).toBe(source.id);
    expect(rows.at(-1)!.id).toBe(next.id);
  });
});
