/**
 * The audit log of an organization (admins only): who changed what, and when, newest first. A virtualized grid that
 * loads the next page as it scrolls; filters by action, actor, target and days, kept in the URL; a target opens its
 * screen; an event's details on demand; the filtered range exported as CSV.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { auditActionsQuery, auditEventQuery, auditEventsQuery, auditHeadQuery } from '../../queries/audit.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { NotOffered } from '../../ui/ApiNotes.tsx';
import { Button } from '../../ui/Button.tsx';
import { Banner, EmptyState } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { gridKeyDown } from '../../ui/gridKeys.ts';
import { AuditDetail } from './AuditDetail.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { AUDIT_ROW_HEIGHT, AuditRow, AuditSkeletonRow } from './AuditRow.tsx';
import { auditQueryFilters, isFiltered, type AuditSearch } from './auditSearch.ts';
import { targetLink, type TargetLink } from './targets.ts';
import { newerThan } from './tail.ts';
import { useAuditExport } from './useAuditExport.ts';
import './audit.css';

const HEADER_HEIGHT = 34;
/** Start fetching the next page when this close to the last loaded row. */
const PREFETCH_ROWS = 30;

/** Props of `AuditScreen`: the filters live in the URL. */
export interface AuditScreenProps {
  profileId: string;
  orgId: string;
  search: AuditSearch;
  onSearchChange: (search: AuditSearch) => void;
}

/** The audit log screen of one organization. */
export function AuditScreen({ profileId, orgId, search, onSearchChange }: AuditScreenProps) {
  useDocumentTitle('Audit log');
  const offered = useOffers(profileId, 'listOrganizationAuditEvents');
  return (
    <section className="screen audit-screen" data-testid="audit-screen" aria-labelledby="audit-title">
      <header className="screen-header">
        <h1 id="audit-title">Audit log</h1>
        <p className="muted">
          Every change made to this organization through its API: who made it, what it was, and what it
          touched, newest first.
        </p>
      </header>
      {offered === false ? (
        <NotOffered>The audit log is not available: this profile’s API does not offer it.</NotOffered>
      ) : (
        <AuditLog profileId={profileId} orgId={orgId} search={search} onSearchChange={onSearchChange} />
      )}
    </section>
  );
}

/** Navigates to a target's screen. */
function useOpenLink(profileId: string, orgId: string) {
  const navigate = useNavigate();
  return useCallback(
    (link: TargetLink) =>
      void navigate({
        to: link.to,
        params: { profileId, orgId, ...link.params },
        search: link.search,
      }),
    [navigate, profileId, orgId],
  );
}

