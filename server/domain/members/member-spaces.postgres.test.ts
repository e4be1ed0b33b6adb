/**
 * A member's spaces on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts):
 * the spaces the member may view by their role, their own grants and their teams' (`ContentLevels.loadIn`), in title
 * order without case either way, paged, each with the member's level and the caller's permissions; the trash and
 * other organizations' spaces never; 403 for someone else's spaces asked by a member who is not an admin, 404 for an
 * unknown member and for a stranger.
 */
import { describe, expect, it } from 'vitest';
import { pages, SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { memberHandlers } from './handlers.ts';

const SPACE_COLUMNS =
  'id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, sort_key, revision_id, created_at, updated_at, deleted_at';

// Alpha inherits the organization role; beta gives nothing by default but reader is given edit on it; Gamma is in
// collection Hidden (nothing by default) given to team Writers (other) as comment; Delta is in the trash.
const pg = usePostgresHandlers({
  truncate: 'users, organizations, events',
  seed: `${SEED}
    INSERT INTO collections (id, organization_id, parent_id, title, default_level, sort_key, created_at, updated_at)
      VALUES ('c1', 'o1', NULL, 'Hidden', NULL, 'a', 't', 't');
    INSERT INTO spaces (${SPACE_COLUMNS}) VALUES
      ('s1', 'o1', NULL, 'Alpha', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't', NULL),
      ('s2', 'o1', NULL, 'beta', '', 'private', 'live', NULL, 'b', 'r', 't', 't', NULL),
      ('s3', 'o1', 'c1', 'Gamma', '', 'private', 'live', 'inherit', 'c', 'r', 't', 't', NULL),
      ('s4', 'o1', NULL, 'Delta', '', 'private', 'live', 'inherit', 'd', 'r', 't', 't', 't'),
      ('s9', 'o2', NULL, 'Theirs', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't', NULL);
    INSERT INTO teams (id, organization_id, title, created_at) VALUES ('t1', 'o1', 'Writers', 't');
    INSERT INTO team_members (organization_id, team_id, user_id, role, added_at)
      VALUES ('o1', 't1', 'other', 'member', 't');
    INSERT INTO content_permissions (organization_id, target_type, target_id, grantee_type, grantee_id, role, created_at)
      VALUES ('o1', 'space', 's2', 'user', 'reader', 'edit', 't'),
             ('o1', 'collection', 'c1', 'team', 't1', 'comment', 't');`,
});

const list = (callerId: string, userId: string, query: object = {}) =>
  memberHandlers.listSpacesForOrganizationMember(
    pg.context(callerId, { organizationId: 'o1', userId }, undefined, query),
  );

describe("a member's spaces on PostgreSQL", () => {
  it('lists what each member may view, with their level, in title order either way, paged', async () => {
    const reader = await pages((page) => list('admin', 'reader', { limit: 1, ...(page ? { page } : {}) }));
    expect(reader.items.map((item) => [item.space.title, item.permission])).toEqual([
      ['Alpha', 'read'],
      ['beta', 'edit'],
    ]);
    expect(reader.counts).toEqual([2, 2]);
    // `space.permissions` are the caller's: the admin may do everything.
    expect(reader.items[0]!.space).toMatchObject({ id: 's1', permissions: { edit: true, admin: true } });

    const other = await list('admin', 'other', { order: 'desc' });
    expect(other.items.map((item) => [item.space.title, item.permission])).toEqual([
      ['Gamma', 'comment'],
      ['Alpha', 'read'],
    ]);
    expect(other.count).toBe(2);

    const admin = await list('admin', 'admin');
    expect(admin.items.map((item) => [item.space.id, item.permission])).toEqual([
      ['s1', 'admin'],
      ['s2', 'admin'],
      ['s3', 'admin'],
    ]);

    // A member asks for their own: the same spaces, with their own permissions.
    const own = await list('reader', 'reader');
    expect(own.items.map((item) => [item.space.id, item.space.permissions.edit])).toEqual([
      ['s1', false],
      ['s2', true],
    ]);
  });

  it("answers 403 for someone else's spaces to a member who is not an admin, 404 for an unknown member and a stranger", async () => {
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(list('reader', 'other'), 403);
    await refused(list('admin', 'stranger'), 404);
    await refused(list('stranger', 'reader'), 404);
  });
});
