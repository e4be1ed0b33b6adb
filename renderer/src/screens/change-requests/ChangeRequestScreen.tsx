/**
 * One change request: header (subject editable in place, status and its actions, author, dates, PDF export) and
 * the Overview, Changes and Comments tabs. The tab lives in the URL (`?tab=`); Alt+1, Alt+2 and Alt+3 switch tabs
 * (the palette offers the same, and "Merge…"), arrow keys move along the tab row as everywhere.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import type { Page } from '../../../../shared/contract/resources/revisions.ts';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { usePaletteActions, type PaletteAction } from '../../layout/paletteActions.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { changeRequestPagesQuery, changeRequestQuery } from '../../queries/changeRequests.ts';
import { spaceQuery } from '../../queries/spaces.ts';
import { Badge, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import './change-requests.css';
import { ChangesTab } from './ChangesTab.tsx';
import { CommentsTab } from './CommentsTab.tsx';
import { DiffImagesProvider } from './diff/images.tsx';
import { STATUS_LABELS } from './inbox.ts';
import { Overview } from './Overview.tsx';
import { PdfExport } from './PdfExport.tsx';
import { StatusActions } from './StatusActions.tsx';
import { SubjectEditor } from './SubjectEditor.tsx';
import { formatDate } from '../../ui/time.ts';

export type ChangeRequestTab = 'overview' | 'changes' | 'comments';

const TABS: { value: ChangeRequestTab; label: string; key: string }[] = [
  { value: 'overview', label: 'Overview', key: '1' },
  { value: 'changes', label: 'Changes', key: '2' },
  { value: 'comments', label: 'Comments', key: '3' },
];

/** Whether the event's target takes text (Alt+digit types a character there on some systems). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The title of a page of a tree, found by id. */
function pageTitle(pages: readonly Page[] | undefined, id: string): string | undefined {
  for (const page of pages ?? []) {
    if (page.id === id) return page.title;
    const inside = pageTitle(page.pages, id);
    if (inside !== undefined) return inside;
  }
  return undefined;
}

/** The header: subject (editable in place), status, facts, the status actions and the PDF export. */
function CrHeader({
  profileId,
  orgId,
  spaceId,
  changeRequestId,
  data,
  shownPage,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  data: ChangeRequest;
  shownPage: { id: string; title: string } | undefined;
}) {
  return (
    <header className="screen-header cr-header">
      <div className="cr-header-main">
        <SubjectEditor
          profileId={profileId}
          orgId={orgId}
          spaceId={spaceId}
          changeRequestId={changeRequestId}
          request={data}
        />
        <p className="cr-header-badges">
          <Badge tone={data.status === 'open' ? 'accent' : 'neutral'} data-testid="cr-status">
            {STATUS_LABELS[data.status]}
          </Badge>
          {data.outdated && (
            <Badge tone="warning" data-testid="cr-outdated">
              Outdated
            </Badge>
          )}
        </p>
        <dl className="cr-facts">
          <div>
            <dt>Author</dt>
            <dd data-testid="cr-author">{data.createdBy.displayName}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>
              <time dateTime={data.updatedAt}>{formatDate(data.updatedAt)}</time>
            </dd>
          </div>
          {data.status === 'merged' && (
            <div data-testid="cr-merged-facts">
              <dt>Merged</dt>
              <dd>
                {data.mergedAt !== undefined && (
                  <time dateTime={data.mergedAt}>{formatDate(data.mergedAt)}</time>
                )}
                {data.mergedBy !== undefined && ` by ${data.mergedBy.displayName}`}
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div className="cr-header-actions">
        <StatusActions
          profileId={profileId}
          orgId={orgId}
          spaceId={spaceId}
          changeRequestId={changeRequestId}
          request={data}
        />
        <PdfExport
          profileId={profileId}
          spaceId={spaceId}
          changeRequestId={changeRequestId}
          request={data}
          page={shownPage}
        />
      </div>
    </header>
  );
}

/** Alt+1, Alt+2 and Alt+3 switch tabs; the palette offers the tabs and, on an open request, "Merge…". */
function useTabShortcuts(
  go: (search: { tab?: ChangeRequestTab; page?: string }) => void,
  status: ChangeRequest['status'] | undefined,
  setConfirmingMerge: (confirming: boolean) => void,
): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isEditable(event.target))
        return;
      const target = TABS.find((entry) => event.code === `Digit${entry.key}` || event.key === entry.key);
      if (target === undefined) return;
      event.preventDefault();
      go({ tab: target.value });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const paletteActions = useMemo<PaletteAction[]>(
    () => [
      ...TABS.map((entry) => ({
        id: `change-request:tab-${entry.value}`,
        label: `Change request: ${entry.label}`,
        keywords: ['change request', 'tab', entry.value],
        run: () => go({ tab: entry.value }),
      })),
      ...(status === 'open'
        ? [
            {
              id: 'change-request:merge',
              label: 'Merge this change request…',
              keywords: ['merge', 'change request'],
              run: () => {
                go({ tab: 'overview' });
                // The palette closes as the action runs: open the dialog once it has let go of the focus.
                setTimeout(() => setConfirmingMerge(true), 0);
              },
            },
          ]
        : []),
    ],
    [go, status],
  );
  usePaletteActions('change-request', paletteActions);
}

