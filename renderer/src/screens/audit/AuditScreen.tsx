/**
 * The audit log of an organization (admins only): who changed what, and when, newest first. A virtualized grid that
 * loads the next page as it scrolls; filters by action, actor, target and days, kept in the URL; a target opens its
 * screen; an event's details on demand; the filtered range exported as CSV.
 */
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { NotOffered } from '../../ui/ApiNotes.tsx';
import { Button } from '../../ui/Button.tsx';
import { Banner, EmptyState } from '../../ui/Feedback.tsx';
import { gridKeyDown } from '../../ui/gridKeys.ts';
import { AuditDetail } from './AuditDetail.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { AUDIT_ROW_HEIGHT, AuditRow, AuditSkeletonRow } from './AuditRow.tsx';
import { HEADER_HEIGHT, useAuditLog, type AuditLogState } from './useAuditLog.ts';
import { isFiltered, type AuditSearch } from './auditSearch.ts';
import { targetLink } from './targets.ts';
import './audit.css';

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

/** The log: filters, the count and the live tail's button, the grid, and an event's details. */
function AuditLog({ profileId, orgId, search, onSearchChange }: AuditScreenProps) {
  const { profile } = useActiveProfile();
  const log = useAuditLog(profileId, orgId, search);
  const { query, actions, events, fresh, showFresh, exporter, openLink, detail, setDetail, labels } = log;
  const { current, focusRow, forbidden } = log;
  const { hasNextPage, isFetchNextPageError, fetchNextPage } = query;
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
      <AuditGrid log={log} profileId={profileId} orgId={orgId} search={search} />
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

/** The virtualized grid of events: arrows move, Enter opens the target (or the details), Space shows the details. */
function AuditGrid({
  log,
  profileId,
  orgId,
  search,
}: {
  log: AuditLogState;
  profileId: string;
  orgId: string;
  search: AuditSearch;
}) {
  const { query, events, labels, scrollRef, now, virtualizer, items, count, current, last } = log;
  const { setFocused, focusRow, openTarget, setDetail } = log;
  const { hasNextPage } = query;
  return (
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
  );
}
