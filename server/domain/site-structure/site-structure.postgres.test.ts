/**
 * The site structure handlers on PostgreSQL (services with only a `PostgresStore` and a clock;
 * test/postgres-handlers.ts): a site whose root site space moves into its first section, sections, groups and site
 * spaces added, listed, moved and deleted, as the caller may.
 *
 * Concurrent writes run SERIALIZABLE with the sort keys and paths they write from read in their transaction: 8
 * sections moved after one section at once each take a key of their own (read before the transaction, they all
 * read the same neighbours and write the same key), and 8 sections added at once from one space take 8 paths, 8
 * keys and one default.
 */
import { describe, expect, it } from 'vitest';
import { SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { siteSectionGroupHandlers } from './groups.ts';
import { siteStructureHandlers } from './handlers.ts';
import { siteSectionHandlers } from './sections.ts';
import { siteSpaceHandlers } from './site-spaces.ts';

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events',
  seed: `${SEED}
    INSERT INTO spaces (id, organization_id, title, emoji, visibility, edit_mode, sort_key, revision_id, created_at, updated_at)
    VALUES ('s1', 'o1', 'Guide', '', 'private', 'live', 'a', 'r1', 't', 't'),
           ('s2', 'o1', 'Reference', '', 'private', 'live', 'b', 'r2', 't', 't'),
           ('x1', 'o2', 'Theirs', '', 'private', 'live', 'a', 'r3', 't', 't');
    INSERT INTO sites (id, organization_id, type, title, visibility, basename, published, adaptive_enabled,
                       default_site_space_id, created_at, updated_at)
    VALUES ('site', 'o1', 'basic', 'Docs', 'public', 'docs', 0, 0, NULL, 't', 't');
    INSERT INTO site_spaces (id, site_id, section_id, space_id, path, sort_key, created_at)
    VALUES ('root', 'site', NULL, 's1', 'guide', 'a0', 't');
    UPDATE sites SET default_site_space_id = 'root' WHERE id = 'site';`,
});
const site = { organizationId: 'o1', siteId: 'site' };

const addSection = (userId: string, body: object) =>
  siteSectionHandlers.addSectionToSite(pg.context(userId, site, body));
const moveSection = (siteSectionId: string, body: object) =>
  siteSectionHandlers.moveSiteSection(pg.context('admin', { ...site, siteSectionId }, body));

async function topKeys() {
  return pg.store.all(
    pg.store.q
      .selectFrom('site_sections')
      .select(['id', 'sort_key', 'path'])
      .where('site_id', '=', 'site')
      .where('group_id', 'is', null)
      .orderBy('sort_key')
      .orderBy('id'),
  );
}

