/**
 * The audit log's state: the events (paged as the grid scrolls), the live tail's count of newer ones, the actions'
 * labels, the export, the focused row and the event whose details show, and opening an event's target.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { auditActionsQuery, auditEventQuery, auditEventsQuery, auditHeadQuery } from '../../queries/audit.ts';
import { toast } from '../../ui/Toast.tsx';
import { AUDIT_ROW_HEIGHT } from './AuditRow.tsx';
import { auditQueryFilters, type AuditSearch } from './auditSearch.ts';
import { targetLink, type TargetLink } from './targets.ts';
import { newerThan } from './tail.ts';
import { useAuditExport } from './useAuditExport.ts';

/** The height of the grid's header row, above the virtualized rows. */
export const HEADER_HEIGHT = 34;
/** Start fetching the next page when this close to the last loaded row. */
const PREFETCH_ROWS = 30;

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

/** The audit log of one organization, filtered by `search`. */
export function useAuditLog(profileId: string, orgId: string, search: AuditSearch) {
  const queryClient = useQueryClient();
  const [focused, setFocused] = useState(0);
  const [detail, setDetail] = useState<AuditEvent | undefined>(undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
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
  return {
    query,
    actions,
    labels,
    events,
    fresh,
    showFresh,
    exporter,
    openLink,
    detail,
    setDetail,
    scrollRef,
    now,
    virtualizer,
    items,
    count,
    current,
    last,
    setFocused,
    focusRow,
    openTarget,
    forbidden,
  };
}

/** What `useAuditLog` gives. */
export type AuditLogState = ReturnType<typeof useAuditLog>;
