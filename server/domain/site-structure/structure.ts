/** Reading a site's structure (whole, for reads and lists; one item with its children, for writes). */
import type { Static } from '@sinclair/typebox';
import type { SiteStructure } from '../../../shared/contract/resources/sites.ts';
import type {
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
} from '../../../shared/contract/resources/siteStructure.ts';
import type { OrgActor } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type {
  SiteSectionGroupsTable,
  SiteSectionsTable,
  SiteSpacesTable,
  SitesTable,
  SpacesTable,
} from '../../storage/schema.ts';
import {
  presentSection,
  presentSectionGroup,
  presentSiteSpace,
  structureContext,
  type StructureContext,
} from './present.ts';

const groupsOfSite = prepared((siteId: string) =>
  builder.selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId).orderBy('sort_key'),
);
const sectionsOfSite = prepared((siteId: string) =>
  builder
    .selectFrom('site_sections')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('group_id')
    .orderBy('sort_key'),
);
const sectionsOfGroup = prepared((siteId: string, groupId: string) =>
  builder
    .selectFrom('site_sections')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('group_id', '=', groupId)
    .orderBy('sort_key'),
);
const siteSpacesOfSite = prepared((siteId: string) =>
  builder.selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).orderBy('sort_key'),
);
const siteSpaceRowsOf = prepared((siteId: string, sectionId: string | null) =>
  builder
    .selectFrom('site_spaces')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('section_id', 'is', sectionId)
    .orderBy('sort_key'),
);

const spaceById = prepared((id: string) => builder.selectFrom('spaces').selectAll().where('id', '=', id));
const sectionById = prepared((id: string) =>
  builder.selectFrom('site_sections').selectAll().where('id', '=', id),
);

/** The spaces of some site spaces, by id. */
function spacesOf(db: Database, rows: readonly SiteSpacesTable[]): Map<string, SpacesTable> {
  const ids = [...new Set(rows.map((row) => row.space_id))];
  const spaces = new Map<string, SpacesTable>();
  // A few (the write path presents one item): cached statements beat building an `in` list.
  if (ids.length <= 20) {
    for (const id of ids) {
      const space = db.first(spaceById(id));
      if (space) spaces.set(id, space);
    }
    return spaces;
  }
  for (let i = 0; i < ids.length; i += 500) {
    for (const space of db.all(
      db.q
        .selectFrom('spaces')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + 500)),
    ))
      spaces.set(space.id, space);
  }
  return spaces;
}

/** Presents site spaces in their order; `sections` holds the section rows they may belong to. */
function presentSiteSpaceRows(
  db: Database,
  rows: readonly SiteSpacesTable[],
  sections: ReadonlyMap<string, SiteSectionsTable>,
  context: StructureContext,
): SiteSpace[] {
  const spaces = spacesOf(db, rows);
  return rows.flatMap((row) => {
    const space = spaces.get(row.space_id);
    const section = row.section_id === null ? null : (sections.get(row.section_id) ?? null);
    // The foreign key removes a site space with its space: a missing one is only a concurrent delete.
    return space === undefined ? [] : [presentSiteSpace(row, space, section, context)];
  });
}

/** Presents the site spaces of one section (`null`: the root), in order. */
export function siteSpacesOfSection(
  db: Database,
  section: SiteSectionsTable | null,
  context: StructureContext,
): SiteSpace[] {
  const rows = db.all(siteSpaceRowsOf(context.site.id, section?.id ?? null));
  const sections = new Map(section === null ? [] : [[section.id, section]]);
  return presentSiteSpaceRows(db, rows, sections, context);
}

/** One site space, presented. */
export function presentSiteSpaceRow(
  db: Database,
  row: SiteSpacesTable,
  context: StructureContext,
): SiteSpace {
  const section = row.section_id === null ? undefined : db.first(sectionById(row.section_id));
  return presentSiteSpaceRows(db, [row], new Map(section ? [[section.id, section]] : []), context)[0]!;
}

/** One section with its site spaces. */
export function presentSectionRow(
  db: Database,
  section: SiteSectionsTable,
  context: StructureContext,
): SiteSection {
  return presentSection(section, siteSpacesOfSection(db, section, context), context);
}