describe('the site structure handlers on PostgreSQL', () => {
  it('adds a first section holding the root site space, then a section, a group and a site space', async () => {
    const first = await addSection('admin', { spaceId: 's1', title: 'Guides' });
    expect(first).toMatchObject({ title: 'Guides', path: 'guides', default: true });
    expect(first.siteSpaces?.map((siteSpace) => [siteSpace.id, siteSpace.default])).toEqual([['root', true]]);
    const second = await addSection('admin', { spaceId: 's2' });
    expect(second).toMatchObject({ title: 'Reference', path: 'reference', default: false });
    const group = await siteSectionGroupHandlers.addSectionGroupToSite(
      pg.context('admin', site, { title: 'More', sections: [second.id] }),
    );
    expect(group.sections?.map((section) => section.id)).toEqual([second.id]);
    const added = await siteSpaceHandlers.addSpaceToSite(
      pg.context('admin', site, { spaceId: 's2', sectionId: first.id }),
    );
    expect(added).toMatchObject({ path: 'reference', section: first.id, default: false });

    const structure = await siteStructureHandlers.getSiteStructure(pg.context('reader', site));
    expect(structure.type).toBe('sections');
    expect(structure.structure.map((item) => item.id)).toEqual([first.id, group.id]);
    const sections = await siteSectionHandlers.listSiteSections(pg.context('reader', site, undefined, {}));
    expect(sections.items.map((section) => [section.id, section.siteSpaces?.length])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
    const spaces = await siteSpaceHandlers.listSiteSpaces(pg.context('admin', site, undefined, {}));
    expect(spaces.items.map((siteSpace) => siteSpace.id)).toEqual([
      'root',
      added.id,
      second.siteSpaces![0]!.id,
    ]);
    expect(spaces.items[0]?.space?.permissions).toMatchObject({ admin: true });

    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select('action').where('organization_id', '=', 'o1'),
    );
    // One clock time: the events' ids do not order them.
    expect(events.map((event) => event.action).sort()).toEqual([
      'site.section.created',
      'site.section.created',
      'site.section_group.created',
      'site.site_space.added',
    ]);
  });

  it('moves, ungroups and deletes, promoting the next default', async () => {
    const first = await addSection('admin', { spaceId: 's1', title: 'Guides' });
    const second = await addSection('admin', { spaceId: 's2', title: 'Reference' });
    const moved = await moveSection(second.id, {
      position: { before: { type: 'site-section', siteSection: first.id } },
    });
    expect(moved.id).toBe(second.id);
    expect((await topKeys()).map((row) => row.id)).toEqual([second.id, first.id]);
    const sorted = await siteStructureHandlers.sortSiteStructure(
      pg.context('admin', site, { item: { type: 'site-section', id: second.id } }),
    );
    expect(sorted).toMatchObject({ object: 'site-section', id: second.id });
    expect((await topKeys()).map((row) => row.id)).toEqual([first.id, second.id]);

    await siteSectionHandlers.deleteSiteSectionById(
      pg.context('admin', { ...site, siteSectionId: first.id }),
    );
    const structure = await siteStructureHandlers.getSiteStructure(pg.context('admin', site));
    expect(structure.structure).toMatchObject([{ id: second.id, default: true }]);
    const siteSpaceId = second.siteSpaces![0]!.id;
    await expect(
      siteSpaceHandlers.deleteSiteSpaceById(pg.context('admin', { ...site, siteSpaceId })),
    ).rejects.toSatisfy((error) => statusOf(error) === 409);
  });

  it('answers 400 for a foreign space, 403 to a reader, 404 to a stranger and for an unknown section', async () => {
    await expect(addSection('admin', { spaceId: 'x1' })).rejects.toSatisfy(
      (error) => statusOf(error) === 400,
    );
    await expect(addSection('reader', { spaceId: 's1' })).rejects.toSatisfy(
      (error) => statusOf(error) === 403,
    );
    await expect(addSection('stranger', { spaceId: 's1' })).rejects.toSatisfy(
      (error) => statusOf(error) === 404,
    );
    await expect(moveSection('nope', {})).rejects.toSatisfy((error) => statusOf(error) === 404);
    const rows = await pg.store.all(pg.store.q.selectFrom('site_sections').select('id'));
    expect(rows).toEqual([]);
  });

  it('gives 8 sections moved after one section at once 8 keys of their own', async () => {
    const anchor = await addSection('admin', { spaceId: 's1', title: 'Anchor' });
    const moved: string[] = [];
    for (let index = 0; index < 8; index++)
      moved.push((await addSection('admin', { spaceId: 's2', title: `Moved ${index}` })).id);
    await Promise.all(
      moved.map((id) =>
        moveSection(id, { position: { after: { type: 'site-section', siteSection: anchor.id } } }),
      ),
    );
    const rows = await topKeys();
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(9);
    expect(rows[0]?.id).toBe(anchor.id);
    expect(
      rows
        .slice(1)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...moved].sort());
  });

  it('adds 8 sections of one space at once: 8 paths, 8 keys, one default, every site space counted', async () => {
    const added = await Promise.all(Array.from({ length: 8 }, () => addSection('admin', { spaceId: 's2' })));
    const rows = await topKeys();
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((row) => row.sort_key)).size).toBe(8);
    expect(new Set(rows.map((row) => row.path)).size).toBe(8);
    expect(added.filter((section) => section.default)).toHaveLength(1);
    const siteRow = await pg.store.first(
      pg.store.q
        .selectFrom('sites')
        .select(['default_section_id', 'default_site_space_id'])
        .where('id', '=', 'site'),
    );
    expect(siteRow).toEqual({ default_section_id: rows[0]!.id, default_site_space_id: null });
    // The root site space went into the first section; each other section holds one site space of s2.
    const siteSpaces = await pg.store.all(
      pg.store.q.selectFrom('site_spaces').select(['section_id', 'space_id']).where('site_id', '=', 'site'),
    );
    expect(siteSpaces).toHaveLength(9);
    expect(siteSpaces.filter((row) => row.section_id === null)).toEqual([]);
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select('id').where('action', '=', 'site.section.created'),
    );
    expect(events).toHaveLength(8);
  });
});
