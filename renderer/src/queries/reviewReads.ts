/**
 * The reads a change request's screen starts with: the request, then (unless on the Comments tab) both page trees,
 * the Overview's and the Changes tab's, which need the request. Its route's loader sends them on entering it; when
 * the app opens on a request, the bundle's first module sends them already (`renderer/src/startReads.ts`), and the
 * loader's finds them in flight or fresh in the cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { changeRequestQuery } from './changeRequests.ts';
import { reviewBasePagesQuery, reviewHeadPagesQuery } from './review.ts';

/** Which change request a screen shows. */
export interface ChangeRequestParams {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
}

/** Sends the reads of a change request's screen on `tab` (none: the Overview). */
export function startChangeRequestReads(
  queryClient: QueryClient,
  { profileId, orgId, spaceId, changeRequestId }: ChangeRequestParams,
  tab: string | undefined,
): void {
  const request = changeRequestQuery(profileId, orgId, spaceId, changeRequestId);
  if (tab === 'comments') {
    void queryClient.prefetchQuery(request);
    return;
  }
  void queryClient.fetchQuery(request).then(
    (changeRequest) => {
      void queryClient.prefetchQuery(reviewHeadPagesQuery(profileId, orgId, spaceId, changeRequest));
      void queryClient.prefetchQuery(reviewBasePagesQuery(profileId, spaceId, changeRequest));
    },
    // The screen shows the request's error (from its own read of it).
    () => undefined,
  );
}

const CHANGE_REQUEST_HASH =
  /^#\/p\/([^/?#]+)\/orgs\/([^/?#]+)\/spaces\/([^/?#]+)\/change-requests\/([^/?#]+)\/?(?:\?([^#]*))?$/;

/**
 * The change request a hash URL opens (`#/p/<profile>/orgs/<org>/spaces/<space>/change-requests/<id>?tab=…&page=…`),
 * with its tab and page.
 */
export function changeRequestInHash(
  hash: string,
): { params: ChangeRequestParams; tab: string | undefined; page: string | undefined } | undefined {
  const match = CHANGE_REQUEST_HASH.exec(hash);
  if (match === null) return undefined;
  try {
    const search = new URLSearchParams(match[5] ?? '');
    const [profileId, orgId, spaceId, changeRequestId] = match
      .slice(1, 5)
      .map((part) => decodeURIComponent(part!));
    return {
      params: { profileId: profileId!, orgId: orgId!, spaceId: spaceId!, changeRequestId: changeRequestId! },
      tab: search.get('tab') ?? undefined,
      page: search.get('page') || undefined,
    };
  } catch {
    return undefined;
  }
}

/** Sends the reads of the location a hash URL opens, when they are known here (a change request's). */
export function startLocationReads(queryClient: QueryClient, hash: string): void {
  const opened = changeRequestInHash(hash);
  if (opened !== undefined) startChangeRequestReads(queryClient, opened.params, opened.tab);
}
