/**
 * Reaching the items of a site's structure by id, and the default pointers they keep, through a store or a
 * transaction: a write reads the item it changes in its transaction.
 */
import { notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { SiteSectionGroupsTable, SiteSectionsTable, SiteSpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadStructureIn } from './structure.ts';

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
    .where('section_id', 'is not distinct from', sectionId)
    .orderBy('sort_key')
    .limit(1),
);

/** The section of the site, or undefined (another site's section counts as unknown). */
export function findSection(
  on: Statements,
  siteId: string,
  id: string,
): Promise<SiteSectionsTable | undefined> {
  return on.first(sectionById(siteId, id));
}
export function findGroup(
  on: Statements,
  siteId: string,
  id: string,
): Promise<SiteSectionGroupsTable | undefined> {
  return on.first(groupById(siteId, id));
}
export function findSiteSpace(
  on: Statements,
  siteId: string,
  id: string,
): Promise<SiteSpacesTable | undefined> {
  return on.first(siteSpaceById(siteId, id));
}

export const sectionNotFound = (id: string) => notFound(`no section with id \`${id}\` in this site`);
export const groupNotFound = (id: string) => notFound(`no section group with id \`${id}\` in this site`);
export const siteSpaceNotFound = (id: string) => notFound(`no site space with id \`${id}\` in this site`);

export async function sectionOf(on: Statements, siteId: string, id: string): Promise<SiteSectionsTable> {
  const row = await findSection(on, siteId, id);
  if (!row) throw sectionNotFound(id);
  return row;
}
export async function groupOf(on: Statements, siteId: string, id: string): Promise<SiteSectionGroupsTable> {
  const row = await findGroup(on, siteId, id);
  if (!row) throw groupNotFound(id);
  return row;
}
export async function siteSpaceOf(on: Statements, siteId: string, id: string): Promise<SiteSpacesTable> {
  const row = await findSiteSpace(on, siteId, id);
  if (!row) throw siteSpaceNotFound(id);
  return row;
}

/**
 * Points the default of a section (or of the root) at its first site space, when its current default is gone;
 * call it after removing or moving site spaces out.
 */
export async function promoteDefaultSiteSpace(
  tx: Statements,
  siteId: string,
  sectionId: string | null,
): Promise<void> {
  const first = (await tx.first(firstSiteSpace(siteId, sectionId)))?.id ?? null;
  if (sectionId === null)
    await tx.run(
      tx.q
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
    await tx.run(
      tx.q
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
export async function promoteDefaultSection(tx: Statements, siteId: string): Promise<void> {
  const first = (await loadStructureIn(tx, siteId)).sections[0]?.id ?? null;
  await tx.run(tx.q.updateTable('sites').set({ default_section_id: first }).where('id', '=', siteId));
}
