/**
 * Reaching a site as the caller: a site of another organization answers the same 404 as an unknown id. The sites
 * handlers read through the store (`loadSiteAccessIn`); the synchronous `loadSiteAccess` stays for the handlers of
 * site permissions and site structure, not converted here.
 */
import { notFound } from '../../errors.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { authorize, siteLevel, type OrgActor } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { OrganizationsTable, SitesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccess, loadOrgAccessIn } from '../access.ts';
import { loadUserGrants, loadUserGrantsIn } from '../permissions/grants.ts';

export interface SiteAccess {
  site: SitesTable;
  org: OrganizationsTable;
  actor: OrgActor;
  /** The caller's level on the site (`siteLevel`). */
  level: Role | null;
}

/** The caller's level on a site: admins need no read of their grants. */
export function siteLevelOf(
  db: Database,
  organizationId: string,
  actor: OrgActor,
  siteId: string,
): Role | null {
  if (actor.role === 'admin') return 'admin';
  if (actor.grantsInOrganization === false) return actor.role;
  return siteLevel(actor.role, loadUserGrants(db, organizationId, actor.userId).at('site', siteId));
}

/** As `siteLevelOf`, through a store or a transaction. */
export async function siteLevelOfIn(
  on: Statements,
  organizationId: string,
  actor: OrgActor,
  siteId: string,
): Promise<Role | null> {
  if (actor.role === 'admin') return 'admin';
  if (actor.grantsInOrganization === false) return actor.role;
  return siteLevel(actor.role, (await loadUserGrantsIn(on, organizationId, actor.userId)).at('site', siteId));
}

const siteInOrg = prepared((organizationId: string, siteId: string) =>
  builder
    .selectFrom('sites')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', siteId),
);

export const siteNotFound = (siteId: string) =>
  notFound(`no site with id \`${siteId}\` in this organization`);

/**
 * The site, its organization and the caller's standing in it, once the caller may do `action` on it: 404 for an
 * unknown or foreign site (non-members first get the organization's 404), 403 without the right.
 */
export function loadSiteAccess(
  db: Database,
  organizationId: string,
  siteId: string,
  userId: string,
  action: 'site.view' | 'site.admin' | 'site.viewPermissions' | 'site.managePermissions',
): SiteAccess {
  const { org, actor } = loadOrgAccess(db, organizationId, userId);
  const site = db.first(siteInOrg(organizationId, siteId));
  if (!site) throw siteNotFound(siteId);
  const level = siteLevelOf(db, organizationId, actor, site.id);
  authorize(actor, action, { level });
  return { site, org, actor, level };
}

/**
 * As `loadSiteAccess`, read through a store or, for a write, in its transaction: the caller's standing and the site
 * a write depends on are then read with it.
 */
export async function loadSiteAccessIn(
  on: Statements,
  organizationId: string,
  siteId: string,
  userId: string,
  action: 'site.view' | 'site.admin' | 'site.viewPermissions' | 'site.managePermissions',
): Promise<SiteAccess> {
  const { org, actor } = await loadOrgAccessIn(on, organizationId, userId);
  const site = await on.first(siteInOrg(organizationId, siteId));
  if (!site) throw siteNotFound(siteId);
  const level = await siteLevelOfIn(on, organizationId, actor, site.id);
  authorize(actor, action, { level });
  return { site, org, actor, level };
}
