/** The sites of an organization: filters (title, published, a space they publish), the table, "New site". */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { usePaletteActions, type PaletteAction } from '../../layout/paletteActions.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { orgSpacesQuery, sitesQuery } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import '../../ui/items/items.css';
import { filtersOf, type FilterValues } from './newSite.ts';
import { NewSiteDialog } from './NewSiteDialog.tsx';
import { SitesFilters } from './SitesFilters.tsx';
import { SitesTable } from './SitesTable.tsx';
import './sites.css';

/** The sites screen (`/p/$profileId/orgs/$orgId/sites`). */
export function SitesScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
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
      <SitesTable
        profileId={profileId}
        orgId={orgId}
        sites={items}
        refreshing={sites.isPlaceholderData}
        open={open}
      />
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
      <SitesFilters
        values={values}
        setValues={setValues}
        spaces={spaces.data}
        spacesPending={spaces.isPending}
        filtered={filtered}
      />
      <p className="muted" aria-live="polite">
        {sites.data !== undefined &&
          `${items.length} ${items.length === 1 ? 'site' : 'sites'}${filtered ? ' match' : ''}`}
      </p>
      {body}
      {creating && <NewSiteDialog profileId={profileId} orgId={orgId} onClose={() => setCreating(false)} />}
    </section>
  );
}
