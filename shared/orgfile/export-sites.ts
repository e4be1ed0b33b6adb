/** The sites of a snapshot as the file's `sites`: spaces by their path, groups by title, share links without secrets. */
import type { Role } from '../contract/constants.ts';
import type { OrgFileSite, OrgFileVariant } from './schema-sites.ts';
import type { OrgSnapshot } from './snapshot.ts';
import type { LiveSiteSpace } from './snapshot-sites.ts';

type Access = {
  users?: { email: string; role: Role | null }[];
  teams?: { title: string; role: Role | null }[];
};

/** Each space's path in the file: the titles of its collections and its own, joined by ` / `. */
export function spacePaths(snapshot: Pick<OrgSnapshot, 'collections' | 'spaces'>): Map<string, string> {
  const collections = new Map(snapshot.collections.map((c) => [c.id, c]));
  const paths = new Map<string, string>();
  const collectionPath = (id: string | undefined): string => {
    const collection = id !== undefined ? collections.get(id) : undefined;
    if (collection === undefined) return '';
    const above = collectionPath(collection.parent);
    return above === '' ? collection.title : `${above} / ${collection.title}`;
  };
  for (const space of snapshot.spaces ?? []) {
    const above = collectionPath(space.parent);
    paths.set(space.id, above === '' ? space.title : `${above} / ${space.title}`);
  }
  return paths;
}

export function sitesOf(
  snapshot: OrgSnapshot,
  access: ReadonlyMap<string, Access>,
  skipped: string[],
): OrgFileSite[] {
  const paths = spacePaths(snapshot);
  // Sites, groups, sections and variants by title or path: the file does not hold their order (no step sorts a
  // site's structure), and the API's listing mixes the keys of grouped and top-level sections.
  const byTitle = <T extends { title: string }>(a: T, b: T) => a.title.localeCompare(b.title);
  const sites = (snapshot.sites ?? []).map((site) => {
    const variants = (siteSpaces: LiveSiteSpace[]): OrgFileVariant[] =>
      siteSpaces
        .flatMap((siteSpace) => {
          const space = paths.get(siteSpace.space);
          if (space === undefined) {
            skipped.push(
              `site “${site.title}”: a variant of space ${siteSpace.space}, which the file does not hold`,
            );
            return [];
          }
          return [{ space, id: siteSpace.id, path: siteSpace.path }];
        })
        .sort((a, b) => a.path.localeCompare(b.path));
    const groups = new Map(site.groups.map((group) => [group.id, group.title]));
    const root = site.siteSpaces.filter((siteSpace) => siteSpace.section === undefined);
    const granted = access.get(site.id);
    return {
      title: site.title,
      id: site.id,
      visibility: site.visibility,
      published: site.published,
      ...(granted !== undefined ? { access: granted } : {}),
      ...(site.groups.length > 0
        ? {
            sectionGroups: site.groups
              .map((group) => ({
                title: group.title,
                id: group.id,
                ...(group.icon !== undefined ? { icon: group.icon } : {}),
              }))
              .sort(byTitle),
          }
        : {}),
      ...(site.sections.length > 0
        ? {
            sections: [...site.sections].sort(byTitle).map((section) => {
              const group = section.group !== undefined ? groups.get(section.group) : undefined;
              return {
                title: section.title,
                id: section.id,
                path: section.path,
                ...(section.description !== undefined && section.description !== ''
                  ? { description: section.description }
                  : {}),
                ...(section.icon !== undefined ? { icon: section.icon } : {}),
                ...(group !== undefined ? { group } : {}),
                variants: variants(site.siteSpaces.filter((siteSpace) => siteSpace.section === section.id)),
              };
            }),
          }
        : {}),
      ...(root.length > 0 ? { variants: variants(root) } : {}),
      ...(site.shareLinks.length > 0
        ? {
            // By name: the API lists them newest first, which says nothing the file needs.
            shareLinks: site.shareLinks
              .map((link) => ({ name: link.name, id: link.id, active: link.active }))
              .sort((a, b) => a.name.localeCompare(b.name)),
          }
        : {}),
    };
  });
  return sites.sort(byTitle);
}
