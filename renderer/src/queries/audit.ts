/**
 * The organization's audit log (admins only): the paged events with filters, one event's details, and the actions'
 * labels. The three operations are extensions of our contract that GitBook publishes too; reads go through
 * `optionalRead`, so an API without them turns the screen to its note instead of an error.
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AuditEvent } from '../../../shared/contract/resources/audit.ts';
import { AUDIT_EVENTS_LIMIT_MAX } from '../../../shared/contract/resources/audit.ts';
import { clientFor } from '../bridge/api.ts';
import { eachPage } from './allPages.ts';
import type { AuditQueryFilters } from '../screens/audit/auditSearch.ts';
import { optionalRead } from './capabilities.ts';
import { keys } from './keys.ts';

/** Events per page: the API's largest, so that scrolling and exporting take the fewest requests. */
export const AUDIT_PAGE_SIZE = AUDIT_EVENTS_LIMIT_MAX;

/** The key prefix of everything read from an organization's audit log. */
export function auditKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'audit');
}

/** One page of events with filters, from `page` (the previous page's `next.page`). */
function auditPage(profileId: string, orgId: string, filters: AuditQueryFilters, page: string | undefined) {
  return clientFor(profileId).call('listOrganizationAuditEvents', {
    params: { organizationId: orgId },
    query: { ...filters, limit: AUDIT_PAGE_SIZE, ...(page !== undefined ? { page } : {}) },
  });
}

/** The events with filters, newest first, paged through `next.page`. */
export function auditEventsQuery(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  filters: AuditQueryFilters,
) {
  return infiniteQueryOptions({
    queryKey: keys.read(auditKey(profileId, orgId), 'listOrganizationAuditEvents', { ...filters }),
    queryFn: ({ pageParam }) =>
      optionalRead(queryClient, profileId, 'listOrganizationAuditEvents', () =>
        auditPage(profileId, orgId, filters, pageParam),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

/** How often an open audit log asks for events newer than its first (its live tail). */
export const AUDIT_TAIL_MS = 10_000;

/**
 * The newest events with filters (one page of 20), asked again every `AUDIT_TAIL_MS` while the log is open and the
 * window shown: the log compares it with its first row to offer what came in since.
 */
export function auditHeadQuery(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  filters: AuditQueryFilters,
) {
  return queryOptions({
    queryKey: keys.read(auditKey(profileId, orgId), 'listOrganizationAuditEvents', { ...filters, limit: 20 }),
    queryFn: () =>
      optionalRead(queryClient, profileId, 'listOrganizationAuditEvents', () =>
        clientFor(profileId).call('listOrganizationAuditEvents', {
          params: { organizationId: orgId },
          query: { ...filters, limit: 20 },
        }),
      ),
    refetchInterval: AUDIT_TAIL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The actions an event can name, with their labels (a short catalogue: kept for the session). */
export function auditActionsQuery(queryClient: QueryClient, profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.read(auditKey(profileId, orgId), 'listOrganizationAuditEventActions'),
    queryFn: () =>
      optionalRead(queryClient, profileId, 'listOrganizationAuditEventActions', () =>
        clientFor(profileId).call('listOrganizationAuditEventActions', { params: { organizationId: orgId } }),
      ),
    staleTime: Infinity,
  });
}

/** One event with what it recorded (an event never changes once recorded). */
export function auditEventQuery(queryClient: QueryClient, profileId: string, orgId: string, eventId: string) {
  return queryOptions({
    queryKey: keys.read(auditKey(profileId, orgId), 'getOrganizationAuditEvent', { eventId }),
    queryFn: () =>
      optionalRead(queryClient, profileId, 'getOrganizationAuditEvent', () =>
        clientFor(profileId).call('getOrganizationAuditEvent', {
          params: { organizationId: orgId, auditEventId: eventId },
        }),
      ),
    staleTime: Infinity,
  });
}

/**
 * Every event with filters, page after page in sequence (one request at a time, so that the API's rate limit paces
 * it), each page handed to `onPage` as it arrives and not kept (the export writes it to its file); `signal` stops
 * it between pages. Answers the number of events.
 */
export async function eachAuditPage(
  profileId: string,
  orgId: string,
  filters: AuditQueryFilters,
  onPage: (events: readonly AuditEvent[]) => void,
  signal?: AbortSignal,
): Promise<number> {
  let count = 0;
  await eachPage(
    (page) => auditPage(profileId, orgId, filters, page),
    (answer) => {
      onPage(answer.items);
      count += answer.items.length;
    },
    { signal },
  );
  return count;
}
