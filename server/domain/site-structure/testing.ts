/** Helpers shared by the HTTP tests of a site's structure. */
import type { TestServer } from '../../test/harness.ts';
import { buildSiteOrg } from '../sites/testing.ts';
import { createSectionGroupRecord, createSectionRecord } from './records.ts';

export {
  allPages,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendRaw,
  UNKNOWN_ID,
} from '../sites/testing.ts';

/**
 * An organization with a site of two sections (each with one site space), a group holding a third section, and
 * another organization whose site has a section, a group and site spaces of its own.
 */
export function buildStructureOrg(server: TestServer) {
  const org = buildSiteOrg(server);
  const { orgId } = org;
  const siteId = server.buildSite(orgId).id;
  const space = (title: string) => server.buildSpace(orgId, { title }).id;
  const now = server.clock.now();
  const first = createSectionRecord(server.db, now, { siteId, spaceId: space('Guide'), title: 'Guides' });
  const second = createSectionRecord(server.db, now, { siteId, spaceId: space('Reference'), title: 'API' });
  const grouped = createSectionRecord(server.db, now, {
    siteId,
    spaceId: space('Cookbook'),
    title: 'Recipes',
  });
  const groupId = createSectionGroupRecord(server.db, now, { siteId, title: 'More', sectionIds: [grouped] });
  const foreignSiteId = server.buildSite(org.foreign.orgId).id;
  const foreignSection = createSectionRecord(server.db, now, {
    siteId: foreignSiteId,
    spaceId: org.foreign.spaceId,
    title: 'Foreign section',
  });
  const foreignGroup = createSectionGroupRecord(server.db, now, {
    siteId: foreignSiteId,
    title: 'Foreign group',
  });
  return {
    ...org,
    siteId,
    sections: { first, second, grouped },
    groupId,
    /** A new space of the organization. */
    space,
    foreign: {
      ...org.foreign,
      siteId: foreignSiteId,
      sectionId: foreignSection,
      groupId: foreignGroup,
      siteSpaceId: siteSpacesOf(server, foreignSection)[0]!,
    },
  };
}

/** The path parameters of a site. */
export const siteParams = (organizationId: string, siteId: string) => ({ organizationId, siteId });

/** The ids of a section's site spaces (`null`: the root of `siteId`) in order, from the database. */
export function siteSpacesOf(server: TestServer, sectionId: string | null, siteId?: string): string[] {
  let query = server.db.q
    .selectFrom('site_spaces')
    .select('id')
    .where('section_id', 'is', sectionId)
    .orderBy('sort_key');
  if (siteId !== undefined) query = query.where('site_id', '=', siteId);
  return server.db.all(query).map((row) => row.id);
}

/** Every sort key of a site's structure (groups, sections, site spaces), by id. */
export function structureKeys(server: TestServer, siteId: string): Map<string, string> {
  const { db } = server;
  const keys = new Map<string, string>();
  for (const table of ['site_section_groups', 'site_sections', 'site_spaces'] as const)
    for (const row of db.all(db.q.selectFrom(table).select(['id', 'sort_key']).where('site_id', '=', siteId)))
      keys.set(row.id, row.sort_key);
  return keys;
}

/** The ids whose key changed between two readings. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.entries()].filter(([id, key]) => before.get(id) !== key).map(([id]) => id);
}

/** Declares boolean claims in the site's adaptive schema (straight in the database). */
export function declareClaims(server: TestServer, siteId: string, claims: string[]): void {
  const properties = Object.fromEntries(
    claims.map((claim) => [claim, { type: 'boolean', description: `Claim ${claim}` }]),
  );
  server.db.run(
    server.db.q
      .updateTable('sites')
      .set({ adaptive_schema: JSON.stringify({ type: 'object', properties, additionalProperties: false }) })
      .where('id', '=', siteId),
  );
}
