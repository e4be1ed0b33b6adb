/**
 * Seeds a browser-mode data directory for the `sites` benchmark: the demo, then in "Acme Docs" a published site with
 * 20 section groups of 10 sections each, every section with 5 variants (1,000 site spaces) over 50 spaces, written
 * straight into the server's storage in one transaction.
 */
import { join } from 'node:path';
import { buildPages } from '../server/domain/content/revisions.ts';
import { issueToken } from '../server/domain/organizations/commands.ts';
import { insertSpaceWithTree } from '../server/domain/spaces/records.ts';
import { newId } from '../server/ids.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { openDatabase } from '../server/storage/database.ts';
import { keysBetween } from '../server/storage/sort-keys.ts';

export const SITES_ORG_TITLE = 'Acme Docs';

export interface SitesSeedSize {
  groups: number;
  /** Sections per group. */
  sections: number;
  /** Site spaces per section. */
  variants: number;
}

export interface SitesSeed {
  orgId: string;
  siteId: string;
  /** A token of the organization's owner (an admin), for the server half. */
  token: string;
  /** Section ids, group by group, in order. */
  sectionsByGroup: string[][];
  groupIds: string[];
  siteSpaceCount: number;
}

/** Seeds `<dataDir>/sandbox` (the database the browser-mode supervisor opens) and closes it again. */
export function seedSites(dataDir: string, size: SitesSeedSize, now = new Date()): SitesSeed {
  const db = openDatabase(join(dataDir, 'sandbox'));
  try {
    if (seedDemo(db, now) === undefined) throw new Error(`${dataDir} already has a sandbox database`);
    const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', SITES_ORG_TITLE));
    if (org === undefined) throw new Error(`the demo has no organization titled ${SITES_ORG_TITLE}`);
    const owner = db.first(
      db.q
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', org.id)
        .where('role', '=', 'admin')
        .orderBy('joined_at'),
    );
    if (owner === undefined) throw new Error(`${SITES_ORG_TITLE} has no admin`);
    const at = now.toISOString();
    const siteId = newId();
    const groupIds: string[] = [];
    const sectionsByGroup: string[][] = [];
    let token = '';
    let siteSpaceCount = 0;
    db.transaction(() => {
      token = issueToken(db, now, owner.user_id, 'bench');
      const pages = buildPages(db, now, [{ title: 'Introduction', markdown: '# Introduction\n' }]);
      const spaceIds = Array.from(
        { length: 50 },
        (_, i) =>
          insertSpaceWithTree(
            db,
            now,
            {
              organizationId: org.id,
              parentId: null,
              title: `Bench Site Space ${String(i + 1).padStart(2, '0')}`,
              actorId: owner.user_id,
            },
            () => ({ pages, files: [] }),
          ).id,
      );
      db.run(
        db.q.insertInto('sites').values({
          id: siteId,
          organization_id: org.id,
          type: 'premium',
          title: 'Bench Site',
          visibility: 'public',
          basename: 'bench-site',
          published: 1,
          adaptive_enabled: 0,
          adaptive_schema: null,
          proxy_origin: null,
          default_section_id: null,
          default_site_space_id: null,
          created_at: at,
          updated_at: at,
        }),
      );
      const groupKeys = keysBetween(null, null, size.groups);
      let sectionNumber = 0;
      for (const [g, groupKey] of groupKeys.entries()) {
        const groupId = newId();
        groupIds.push(groupId);
        db.run(
          db.q.insertInto('site_section_groups').values({
            id: groupId,
            site_id: siteId,
            title: `Group ${String(g + 1).padStart(2, '0')}`,
            icon: null,
            sort_key: groupKey,
            created_at: at,
          }),
        );
        const sectionKeys = keysBetween(null, null, size.sections);
        const sections: string[] = [];
        for (const sectionKey of sectionKeys) {
          sectionNumber++;
          const sectionId = newId();
          const variantKeys = keysBetween(null, null, size.variants);
          const variantIds = variantKeys.map(() => newId());
          db.run(
            db.q.insertInto('site_sections').values({
              id: sectionId,
              site_id: siteId,
              group_id: groupId,
              title: `Section ${String(sectionNumber).padStart(3, '0')}`,
              path: `section-${String(sectionNumber).padStart(3, '0')}`,
              description: null,
              icon: null,
              condition: null,
              default_site_space_id: variantIds[0]!,
              sort_key: sectionKey,
              created_at: at,
            }),
          );
          for (const [v, variantKey] of variantKeys.entries()) {
            db.run(
              db.q.insertInto('site_spaces').values({
                id: variantIds[v]!,
                site_id: siteId,
                section_id: sectionId,
                space_id: spaceIds[(sectionNumber * size.variants + v) % spaceIds.length]!,
                path: `v${size.variants - v}`,
                condition: null,
                sort_key: variantKey,
                created_at: at,
              }),
            );
            siteSpaceCount++;
          }
          sections.push(sectionId);
        }
        sectionsByGroup.push(sections);
      }
      db.run(
        db.q
          .updateTable('sites')
          .set({ default_section_id: sectionsByGroup[0]![0]! })
          .where('id', '=', siteId),
      );
    });
    return { orgId: org.id, siteId, token, sectionsByGroup, groupIds, siteSpaceCount };
  } finally {
    db.close();
  }
}
