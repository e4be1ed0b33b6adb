/**
 * "Inspect access" on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts): what
 * a member and a team reach, with their reasons (a team's grant on a collection, a person's grant on a site that
 * publishes a space, the organization role), paged by `limit` and filtered by type; one item explained, "why not"
 * included; 403 for a member who is not an admin, 404 for unknown and other organizations' ids and for a stranger.
 */
import { describe, expect, it } from 'vitest';
import type { AccessEntry, AccessList } from '../../../shared/contract/resources/access.ts';
import { SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { inspectHandlers } from './handlers.ts';

const SPACE_COLUMNS =
  'id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, sort_key, revision_id, created_at, updated_at';

// Reader is in team Writers, given edit on collection Docs (holding Guide); reader is given review on site Web
// (publishing Published); Secret gives no access by default; Open inherits the organization role. o2 has its own.
const pg = usePostgresHandlers({
  truncate: 'users, organizations, events',
  seed: `${SEED}
    INSERT INTO collections (id, organization_id, parent_id, title, default_level, sort_key, created_at, updated_at)
      VALUES ('c1', 'o1', NULL, 'Docs', 'inherit', 'a', 't', 't'), ('c9', 'o2', NULL, 'Theirs', 'inherit', 'a', 't', 't');
    INSERT INTO spaces (${SPACE_COLUMNS}) VALUES
      ('s1', 'o1', 'c1', 'Guide', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't'),
      ('s2', 'o1', NULL, 'Secret', '', 'private', 'live', NULL, 'b', 'r', 't', 't'),
      ('s3', 'o1', NULL, 'Open', '', 'private', 'live', 'inherit', 'c', 'r', 't', 't'),
      ('s4', 'o1', NULL, 'Published', '', 'private', 'live', 'inherit', 'd', 'r', 't', 't'),
      ('s9', 'o2', NULL, 'Theirs', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't');
    INSERT INTO sites (id, organization_id, type, title, visibility, basename, published, adaptive_enabled,
      created_at, updated_at) VALUES
      ('w1', 'o1', 'basic', 'Web', 'public', 'web', 1, 0, 't', 't'),
      ('w9', 'o2', 'basic', 'Theirs', 'public', 'theirs', 1, 0, 't', 't');
    INSERT INTO site_spaces (id, site_id, section_id, space_id, path, sort_key, created_at)
      VALUES ('ss1', 'w1', NULL, 's4', 'published', 'a', 't');
    INSERT INTO teams (id, organization_id, title, created_at)
      VALUES ('t1', 'o1', 'Writers', 't'), ('t9', 'o2', 'Theirs', 't');
    INSERT INTO team_members (organization_id, team_id, user_id, role, added_at)
      VALUES ('o1', 't1', 'reader', 'member', 't');
    INSERT INTO content_permissions (organization_id, target_type, target_id, grantee_type, grantee_id, role, created_at)
      VALUES ('o1', 'collection', 'c1', 'team', 't1', 'edit', 't'), ('o1', 'site', 'w1', 'user', 'reader', 'review', 't');`,
});

const org = { organizationId: 'o1' };
const member = { ...org, userId: 'reader' };
const team = { ...org, teamId: 't1' };

/** Every page of a member's or a team's access, as the admin asks it. */
async function listAll(subject: 'member' | 'team', query: Record<string, unknown> = {}) {
  const pages: AccessList[] = [];
  let page: string | undefined;
  do {
    const context = pg.context('admin', subject === 'member' ? member : team, undefined, {
      ...query,
      ...(page !== undefined ? { page } : {}),
    });
    const answer =
      subject === 'member'
        ? await inspectHandlers.listMemberAccessInOrganization(context)
        : await inspectHandlers.listTeamAccessInOrganization(context);
    pages.push(answer);
    page = answer.next?.page;
  } while (page !== undefined);
  return { items: pages.flatMap((p) => p.items), pages };
}

const byTitle = (items: readonly AccessEntry[]) =>
  Object.fromEntries(items.map((entry) => [entry.item.title, entry]));

describe('inspect access on PostgreSQL', () => {
  it('lists what a member reaches with the reasons, paged and filtered', async () => {
    const { items, pages } = await listAll('member');
    expect(pages.map((p) => [p.examined, p.total])).toEqual([[6, 6]]);
    const found = byTitle(items);
    expect(Object.keys(found).sort()).toEqual(['Docs', 'Guide', 'Open', 'Published', 'Web']);
    expect(found.Docs).toMatchObject({
      level: 'edit',
      path: [
        {
          kind: 'grant',
          on: { type: 'collection', id: 'c1' },
          role: 'edit',
          source: { via: 'team', teamId: 't1', teamTitle: 'Writers' },
        },
      ],
    });
    expect(found.Guide).toMatchObject({ level: 'edit', path: [{ kind: 'inherits' }, { kind: 'grant' }] });
    expect(found.Open).toMatchObject({ level: 'read', path: [{ kind: 'organization-role', role: 'read' }] });
    expect(found.Published).toMatchObject({
      level: 'review',
      path: [
        { kind: 'site-grant', site: { id: 'w1', title: 'Web' }, role: 'review', source: { via: 'user' } },
      ],
    });
    expect(found.Web).toMatchObject({ level: 'review', path: [{ kind: 'grant', source: { via: 'user' } }] });
    // Collections, then spaces, then sites, in id order; o2's items are not examined.
    expect(items.map((entry) => entry.item.id)).toEqual(['c1', 's1', 's3', 's4', 'w1']);

    const paged = await listAll('member', { limit: 2 });
    expect(paged.pages.map((p) => p.examined)).toEqual([2, 4, 6]);
    expect(paged.items).toEqual(items);
    const spaces = await listAll('member', { type: 'space', reach: 'all' });
    expect(spaces.pages[0]).toMatchObject({ total: 4 });
    expect(byTitle(spaces.items).Secret).toMatchObject({
      level: null,
      path: [{ kind: 'default-no-access' }],
    });
    expect(spaces.items).toHaveLength(4);
  });

  it("lists what a team's grants reach, and explains one item, why not included", async () => {
    const { items } = await listAll('team');
    expect(items.map((entry) => [entry.item.title, entry.level])).toEqual([
      ['Docs', 'edit'],
      ['Guide', 'edit'],
    ]);
    expect(
      await inspectHandlers.getMemberAccessInOrganization(
        pg.context('admin', { ...member, itemType: 'space', itemId: 's2' }),
      ),
    ).toEqual({
      object: 'access-entry',
      item: { type: 'space', id: 's2', title: 'Secret' },
      level: null,
      path: [{ kind: 'default-no-access', on: { type: 'space', id: 's2', title: 'Secret' } }],
    });
    expect(
      await inspectHandlers.getTeamAccessInOrganization(
        pg.context('admin', { ...team, itemType: 'space', itemId: 's1' }),
      ),
    ).toMatchObject({ level: 'edit', path: [{ kind: 'inherits' }, { kind: 'grant' }] });
    expect(
      await inspectHandlers.getTeamAccessInOrganization(
        pg.context('admin', { ...team, itemType: 'site', itemId: 'w1' }),
      ),
    ).toMatchObject({ level: null, path: [{ kind: 'organization-role', role: null }] });
    // An admin subject reads no collection: admin everywhere.
    expect(
      await inspectHandlers.getMemberAccessInOrganization(
        pg.context('admin', { ...org, userId: 'admin', itemType: 'collection', itemId: 'c1' }),
      ),
    ).toMatchObject({ level: 'admin' });
  });

  it('answers 403 to a member who is not an admin, 404 for unknown or foreign ids and for a stranger', async () => {
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(inspectHandlers.listMemberAccessInOrganization(pg.context('reader', member)), 403);
    await refused(inspectHandlers.listTeamAccessInOrganization(pg.context('stranger', team)), 404);
    await refused(
      inspectHandlers.listMemberAccessInOrganization(pg.context('admin', { ...org, userId: 'stranger' })),
      404,
    );
    await refused(
      inspectHandlers.listTeamAccessInOrganization(pg.context('admin', { ...org, teamId: 't9' })),
      404,
    );
    for (const [itemType, itemId] of [
      ['space', 's9'],
      ['collection', 'c9'],
      ['site', 'w9'],
      ['space', 'nope'],
    ])
      await refused(
        inspectHandlers.getMemberAccessInOrganization(pg.context('admin', { ...member, itemType, itemId })),
        404,
      );
  });
});
