/**
 * Content permissions on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts):
 * people and teams given roles on a space, a collection and a site, listed, changed, aggregated and removed, with
 * their events. A change reads the grant it replaces in its transaction: role changes sent together each record
 * the role the one before them left (a serial history), never the same former role twice.
 */
import { describe, expect, it } from 'vitest';
import { pages, SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { permissionHandlers } from './handlers.ts';
import { sitePermissionHandlers } from './site-handlers.ts';

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, jobs',
  seed: `${SEED}
    INSERT INTO collections (id, organization_id, parent_id, title, default_level, sort_key, created_at, updated_at)
      VALUES ('c1', 'o1', NULL, 'C1', NULL, 'a0', 't', 't');
    INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, language,
      sort_key, revision_id, created_by, created_at, updated_at, deleted_at) VALUES
      ('s1', 'o1', 'c1', 'S1', '', 'private', 'live', 'inherit', NULL, 'a', 'r0', 'admin', 't', 't', NULL);
    INSERT INTO revisions (id, space_id, type, parents, tree, created_by, created_at) VALUES
      ('r0', 's1', 'edits', '[]', '{"pages":[],"files":[]}', 'admin', 't');
    INSERT INTO teams (id, organization_id, title, created_at) VALUES ('t1', 'o1', 'Writers', 't');
    INSERT INTO team_members (organization_id, team_id, user_id, role, added_at)
      VALUES ('o1', 't1', 'other', 'member', 't');`,
});
const space = { spaceId: 's1' };
const collection = { collectionId: 'c1' };

const events = async (action: string) =>
  (
    await pg.store.all(
      pg.store.q.selectFrom('events').select('data').where('action', '=', action).orderBy('id'),
    )
  ).map((row) => JSON.parse(row.data) as Record<string, unknown>);

describe('content permissions on PostgreSQL', () => {
  it('gives, lists, aggregates, changes and removes roles on a space and a collection, with their events', async () => {
    await permissionHandlers.inviteToCollection(
      pg.context('admin', collection, { role: 'edit', users: ['reader'], teams: ['t1'] }),
    );
    await permissionHandlers.inviteToSpace(pg.context('admin', space, { role: 'comment', users: ['other'] }));
    const users = await pages((page) =>
      permissionHandlers.listUserPermissionsInCollection(
        pg.context('admin', collection, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(users.items.map((item) => [item.user.id, item.permission])).toEqual([['reader', 'edit']]);
    const teams = await permissionHandlers.listTeamPermissionsInCollection(pg.context('admin', collection));
    expect(teams.items.map((item) => [item.team.id, item.permission])).toEqual([['t1', 'edit']]);
    // Everyone who reaches the space: the admin (organization role), the reader through the collection (edit),
    // the other person's own grant on the space (comment) over their team's edit on the collection.
    const aggregate = await pages((page) =>
      permissionHandlers.listPermissionsAggregateInSpace(
        pg.context('admin', space, undefined, { limit: 2, ...(page ? { page } : {}) }),
      ),
    );
    expect(aggregate.items.map((item) => [item.user.id, item.permission])).toEqual([
      ['admin', 'admin'],
      ['other', 'comment'],
      ['reader', 'edit'],
    ]);
    await permissionHandlers.updateUserPermissionInSpace(
      pg.context('admin', { ...space, userId: 'other' }, { role: 'admin' }),
    );
    expect(
      await permissionHandlers.removeTeamFromCollection(pg.context('admin', { ...collection, teamId: 't1' })),
    ).toBeUndefined();
    expect(
      typeof (await permissionHandlers.removeTeamFromCollection(
        pg.context('admin', { ...collection, teamId: 't1' }),
      )),
    ).toBe('symbol');
    expect(await events('collection.permissions_granted')).toEqual([
      { role: 'edit', users: ['reader'], teams: ['t1'] },
    ]);
    expect(await events('space.user_permission_changed')).toEqual([
      { user: 'other', before: 'comment', role: 'admin' },
    ]);
    expect(await events('collection.team_permission_removed')).toEqual([{ team: 't1', before: 'edit' }]);
  });

  it('gives and aggregates roles on a site', async () => {
    await pg.sql(`INSERT INTO sites
        (id, organization_id, type, title, visibility, basename, published, adaptive_enabled, created_at, updated_at)
      VALUES ('site1', 'o1', 'basic', 'Docs', 'public', 'docs', 0, 0, 't', 't')`);
    const params = { organizationId: 'o1', siteId: 'site1' };
    await sitePermissionHandlers.inviteToSite(pg.context('admin', params, { role: 'edit', teams: ['t1'] }));
    const aggregate = await sitePermissionHandlers.listPermissionsAggregateInSite(
      pg.context('admin', params, undefined, { sort: 'name', order: 'asc', team: 't1' }),
    );
    expect(aggregate.items.map((item) => [item.user.id, item.permission, item.origin])).toEqual([
      ['other', 'edit', { type: 'site', site: 'site1', reason: 'team', team: 't1' }],
    ]);
  });

  it('refuses a reader (403), a stranger (404), a person twice (409) and a role on someone without one (404)', async () => {
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(
      permissionHandlers.inviteToCollection(
        pg.context('reader', collection, { role: 'read', users: ['other'] }),
      ),
      404,
    );
    await refused(
      permissionHandlers.inviteToSpace(pg.context('stranger', space, { role: 'read', users: ['other'] })),
      404,
    );
    await permissionHandlers.inviteToSpace(pg.context('admin', space, { role: 'read', users: ['reader'] }));
    await refused(
      permissionHandlers.inviteToSpace(pg.context('reader', space, { role: 'read', users: ['other'] })),
      403,
    );
    await refused(
      permissionHandlers.inviteToSpace(pg.context('admin', space, { role: 'edit', users: ['reader'] })),
      409,
    );
    await refused(
      permissionHandlers.updateUserPermissionInSpace(
        pg.context('admin', { ...space, userId: 'other' }, { role: 'edit' }),
      ),
      404,
    );
  });

  it('records a serial history when role changes are sent together', async () => {
    await permissionHandlers.inviteToSpace(pg.context('admin', space, { role: 'read', users: ['other'] }));
    const roles = ['comment', 'edit', 'review', 'create', 'admin'];
    await Promise.all(
      roles.map((role) =>
        permissionHandlers.updateUserPermissionInSpace(
          pg.context('admin', { ...space, userId: 'other' }, { role }),
        ),
      ),
    );
    const changes = await events('space.user_permission_changed');
    expect(changes).toHaveLength(roles.length);
    // Each change replaced the role the previous one left: the former roles are all different, and they are the
    // first role and every new role but the last one written.
    const befores = changes.map((change) => change.before as string);
    expect(new Set(befores).size).toBe(roles.length);
    const stored = await pg.store.first(
      pg.store.q.selectFrom('content_permissions').select('role').where('grantee_id', '=', 'other'),
    );
    const last = stored!.role;
    expect(changes.map((change) => change.role).sort()).toEqual([...roles].sort());
    expect([...befores].sort()).toEqual(['read', ...roles.filter((role) => role !== last)].sort());
  });
});
