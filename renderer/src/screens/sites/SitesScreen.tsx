/** The sites of an organization: filters (title, published, a space they publish), the table, "New site". */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { usePaletteActions, type PaletteAction } from '../../layout/paletteActions.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgSpacesQuery, sitesQuery } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import '../../ui/items/items.css';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';
import { filtersOf, type FilterValues } from './newSite.ts';
import { NewSiteDialog } from './NewSiteDialog.tsx';
import './sites.css';

/** The sites screen (`/p/$profileId/orgs/$orgId/sites`). */
export function SitesScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { profile } = useActiveProfile();
  const [values, setValues] = useState<FilterValues>({ title: '', published: 'all', space: '' });
  const deferred = useDeferredValue(values);
  const filters = useMemo(() => filtersOf(deferred), [deferred]);
  // The previous answer stays while a new filter loads, so that typing does not flash a skeleton.
  const sites = useQuery({ ...sitesQuery(profileId, orgId, filters), placeholderData: keepPreviousData });
  const spaces = useQuery(orgSpacesQuery(profileId, orgId));
  const [creating, setCreating] = useState(false);
  useDocumentTitle('Sites');

  const paletteActions = useMemo<PaletteAction[]>(
    () => [
      {
        id: 'sites:new-site',
        label: 'New site',
        keywords: ['create', 'site', 'publish'],
        // The palette closes as the action runs: open the dialog once it has let go of the focus.
        run: () => setTimeout(() => setCreating(true), 0),
      },
    ],
    [],
  );
  usePaletteActions('sites', paletteActions);

  const open = (siteId: string) =>
    void navigate({ to: '/p/$profileId/orgs/$orgId/sites/$siteId', params: { profileId, orgId, siteId } });
  const filtered = Object.keys(filters).length > 0;
  const items = sites.data ?? [];

  let body;
  if (sites.isError) {
    body =
      errorKind(sites.error) === 'forbidden' ? (
        <EmptyState title="Guests do not see the sites of the organization">
          Ask an admin for a role in the organization.
        </EmptyState>
      ) : (
        <ErrorState
          error={sites.error}
          what="the sites"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void sites.refetch()}
        />
      );
  } else if (sites.isPending) {
    body = (
      <div className="table-skeleton" role="status" aria-busy="true" aria-label="Loading sites">
        <Skeleton width="100%" height="1.75rem" />
        <Skeleton width="100%" height="1.75rem" />
      </div>
    );
  } else if (items.length === 0) {
    body = filtered ? (
      <EmptyState title="No site matches these filters">Change or clear the filters.</EmptyState>
    ) : (
      <EmptyState title="No sites yet">
        A site publishes spaces as documentation. Create one with “New site”.
      </EmptyState>
    );
  } else {
    body = (
      <table
        className="data-table sites-table"
        data-testid="sites-table"
        aria-labelledby="sites-title"
        aria-busy={sites.isPlaceholderData || undefined}
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
          {items.map((site) => (
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

  return (
    <section className="screen sites-screen" data-testid="sites-screen" aria-labelledby="sites-title">
      <header className="screen-header sites-header">
        <div>
          <h1 id="sites-title">Sites</h1>
          <p className="muted">
            Published documentation built from the organization’s spaces. Open a site for its structure,
            settings and share links.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)} data-testid="new-site">
          New site
        </Button>
      </header>
      <div className="sites-filters" role="search" aria-label="Filter sites">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-title`}>
            Title
          </label>
          <input
            id={`${id}-title`}
            className="input"
            type="search"
            value={values.title}
            onChange={(event) => setValues((old) => ({ ...old, title: event.target.value }))}
            placeholder="Title contains…"
            autoComplete="off"
            data-testid="sites-filter-title"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-published`}>
            Published
          </label>
          <select
            id={`${id}-published`}
            className="input select"
            value={values.published}
            onChange={(event) =>
              setValues((old) => ({ ...old, published: event.target.value as FilterValues['published'] }))
            }
            data-testid="sites-filter-published"
          >
            <option value="all">All</option>
            <option value="yes">Published</option>
            <option value="no">Unpublished</option>
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-space`}>
            Contains space
          </label>
          <select
            id={`${id}-space`}
            className="input select"
            value={values.space}
            onChange={(event) => setValues((old) => ({ ...old, space: event.target.value }))}
            disabled={spaces.isPending}
            data-testid="sites-filter-space"
          >
            <option value="">Any space</option>
            {(spaces.data ?? []).map((space) => (
              <option key={space.id} value={space.id}>
                {space.title === '' ? 'Untitled' : space.title}
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setValues({ title: '', published: 'all', space: '' })}
            data-testid="sites-filter-clear"
          >
            Clear filters
          </Button>
        )}
      </div>
      <p className="muted" aria-live="polite">
        {sites.data !== undefined &&
          `${items.length} ${items.length === 1 ? 'site' : 'sites'}${filtered ? ' match' : ''}`}
      </p>
      {body}
      {creating && <NewSiteDialog profileId={profileId} orgId={orgId} onClose={() => setCreating(false)} />}
    </section>
  );
}
