/** The sites of an organization as its file sees them: structure, share links (never their secrets), grants. */
import type { ApiClient } from '../client.ts';
import type { Site } from '../contract/resources/sites.ts';
import { all, withPage, type LiveGrant } from './snapshot.ts';

export interface LiveSiteSpace {
  id: string;
  /** The space's id. */
  space: string;
  path: string;
  section: string | undefined;
}
export interface LiveSection {
  id: string;
  title: string;
  path: string;
  description: string | undefined;
  icon: string | undefined;
  group: string | undefined;
}
export interface LiveSectionGroup {
  id: string;
  title: string;
  icon: string | undefined;
}
export interface LiveShareLink {
  id: string;
  name: string;
  active: boolean;
}
export interface LiveSite {
  id: string;
  title: string;
  visibility: Site['visibility'];
  published: boolean;
  sections: LiveSection[];
  groups: LiveSectionGroup[];
  siteSpaces: LiveSiteSpace[];
  shareLinks: LiveShareLink[];
}

/** Every site with its structure and share links, and the grants on them (six reads per site). */
export async function loadSites(
  client: ApiClient,
  organizationId: string,
): Promise<{ sites: LiveSite[]; grants: LiveGrant[] }> {
  const sites = await all((page) =>
    client.call('listSites', { params: { organizationId }, query: withPage(page) }),
  );
  const grants: LiveGrant[] = [];
  const live: LiveSite[] = [];
  for (const site of sites) {
    const params = { organizationId, siteId: site.id };
    const query = (page: string | undefined) => ({ params, query: withPage(page) });
    const [sections, groups, siteSpaces, shareLinks, users, teams] = await Promise.all([
      all((page) => client.call('listSiteSections', query(page))),
      all((page) => client.call('listSiteSectionGroups', query(page))),
      all((page) => client.call('listSiteSpaces', query(page))),
      all((page) => client.call('listSiteShareLinks', query(page))),
      all((page) => client.call('listUserPermissionsInSite', query(page))),
      all((page) => client.call('listTeamPermissionsInSite', query(page))),
    ]);
    const target = { type: 'site' as const, id: site.id };
    grants.push(
      ...users.map((entry): LiveGrant => ({ target, user: entry.user.id, role: entry.permission })),
      ...teams.map((entry): LiveGrant => ({ target, team: entry.team.id, role: entry.permission })),
    );
    live.push({
      id: site.id,
      title: site.title,
      visibility: site.visibility,
      published: site.published,
      sections: sections.map((section) => ({
        id: section.id,
        title: section.title,
        path: section.path,
        description: section.description,
        icon: section.icon,
        group: section.sectionGroup,
      })),
      groups: groups.map((group) => ({ id: group.id, title: group.title, icon: group.icon })),
      siteSpaces: siteSpaces.flatMap((siteSpace) =>
        siteSpace.space === undefined
          ? []
          : [
              {
                id: siteSpace.id,
                space: siteSpace.space.id,
                path: siteSpace.path,
                section: siteSpace.section,
              },
            ],
      ),
      shareLinks: shareLinks.map((link) => ({
        id: link.id,
        name: link.name ?? '',
        active: link.active ?? true,
      })),
    });
  }
  return { sites: live, grants };
}
