/** Site spaces, sections and section groups to API objects. */
import type { Space } from '../../../shared/contract/resources/content.ts';
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
import type { Statements } from '../../storage/store/store.ts';
import { ContentLevels } from '../collections/levels.ts';
import { sitePublishedUrl } from '../sites/present.ts';
import { presentSpace } from '../spaces/present.ts';

/** What presenting the items of one site needs, worked out once per request. */
export interface StructureContext {
  site: SitesTable;
  /** The site's published URL (ending with `/`), when it is published. */
  siteUrl: string | undefined;
  /** The space of a site space, as the caller sees it. */
  space: (row: SpacesTable) => Space;
}

const orgHostname = prepared((organizationId: string) =>
  builder.selectFrom('organizations').select(['id', 'hostname']).where('id', '=', organizationId),
);

/**
 * The context of a site's items. With `actor`, spaces carry the caller's own level and permissions; without one
 * (a visitor of the published site), the level of a reader: the site publishes the space for reading.
 */
export function structureContext(
  db: Database,
  site: SitesTable,
  baseUrl: string,
  actor?: OrgActor,
): StructureContext {
  const org = db.first(orgHostname(site.organization_id));
  const levels = actor === undefined ? undefined : new ContentLevels(db, site.organization_id, actor);
  return contextOf(org, site, baseUrl, actor, levels);
}

/** As `structureContext`, read through a store or a transaction (the caller's levels are read at once). */
export async function structureContextIn(
  on: Statements,
  site: SitesTable,
  baseUrl: string,
  actor?: OrgActor,
): Promise<StructureContext> {
  const org = await on.first(orgHostname(site.organization_id));
  const levels =
    actor === undefined ? undefined : await ContentLevels.loadIn(on, site.organization_id, actor);
  return contextOf(org, site, baseUrl, actor, levels);
}

function contextOf(
  org: { id: string; hostname: string | null } | undefined,
  site: SitesTable,
  baseUrl: string,
  actor: OrgActor | undefined,
  levels: ContentLevels | undefined,
): StructureContext {
  const siteUrl = sitePublishedUrl(org ?? { id: site.organization_id, hostname: null }, site, baseUrl);
  if (actor === undefined || levels === undefined) {
    const visitor: OrgActor = { userId: '', role: null, ownsTeam: false };
    return { site, siteUrl, space: (row) => presentSpace(row, 'read', visitor, baseUrl) };
  }
  return { site, siteUrl, space: (row) => presentSpace(row, levels.levelOf(row), actor, baseUrl) };
}

/** Whether a site space is the default of its section (or of the root). */
export function isDefaultSiteSpace(
  row: SiteSpacesTable,
  section: Pick<SiteSectionsTable, 'default_site_space_id'> | null,
  site: Pick<SitesTable, 'default_site_space_id'>,
): boolean {
  return (section === null ? site.default_site_space_id : section.default_site_space_id) === row.id;
}

/** `section` is the site space's section row (null at the root). */
export function presentSiteSpace(
  row: SiteSpacesTable,
  space: SpacesTable,
  section: SiteSectionsTable | null,
  context: StructureContext,
): SiteSpace {
  const isDefault = isDefaultSiteSpace(row, section, context.site);
  let published: string | undefined;
  if (context.siteUrl !== undefined) {
    const base = section === null ? context.siteUrl : `${context.siteUrl}${section.path}`;
    if (isDefault) published = base;
    else published = section === null ? `${base}${row.path}` : `${base}/${row.path}`;
  }
  return {
    object: 'site-space',
    id: row.id,
    path: row.path,
    ...(row.section_id !== null ? { section: row.section_id } : {}),
    space: context.space(space),
    title: space.title,
    default: isDefault,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    urls: published !== undefined ? { published } : {},
  };
}

/** `siteSpaces`: the section's site spaces, already presented, in order (absent: not listed). */
export function presentSection(
  row: SiteSectionsTable,
  siteSpaces: SiteSpace[] | undefined,
  context: StructureContext,
): SiteSection {
  return {
    object: 'site-section',
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    default: context.site.default_section_id === row.id,
    path: row.path,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    ...(row.group_id !== null ? { sectionGroup: row.group_id } : {}),
    ...(row.icon !== null ? { icon: row.icon } : {}),
    ...(siteSpaces !== undefined ? { siteSpaces } : {}),
    urls: context.siteUrl !== undefined ? { published: `${context.siteUrl}${row.path}` } : {},
  };
}

/** `sections`: the group's sections, already presented, in order (absent: not listed). */
export function presentSectionGroup(
  row: SiteSectionGroupsTable,
  sections: SiteSection[] | undefined,
): SiteSectionGroup {
  return {
    object: 'site-section-group',
    id: row.id,
    title: row.title,
    ...(row.icon !== null ? { icon: row.icon } : {}),
    ...(sections !== undefined ? { sections } : {}),
  };
}
