/** The links report of a space: every link target, its status, and the pages that link to it. */
import { useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentReferenceUsage } from '../../../../shared/contract/resources/links.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { spaceLinkCountQuery, spaceLinksQuery, type LinkFilter } from '../../queries/spaces.ts';
import { NotOffered } from '../../ui/ApiNotes.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { describeLocation, kindLabel, type LocationLabel } from './links.ts';

const FILTERS: readonly { value: LinkFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No links in this space' },
  { value: 'broken', label: 'Broken', empty: 'No broken links' },
  { value: 'ok', label: 'OK', empty: 'No working links' },
  { value: 'in-app', label: 'In-app', empty: 'No in-app links' },
];

const STATUS: Record<
  ContentReferenceUsage['status'],
  { label: string; tone: 'neutral' | 'accent' | 'warning' }
> = {
  ok: { label: 'OK', tone: 'neutral' },
  broken: { label: 'Broken', tone: 'warning' },
  'in-app': { label: 'In-app', tone: 'accent' },
};

/** The report with its status filter, or a line saying the profile's API has no link report. */
export function LinksReport({ profileId, spaceId }: { profileId: string; spaceId: string }) {
  const offered = useOffers(profileId, 'listSpaceLinks');
  if (offered === false)
    return (
      <section className="section links-report" aria-labelledby="links-title" data-testid="links-report">
        <h2 id="links-title">Links</h2>
        <NotOffered>The link report is not available: this profile&rsquo;s API does not offer it.</NotOffered>
      </section>
    );
  return <LinksReportTabs profileId={profileId} spaceId={spaceId} />;
}

function LinksReportTabs({ profileId, spaceId }: { profileId: string; spaceId: string }) {
  const [filter, setFilter] = useState<LinkFilter>('all');
  const counts: Record<LinkFilter, UseQueryResult<number>> = {
    all: useQuery(spaceLinkCountQuery(profileId, spaceId, 'all')),
    broken: useQuery(spaceLinkCountQuery(profileId, spaceId, 'broken')),
    ok: useQuery(spaceLinkCountQuery(profileId, spaceId, 'ok')),
    'in-app': useQuery(spaceLinkCountQuery(profileId, spaceId, 'in-app')),
  };
  return (
    <section className="section links-report" aria-labelledby="links-title" data-testid="links-report">
      <h2 id="links-title">Links</h2>
      <Tabs value={filter} onValueChange={(value) => setFilter(value as LinkFilter)}>
        <TabsList aria-label="Link status">
          {FILTERS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} data-testid={`links-filter-${value}`}>
              {label}
              <span className="tab-count" data-testid={`links-count-${value}`}>
                {counts[value].isError ? '—' : (counts[value].data ?? '…')}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map(({ value, empty }) => (
          <TabsContent key={value} value={value}>
            <LinkTable profileId={profileId} spaceId={spaceId} filter={value} empty={empty} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function LinkTable({
  profileId,
  spaceId,
  filter,
  empty,
}: {
  profileId: string;
  spaceId: string;
  filter: LinkFilter;
  empty: string;
}) {
  const links = useInfiniteQuery(spaceLinksQuery(profileId, spaceId, filter));
  if (links.isPending) {
    return (
      <div className="table-skeleton" role="status" aria-busy="true" aria-label="Loading links">
        <Skeleton width="100%" height="1.5rem" />
        <Skeleton width="100%" height="1.5rem" />
      </div>
    );
  }
  if (links.isError) {
    return (
      <Banner
        tone={errorKind(links.error) === 'notAvailable' ? 'info' : 'error'}
        title="The links could not be loaded"
        actions={
          <Button size="sm" onClick={() => void links.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(links.error)}
      </Banner>
    );
  }
  const rows = links.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <table className="data-table links-table" data-testid="links-table">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Kind</th>
            <th scope="col">Target</th>
            <th scope="col">Linked from</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((usage, index) => {
            const target = usage.targetReference;
            const status = STATUS[usage.status];
            return (
              <tr key={index} data-testid="link-row" data-status={usage.status}>
                <td>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td>{target !== undefined ? kindLabel(target.kind) : '—'}</td>
                <td className="links-target">
                  {target !== undefined ? <Place place={describeLocation(target)} /> : 'Unknown target'}
                </td>
                <td>
                  <ul className="links-sources">
                    {usage.locationReferences.map((source, at) => (
                      <li key={at}>
                        <Place place={describeLocation(source)} />
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {links.hasNextPage && (
        <Button
          onClick={() => void links.fetchNextPage()}
          pending={links.isFetchingNextPage}
          data-testid="links-more"
        >
          Load more
        </Button>
      )}
    </>
  );
}

/**
 * A named place, linked when it has an address. In the desktop app the window's open handler hands such links to
 * the system browser (https only); in browser mode they open in a new tab.
 */
function Place({ place }: { place: LocationLabel }) {
  if (place.href === undefined) return <span>{place.label}</span>;
  return (
    <a href={place.href} target="_blank" rel="noreferrer">
      {place.label}
    </a>
  );
}
