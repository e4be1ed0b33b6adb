/**
 * Reading a site's structure (whole, for reads and lists; one item with its children, for writes). The handlers read
 * through the store (`…In`); `loadStructure` and `structureOf` stay on the `Database` for the site handlers and the
 * published site, not converted yet. Reading and presenting are apart: the presenting functions take what was read.
 */
import type { Static } from '@sinclair/typebox';
import type { SiteStructure } from '../../../shared/contract/resources/sites.ts';
import type {
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
} from '../../../shared/contract/resources/siteStructure.ts';
import type { OrgActor } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { Query } from '../../storage/dialect/compile.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
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
  structureContextIn,
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
    .where('section_id', 'is not distinct from', sectionId)
    .orderBy('sort_key'),
);

const spaceById = prepared((id: string) => builder.selectFrom('spaces').selectAll().where('id', '=', id));
const sectionById = prepared((id: string) =>
  builder.selectFrom('site_sections').selectAll().where('id', '=', id),
);

/** Spaces by id. */
export type SpacesById = ReadonlyMap<string, SpacesTable>;

/**
 * The reads of the spaces of some site spaces: one cached statement per space for a few (the write path presents
 * one item; cached statements beat building an `in` list), else `in` lists of 500.
 */
function spaceReads(rows: readonly SiteSpacesTable[]): {
  one: Query<SpacesTable>[];
  many: Query<SpacesTable>[];
} {
  const ids = [...new Set(rows.map((row) => row.space_id))];
  if (ids.length <= 20) return { one: ids.map((id) => spaceById(id)), many: [] };
  const many: Query<SpacesTable>[] = [];
  for (let i = 0; i < ids.length; i += 500)
    many.push(
      builder
        .selectFrom('spaces')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + 500)),
    );
  return { one: [], many };
}

/** The spaces of some site spaces, by id. */
function spacesOf(db: Database, rows: readonly SiteSpacesTable[]): SpacesById {
  const { one, many } = spaceReads(rows);
  const spaces = new Map<string, SpacesTable>();
  for (const query of one) {
    const space = db.first(query);
    if (space) spaces.set(space.id, space);
  }
  for (const query of many) for (const space of db.all(query)) spaces.set(space.id, space);
  return spaces;
}

/** As `spacesOf`, through a store or a transaction. */
async function spacesOfIn(on: Statements, rows: readonly SiteSpacesTable[]): Promise<SpacesById> {
  const { one, many } = spaceReads(rows);
  const spaces = new Map<string, SpacesTable>();
  for (const query of one) {
    const space = await on.first(query);
    if (space) spaces.set(space.id, space);
  }
  for (const query of many) for (const space of await on.all(query)) spaces.set(space.id, space);
  return spaces;
}

/** Presents site spaces in their order; `sections` holds the section rows they may belong to. */
function presentSiteSpaceRows(
  rows: readonly SiteSpacesTable[],
  spaces: SpacesById,
  sections: ReadonlyMap<string, SiteSectionsTable>,
  context: StructureContext,
): SiteSpace[] {
  return rows.flatMap((row) => {
    const space = spaces.get(row.space_id);
    const section = row.section_id === null ? null : (sections.get(row.section_id) ?? null);
    // The foreign key removes a site space with its space: a missing one is only a concurrent delete.
    return space === undefined ? [] : [presentSiteSpace(row, space, section, context)];
  });
}

/** One site space, presented. */
export async function presentSiteSpaceRow(
  on: Statements,
  row: SiteSpacesTable,
  context: StructureContext,
): Promise<SiteSpace> {
  const section = row.section_id === null ? undefined : await on.first(sectionById(row.section_id));
  const spaces = await spacesOfIn(on, [row]);
  return presentSiteSpaceRows([row], spaces, new Map(section ? [[section.id, section]] : []), context)[0]!;
}

/** One section with its site spaces. */
export async function presentSectionRow(
  on: Statements,
  section: SiteSectionsTable,
  context: StructureContext,
): Promise<SiteSection> {
  const rows = await on.all(siteSpaceRowsOf(context.site.id, section.id));
  const spaces = await spacesOfIn(on, rows);
  return presentSection(
    section,
    presentSiteSpaceRows(rows, spaces, new Map([[section.id, section]]), context),
    context,
  );
}