/** The way back: the inbox, the space, the request's number. */
function Breadcrumb({
  profileId,
  orgId,
  spaceId,
  spaceTitle,
  number,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  spaceTitle: string | undefined;
  number: number | undefined;
}) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to="/p/$profileId/orgs/$orgId/change-requests" params={{ profileId, orgId }}>
            Change requests
          </Link>
        </li>
        <li>
          <Link to="/p/$profileId/orgs/$orgId/spaces/$spaceId" params={{ profileId, orgId, spaceId }}>
            {spaceTitle || 'Space'}
          </Link>
        </li>
        <li aria-current="page">{number !== undefined ? `#${number}` : '…'}</li>
      </ol>
    </nav>
  );
}

/** A request that could not be read: not found in this space, or another error with Retry. */
function CrError({
  error,
  profileName,
  onRetry,
  inbox,
}: {
  error: unknown;
  profileName: string;
  onRetry: () => void;
  inbox: { profileId: string; orgId: string };
}) {
  const { profileId, orgId } = inbox;
  return errorKind(error) === 'notFound' ? (
    <div data-testid="cr-not-found">
      <h1 id="cr-title">Change request not found</h1>
      <EmptyState title="This change request does not exist in this space">
        It may have been opened in another space, or the link is wrong.{' '}
        <Link to="/p/$profileId/orgs/$orgId/change-requests" params={{ profileId, orgId }}>
          Open the inbox
        </Link>
        .
      </EmptyState>
    </div>
  ) : (
    <>
      <h1 id="cr-title">Change request</h1>
      <ErrorState error={error} what="this change request" profileName={profileName} onRetry={onRetry} />
    </>
  );
}

export function ChangeRequestScreen({
  profileId,
  orgId,
  spaceId,
  changeRequestId,
  tab,
  pageId,
  onNavigate,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  tab: ChangeRequestTab;
  pageId: string | undefined;
  onNavigate: (search: { tab?: ChangeRequestTab; page?: string }) => void;
}) {
  const { profile } = useActiveProfile();
  // The route hands a new `onNavigate` each render: keep one stable function for the shortcuts and the palette.
  const navigateRef = useRef(onNavigate);
  useEffect(() => {
    navigateRef.current = onNavigate;
  });
  const go = useCallback(
    (search: { tab?: ChangeRequestTab; page?: string }) => navigateRef.current(search),
    [],
  );
  const request = useQuery(changeRequestQuery(profileId, orgId, spaceId, changeRequestId));
  const space = useQuery(spaceQuery(profileId, spaceId));
  const data = request.data;
  const [confirmingMerge, setConfirmingMerge] = useState(false);
  useDocumentTitle(
    data !== undefined ? `#${data.number} ${data.subject} · Change request` : 'Change request',
  );

  // The page shown on the Changes tab, named for "Export this page" (the tree is cached with the Overview's).
  const showsPage = tab === 'changes' && pageId !== undefined && data !== undefined;
  const pages = useQuery({
    ...changeRequestPagesQuery(profileId, orgId, spaceId, changeRequestId, data?.revision ?? ''),
    enabled: showsPage,
  });
  const shownPage =
    showsPage && pageId !== undefined
      ? { id: pageId, title: pageTitle(pages.data, pageId) ?? 'Page' }
      : undefined;

  useTabShortcuts(go, data?.status, setConfirmingMerge);

  let body;
  if (request.isError) {
    body = (
      <CrError
        error={request.error}
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void request.refetch()}
        inbox={{ profileId, orgId }}
      />
    );
  } else if (data === undefined) {
    body = (
      <div
        role="status"

        aria-busy="true"
        aria-label="Loading the change request"
        data-testid="cr-loading"
      >
        <h1 id="cr-title" className="visually-hidden">
          Change request
        </h1>
        <Skeleton width="24em" height="2rem" />
        <Skeleton width="16em" height="1rem" />
        <Skeleton width="100%" height="8rem" />
      </div>
    );
  } else {
    const common = { profileId, orgId, spaceId, changeRequest: data };
    body = (
      <>
        <CrHeader
          profileId={profileId}
          orgId={orgId}
          spaceId={spaceId}
          changeRequestId={changeRequestId}
          data={data}
          shownPage={shownPage}
        />
        <Tabs value={tab} onValueChange={(value) => onNavigate({ tab: value as ChangeRequestTab })}>
          <TabsList aria-label="Change request">
            {TABS.map((entry) => (
              <TabsTrigger
                key={entry.value}
                value={entry.value}
                aria-keyshortcuts={`Alt+${entry.key}`}
                title={`Alt+${entry.key}`}
                data-testid={`cr-tab-${entry.value}`}
              >
                {entry.label}
                {entry.value === 'comments' && data.comments > 0 && (
                  <span className="tab-count">{data.comments}</span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <Overview
              profileId={profileId}
              orgId={orgId}
              spaceId={spaceId}
              changeRequestId={changeRequestId}
              request={data}
              onOpen={(target) => onNavigate(target)}
              confirmingMerge={confirmingMerge}
              onConfirmingMergeChange={setConfirmingMerge}
            />
          </TabsContent>
          <TabsContent value="changes">
            <DiffImagesProvider profileId={profileId} spaceId={spaceId} request={data}>
              <ChangesTab {...common} pageId={pageId} onPageChange={(page) => onNavigate({ tab, page })} />
            </DiffImagesProvider>
          </TabsContent>
          <TabsContent value="comments">
            <CommentsTab {...common} />
          </TabsContent>
        </Tabs>
      </>
    );
  }

  return (
    <section
      className="screen cr-screen"
      data-testid="change-request-screen"
      data-change-request={changeRequestId}
      aria-labelledby="cr-title"
    >
      <Breadcrumb
        profileId={profileId}
        orgId={orgId}
        spaceId={spaceId}
        spaceTitle={space.data?.title}
        number={data?.number}
      />
      {body}
    </section>
  );
}