function AuditLog({ profileId, orgId, search, onSearchChange }: AuditScreenProps) {
  const queryClient = useQueryClient();
  const { profile } = useActiveProfile();
  const filters = useMemo(() => auditQueryFilters(search), [search]);
  const query = useInfiniteQuery(auditEventsQuery(queryClient, profileId, orgId, filters));
  const actions = useQuery(auditActionsQuery(queryClient, profileId, orgId));
  const labels = useMemo(
    () => new Map((actions.data?.items ?? []).map((action) => [action.id, action.label])),
    [actions.data],
  );
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  // The live tail: the newest events, asked again while the log is open, against the first row shown.
  const head = useQuery({
    ...auditHeadQuery(queryClient, profileId, orgId, filters),
    enabled: query.isSuccess,
  });
  const fresh =
    head.data === undefined || !query.isSuccess || query.isFetching
      ? 0
      : newerThan(head.data.items, events[0]);
  const showFresh = useCallback(() => {
    setFocused(0);
    scrollRef.current?.scrollTo({ top: 0 });
    void queryClient.resetQueries({
      queryKey: auditEventsQuery(queryClient, profileId, orgId, filters).queryKey,
    });
  }, [queryClient, profileId, orgId, filters]);
  const exporter = useAuditExport(profileId, orgId, search);
  const openLink = useOpenLink(profileId, orgId);
  const [focused, setFocused] = useState(0);
  const [detail, setDetail] = useState<AuditEvent | undefined>(undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = Date.now();

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const count = events.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => AUDIT_ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError &&
      lastVisible >= events.length - PREFETCH_ROWS
    )
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastVisible, events.length, fetchNextPage]);

  const last = events.length - 1;
  const current = Math.max(0, Math.min(focused, last));
  // A new filter starts at the top.
  useEffect(() => setFocused(0), [filters]);

  const focusRow = useCallback(
    (index: number) => {
      setFocused(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      let tries = 0;
      const attempt = () => {
        const row = scrollRef.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`);
        if (row) row.focus({ preventScroll: true });
        else if (tries++ < 6) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [virtualizer],
  );

  /** Opens an event's target: at once where its screen is known, else after reading its details. */
  const openTarget = useCallback(
    (event: AuditEvent) => {
      const link = targetLink(event.target);
      if (link !== undefined) return openLink(link);
      void queryClient
        .fetchQuery(auditEventQuery(queryClient, profileId, orgId, event.id))
        .then((details) => {
          const found = targetLink(details.target, details.payload);
          if (found !== undefined) openLink(found);
          else setDetail(event);
        })
        .catch((error: unknown) =>
          toast({ tone: 'error', title: 'Could not open the target', description: errorMessage(error) }),
        );
    },
    [openLink, queryClient, profileId, orgId],
  );

  const forbidden = query.isError && errorKind(query.error) === 'forbidden';
  const toolbar = (
    <AuditFilters
      search={search}
      onChange={onSearchChange}
      actions={actions.data?.items}
      exporting={exporter.exporting}
      exported={exporter.count}
      onExport={exporter.run}
      onCancelExport={exporter.cancel}
      canExport={!forbidden && query.isSuccess && events.length > 0}
    />
  );

  if (query.isError && !isFetchNextPageError)
    return forbidden ? (
      <EmptyState title="Only admins see the audit log">
        Ask an admin of the organization to look up who changed what.
      </EmptyState>
    ) : (
      <>
        {toolbar}
        <ErrorState
          error={query.error}
          what="the audit log"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void query.refetch()}
        />
      </>
    );

  return (
    <>
      {toolbar}
      <div className="audit-status" aria-live="polite">
        <p className="muted audit-count" data-testid="audit-count">
          {query.isPending
            ? 'Loading events…'
            : `${events.length}${hasNextPage ? '+' : ''} event${events.length === 1 ? '' : 's'}${
                isFiltered(search) ? ' match' : ''
              }`}
        </p>
        {fresh > 0 && (
          <Button size="sm" variant="secondary" onClick={showFresh} data-testid="audit-show-new">
            {fresh >= 20 ? '20+ new events' : `${fresh} new event${fresh === 1 ? '' : 's'}`}: show
          </Button>
        )}
      </div>
      <div
        ref={scrollRef}
        role="grid"
        aria-label="Audit events"
        aria-rowcount={query.isPending || hasNextPage ? -1 : count + 1}
        aria-busy={query.isFetching || undefined}
        className="audit-grid"
        data-testid="audit-grid"
        onKeyDown={(event) =>
          gridKeyDown(event, {
            focused: current,
            last,
            pageSize: Math.max(1, items.length - 4),
            moveTo: focusRow,
            toggle: (index) => setDetail(events[index]),
            open: (index) => {
              const chosen = events[index];
              if (chosen === undefined) return;
              if (targetLink(chosen.target) !== undefined || chosen.target.type === 'change_request')
                openTarget(chosen);
              else setDetail(chosen);
            },
            selectAll: () => undefined,
            clear: () => false,
          })
        }
      >
        <div role="row" className="audit-row audit-header" aria-rowindex={1}>
          <div role="columnheader" className="audit-cell">
            Time
          </div>
          <div role="columnheader" className="audit-cell">
            Actor
          </div>
          <div role="columnheader" className="audit-cell">
            Action
          </div>
          <div role="columnheader" className="audit-cell">
            Target
          </div>
          <div role="columnheader" className="audit-cell">
            <span className="visually-hidden">Details</span>
          </div>
        </div>
        <div
          role="rowgroup"
          className="audit-body"
          style={{ height: query.isPending ? AUDIT_ROW_HEIGHT * 6 : virtualizer.getTotalSize() }}
        >
          {query.isPending
            ? Array.from({ length: 6 }, (_, i) => (
                <AuditSkeletonRow key={i} index={i} start={i * AUDIT_ROW_HEIGHT} />
              ))
            : items.map((item) => {
                const event = events[item.index];
                const start = item.start - HEADER_HEIGHT;
                if (event === undefined)
                  return <AuditSkeletonRow key={item.key} index={item.index} start={start} />;
                return (
                  <AuditRow
                    key={event.id}
                    profileId={profileId}
                    orgId={orgId}
                    event={event}
                    actionLabel={labels.get(event.action) ?? event.action}
                    index={item.index}
                    start={start}
                    now={now}
                    tabbable={item.index === current}
                    onFocusRow={setFocused}
                    onOpenTarget={openTarget}
                    onDetails={setDetail}
                  />
                );
              })}
        </div>
        {query.isSuccess && events.length === 0 && (
          <EmptyState title={isFiltered(search) ? 'No events match' : 'No events yet'}>
            {isFiltered(search)
              ? 'Try another action, person, target or range of days.'
              : 'Changes to this organization show here as they are made.'}
          </EmptyState>
        )}
      </div>
      {isFetchNextPageError && (
        <Banner
          tone="error"
          title="Could not load more events"
          actions={
            <Button size="sm" onClick={() => void fetchNextPage()}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Banner>
      )}
      <AuditDetail
        profileId={profileId}
        orgId={orgId}
        event={detail}
        actionLabel={detail === undefined ? '' : (labels.get(detail.action) ?? detail.action)}
        onFilter={(name, value) => {
          setDetail(undefined);
          onSearchChange({ ...search, [name]: value });
        }}
        onOpen={(link) => {
          setDetail(undefined);
          openLink(link);
        }}
        onClose={() => {
          setDetail(undefined);
          focusRow(current);
        }}
      />
    </>
  );
}