/** One group with its sections and their site spaces. */
export async function presentGroupRow(
  on: Statements,
  group: SiteSectionGroupsTable,
  context: StructureContext,
): Promise<SiteSectionGroup> {
  const sections = await on.all(sectionsOfGroup(context.site.id, group.id));
  const rows: SiteSpacesTable[] = [];
  for (const section of sections) rows.push(...(await on.all(siteSpaceRowsOf(context.site.id, section.id))));
  const spaces = await spacesOfIn(on, rows);
  const presented = presentSiteSpaceRows(rows, spaces, new Map(sections.map((s) => [s.id, s])), context);
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

/** A loaded structure with the spaces its site spaces publish, for presenting it. */
export interface PresentableStructure extends LoadedStructure {
  spaces: SpacesById;
}

export function loadStructure(db: Database, siteId: string): LoadedStructure {
  return assemble(
    db.all(groupsOfSite(siteId)),
    db.all(sectionsOfSite(siteId)),
    db.all(siteSpacesOfSite(siteId)),
  );
}

/** As `loadStructure`, through a store or a transaction. */
export async function loadStructureIn(on: Statements, siteId: string): Promise<LoadedStructure> {
  const groups = await on.all(groupsOfSite(siteId));
  const sections = await on.all(sectionsOfSite(siteId));
  return assemble(groups, sections, await on.all(siteSpacesOfSite(siteId)));
}

/** The structure of a site with the spaces of its site spaces, read through a store or a transaction. */
export async function loadPresentableIn(on: Statements, siteId: string): Promise<PresentableStructure> {
  const loaded = await loadStructureIn(on, siteId);
  return { ...loaded, spaces: await spacesOfIn(on, [...loaded.siteSpaces.values()].flat()) };
}

function assemble(
  groups: readonly SiteSectionGroupsTable[],
  sectionRows: readonly SiteSectionsTable[],
  siteSpaceRows: readonly SiteSpacesTable[],
): LoadedStructure {
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
  for (const row of siteSpaceRows) {
    const key = row.section_id ?? '';
    const list = siteSpaces.get(key);
    if (list) list.push(row);
    else siteSpaces.set(key, [row]);
  }
  return { top, sections, siteSpaces };
}

/** Every site space of a loaded structure in structure order, presented. */
export function presentAllSiteSpaces(loaded: PresentableStructure, context: StructureContext): SiteSpace[] {
  const ordered = [
    ...(loaded.siteSpaces.get('') ?? []),
    ...loaded.sections.flatMap((section) => loaded.siteSpaces.get(section.id) ?? []),
  ];
  return presentSiteSpaceRows(
    ordered,
    loaded.spaces,
    new Map(loaded.sections.map((s) => [s.id, s])),
    context,
  );
}

/** Every section of a loaded structure in structure order, with its site spaces. */
export function presentAllSections(loaded: PresentableStructure, context: StructureContext): SiteSection[] {
  const siteSpaces = presentAllSiteSpaces(loaded, context);
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
  const spaces = spacesOf(db, [...loaded.siteSpaces.values()].flat());
  return presentStructure({ ...loaded, spaces }, context);
}

/** As `structureOf`, read through a store or a transaction. */
export async function structureOfIn(
  on: Statements,
  site: SitesTable,
  baseUrl: string,
  actor?: OrgActor,
): Promise<Static<typeof SiteStructure>> {
  const context = await structureContextIn(on, site, baseUrl, actor);
  return presentStructure(await loadPresentableIn(on, site.id), context);
}

function presentStructure(
  loaded: PresentableStructure,
  context: StructureContext,
): Static<typeof SiteStructure> {
  if (loaded.sections.length === 0)
    return { type: 'siteSpaces', structure: presentAllSiteSpaces(loaded, context) };
  const sections = new Map(presentAllSections(loaded, context).map((s) => [s.id, s]));
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
