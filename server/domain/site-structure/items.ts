/** Reaching the items of a site's structure by id, and the default pointers they keep. */
import { notFound } from '../../errors.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { SiteSectionGroupsTable, SiteSectionsTable, SiteSpacesTable } from '../../storage/schema.ts';
import { loadStructure } from './structure.ts';

const sectionById = prepared((siteId: string, id: string) =>
  builder.selectFrom('site_sections').selectAll().where('id', '=', id).where('site_id', '=', siteId),
);
const groupById = prepared((siteId: string, id: string) =>
  builder.selectFrom('site_section_groups').selectAll().where('id', '=', id).where('site_id', '=', siteId),
);
const siteSpaceById = prepared((siteId: string, id: string) =>
  builder.selectFrom('site_spaces').selectAll().where('id', '=', id).where('site_id', '=', siteId),
);
const firstSiteSpace = prepared((siteId: string, sectionId: string | null) =>
  builder
    .selectFrom('site_spaces')
    .select('id')
    .where('site_id', '=', siteId)
    .where('section_id', 'is', sectionId)
    .orderBy('sort_key')
    .limit(1),
);

/** The section of the site, or undefined (another site's section counts as unknown). */
export function findSection(db: Database, siteId: string, id: string): SiteSectionsTable | undefined {
  return db.first(sectionById(siteId, id));
}
export function findGroup(db: Database, siteId: string, id: string): SiteSectionGroupsTable | undefined {
  return db.first(groupById(siteId, id));
}
export function findSiteSpace(db: Database, siteId: string, id: string): SiteSpacesTable | undefined {
  return db.first(siteSpaceById(siteId, id));
}

export const sectionNotFound = (id: string) => notFound(`no section with id \`${id}\` in this site`);
export const groupNotFound = (id: string) => notFound(`no section group with id \`${id}\` in this site`);
export const siteSpaceNotFound = (id: string) => notFound(`no site space with id \`${id}\` in this site`);

export function sectionOf(db: Database, siteId: string, id: string): SiteSectionsTable {
  const row = findSection(db, siteId, id);
  if (!row) throw sectionNotFound(id);
  return row;
}
export function groupOf(db: Database, siteId: string, id: string): SiteSectionGroupsTable {
  const row = findGroup(db, siteId, id);
  if (!row) throw groupNotFound(id);
  return row;
}
export function siteSpaceOf(db: Database, siteId: string, id: string): SiteSpacesTable {
  const row = findSiteSpace(db, siteId, id);
  if (!row) throw siteSpaceNotFound(id);
  return row;
}

/**
 * Points the default of a section (or of the root) at its first site space, when its current default is gone;
 * call it after removing or moving site spaces out.
 */
export function promoteDefaultSiteSpace(db: Database, siteId: string, sectionId: string | null): void {
  const first = db.first(firstSiteSpace(siteId, sectionId))?.id ?? null;
  if (sectionId === null)
    db.run(
      db.q
        .updateTable('sites')
        .set({ default_site_space_id: first })
        .where('id', '=', siteId)
        .where((eb) =>
          eb.or([
            eb('default_site_space_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('site_spaces')
                  .select('id')
                  .whereRef('site_spaces.id', '=', 'sites.default_site_space_id'),
              ),
            ),
          ]),
        ),
    );
  else
    db.run(
      db.q
        .updateTable('site_sections')
        .set({ default_site_space_id: first })
        .where('id', '=', sectionId)
        .where((eb) =>
          eb.or([
            eb('default_site_space_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('site_spaces')
                  .select('id')
                  .whereRef('site_spaces.id', '=', 'site_sections.default_site_space_id')
                  .whereRef('site_spaces.section_id', '=', 'site_sections.id'),
              ),
            ),
          ]),
        ),
    );
}

/** Points the site's default section at its first section in structure order (null without sections). */
export function promoteDefaultSection(db: Database, siteId: string): void {
  const first = loadStructure(db, siteId).sections[0]?.id ?? null;
  db.run(db.q.updateTable('sites').set({ default_section_id: first }).where('id', '=', siteId));
}
