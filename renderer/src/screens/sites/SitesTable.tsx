/** The table of the sites screen: a row a site (a click on the row opens it), its visibility, status and address. */
import { Link } from '@tanstack/react-router';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';

/** Props of `SitesTable`. */
export interface SitesTableProps {
  profileId: string;
  orgId: string;
  sites: readonly Site[];
  /** The rows are an earlier answer while a new filter loads. */
  refreshing: boolean;
  open: (siteId: string) => void;
}

/** The table. */
export function SitesTable({ profileId, orgId, sites, refreshing, open }: SitesTableProps) {
  return (
    <table
      className="data-table sites-table"
      data-testid="sites-table"
      aria-labelledby="sites-title"
      aria-busy={refreshing || undefined}
    >
      <thead>
        <tr>
          <th scope="col">Site</th>
          <th scope="col">Visibility</th>
          <th scope="col">Status</th>
          <th scope="col">
            <Tooltip content="Site spaces: the spaces a site publishes (GitBook shows them as sections and variants).">
              <span tabIndex={0}>Site spaces</span>
            </Tooltip>
          </th>
          <th scope="col">Published address</th>
        </tr>
      </thead>
      <tbody>
        {sites.map((site) => (
          <tr
            key={site.id}
            className="site-row"
            data-testid="site-row"
            data-id={site.id}
            data-title={site.title}
            onClick={(event) => {
              // A click on a link inside the row (the title, the published address) does what the link does.
              if ((event.target as HTMLElement).closest('a') === null) open(site.id);
            }}
          >
            <td>
              <Link
                to="/p/$profileId/orgs/$orgId/sites/$siteId"
                params={{ profileId, orgId, siteId: site.id }}
                className="site-row-title"
                data-testid="site-row-open"
              >
                {site.title}
              </Link>
            </td>
            <td>
              <Tooltip content={siteVisibilityHint(site.visibility)}>
                <span tabIndex={-1}>
                  <Badge>{siteVisibilityLabel(site.visibility)}</Badge>
                </span>
              </Tooltip>
            </td>
            <td>
              {site.published ? (
                <Badge tone="accent" data-testid="site-published">
                  Published
                </Badge>
              ) : (
                <Badge data-testid="site-unpublished">Unpublished</Badge>
              )}
            </td>
            <td data-testid="site-space-count">{site.siteSpaces}</td>
            <td>
              {site.published && site.urls.published !== undefined ? (
                <a href={site.urls.published} target="_blank" rel="noreferrer" data-testid="site-url">
                  {site.urls.published}
                </a>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
