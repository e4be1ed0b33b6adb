/** The API shapes of a site and of a share link. */
import type { Site, ShareLink } from '../../../shared/contract/resources/sites.ts';
import type { OrganizationsTable, ShareLinksTable, SitesTable } from '../../storage/schema.ts';

/**
 * Where the site is live, when published: `${baseUrl}/sites/${orgHostname ?? orgId}/${basename}/`. Sections and site
 * spaces append their paths to it.
 */
export function sitePublishedUrl(
  org: Pick<OrganizationsTable, 'id' | 'hostname'>,
  site: Pick<SitesTable, 'basename' | 'published'>,
  baseUrl: string,
): string | undefined {
  if (!site.published) return undefined;
  return `${baseUrl}/sites/${org.hostname ?? org.id}/${site.basename}/`;
}

export function presentSite(
  site: SitesTable,
  org: Pick<OrganizationsTable, 'id' | 'hostname'>,
  siteSpaces: number,
  baseUrl: string,
): Site {
  const published = sitePublishedUrl(org, site, baseUrl);
  return {
    object: 'site',
    id: site.id,
    type: site.type as Site['type'],
    title: site.title,
    basename: site.basename,
    ...(site.proxy_origin !== null
      ? {
          // The proxy serves the published site: the target is where it is live (or will be, once published).
          proxy: {
            origin: site.proxy_origin,
            target: `${baseUrl}/sites/${org.hostname ?? org.id}/${site.basename}/`,
          },
        }
      : {}),
    visibility: site.visibility as Site['visibility'],
    published: Boolean(site.published),
    siteSpaces,
    createdAt: site.created_at,
    adaptiveContent: { enabled: Boolean(site.adaptive_enabled) },
    features: [],
    urls: {
      location: `${baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}`,
      app: `${baseUrl}/o/${site.organization_id}/sites/${site.id}/`,
      ...(published !== undefined ? { published } : {}),
    },
  };
}

/** A share link's published URL: the site's, then `~s/<key>/`; absent while the site is not published. */
export function presentShareLink(link: ShareLinksTable, sitePublished: string | undefined): ShareLink {
  return {
    object: 'share-link',
    id: link.id,
    createdAt: link.created_at,
    ...(link.name !== null ? { name: link.name } : {}),
    active: Boolean(link.active),
    urls: sitePublished !== undefined ? { published: `${sitePublished}~s/${link.key}/` } : {},
  };
}