/** One group with its sections and their site spaces. */
export function presentGroupRow(
  db: Database,
  group: SiteSectionGroupsTable,
  context: StructureContext,
): SiteSectionGroup {
  const sections = db.all(sectionsOfGroup(context.site.id, group.id));
  const rows: SiteSpacesTable[] = [];
  for (const section of sections) rows.push(...db.all(siteSpaceRowsOf(context.site.id, section.id)));
  const presented = presentSiteSpaceRows(db, rows, new Map(sections.map((s) => [s.id, s])), context);
  return presentSectionGroup(
    group,
    sections.map((section) =>
      presentSection(
        section,
        presented.filter((siteSpace) => siteSpace.section === section.id),
        context,
      ),
    ),
  );
}

/** A top-level item of a site with sections. */
export type TopItem =
  | { type: 'section'; row: SiteSectionsTable }
  | { type: 'group'; row: SiteSectionGroupsTable; sections: SiteSectionsTable[] };

/** The whole structure of a site, in order: top-level items (groups with their sections) and site spaces. */
export interface LoadedStructure {
  top: TopItem[];
  /** Every section in structure order (a group's sections at the group's place). */
  sections: SiteSectionsTable[];
  /** Site spaces by section id (`''`: the root), each list in order. */
  siteSpaces: Map<string, SiteSpacesTable[]>;
}

export function loadStructure(db: Database, siteId: string): LoadedStructure {
  const groups = db.all(groupsOfSite(siteId));
  const sectionRows = db.all(sectionsOfSite(siteId));
  const inGroup = new Map<string, SiteSectionsTable[]>(groups.map((group) => [group.id, []]));
  const top: TopItem[] = [];
  for (const row of sectionRows) {
    if (row.group_id === null) top.push({ type: 'section', row });
    else inGroup.get(row.group_id)?.push(row);
  }
  for (const row of groups) top.push({ type: 'group', row, sections: inGroup.get(row.id) ?? [] });
  top.sort((a, b) => (a.row.sort_key < b.row.sort_key ? -1 : a.row.sort_key > b.row.sort_key ? 1 : 0));
  const sections = top.flatMap((item) => (item.type === 'section' ? [item.row] : item.sections));
  const siteSpaces = new Map<string, SiteSpacesTable[]>();
  for (const row of db.all(siteSpacesOfSite(siteId))) {
    const key = row.section_id ?? '';
    const list = siteSpaces.get(key);
    if (list) list.push(row);
    else siteSpaces.set(key, [row]);
  }
  return { top, sections, siteSpaces };
}

/** Every site space of a loaded structure in structure order, presented. */
export function presentAllSiteSpaces(
  db: Database,
  loaded: LoadedStructure,
  context: StructureContext,
): SiteSpace[] {
  const ordered = [
    ...(loaded.siteSpaces.get('') ?? []),
    ...loaded.sections.flatMap((section) => loaded.siteSpaces.get(section.id) ?? []),
  ];
  return presentSiteSpaceRows(db, ordered, new Map(loaded.sections.map((s) => [s.id, s])), context);
}

/** Every section of a loaded structure in structure order, with its site spaces. */
export function presentAllSections(
  db: Database,
  loaded: LoadedStructure,
  context: StructureContext,
): SiteSection[] {
  const siteSpaces = presentAllSiteSpaces(db, loaded, context);
  const bySection = new Map<string, SiteSpace[]>();
  for (const siteSpace of siteSpaces) {
    const key = siteSpace.section ?? '';
    const list = bySection.get(key);
    if (list) list.push(siteSpace);
    else bySection.set(key, [siteSpace]);
  }
  return loaded.sections.map((section) => presentSection(section, bySection.get(section.id) ?? [], context));
}

/**
 * How a site is organized: its sections and groups in order (groups with their sections, sections with their site
 * spaces) when it has sections, else its root site spaces. `actor`: the caller, whose levels the spaces show;
 * absent for a visitor of the published site.
 */
export function structureOf(
  db: Database,
  site: SitesTable,
  baseUrl: string,
  actor?: OrgActor,
): Static<typeof SiteStructure> {
  const context = structureContext(db, site, baseUrl, actor);
  const loaded = loadStructure(db, site.id);
  if (loaded.sections.length === 0)
    return { type: 'siteSpaces', structure: presentAllSiteSpaces(db, loaded, context) };
  const sections = new Map(presentAllSections(db, loaded, context).map((s) => [s.id, s]));
  return {
    type: 'sections',
    structure: loaded.top.map((item) =>
      item.type === 'section'
        ? sections.get(item.row.id)!
        : presentSectionGroup(
            item.row,
            item.sections.map((section) => sections.get(section.id)!),
          ),
    ),
  };
}
