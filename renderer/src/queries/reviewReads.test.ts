import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changeRequestQuery } from './changeRequests.ts';
import { changeRequestInHash, startLocationReads } from './reviewReads.ts';

describe("a change request's first reads", () => {
  it('find the change request, tab and page a hash URL opens', () => {
    expect(changeRequestInHash('#/p/local/orgs/o1/spaces/s1/change-requests/cr1?tab=changes')).toStrictEqual({
      params: { profileId: 'local', orgId: 'o1', spaceId: 's1', changeRequestId: 'cr1' },
      tab: 'changes',
      page: undefined,
    });
    expect(changeRequestInHash('#/p/team%20docs/orgs/o1/spaces/s1/change-requests/cr1')).toStrictEqual({
      params: { profileId: 'team docs', orgId: 'o1', spaceId: 's1', changeRequestId: 'cr1' },
      tab: undefined,
      page: undefined,
    });
    const opened = changeRequestInHash(
      '#/p/local/orgs/o1/spaces/s1/change-requests/cr1/?page=p1&tab=comments',
    );
    expect([opened?.tab, opened?.page]).toStrictEqual(['comments', 'p1']);
    // An empty page is none (the route's own rule).
    expect(
      changeRequestInHash('#/p/local/orgs/o1/spaces/s1/change-requests/cr1?page=')?.page,
    ).toBeUndefined();
    // Other screens, and a malformed escape: nothing is read early.
    expect(changeRequestInHash('#/p/local/orgs/o1/change-requests')).toBeUndefined();
    expect(changeRequestInHash('#/p/local/orgs/o1/spaces/s1')).toBeUndefined();
    expect(changeRequestInHash('#/p/local/orgs/o1/spaces/s1/change-requests/cr1/extra')).toBeUndefined();
    expect(changeRequestInHash('#/p/%E0%A4%A/orgs/o1/spaces/s1/change-requests/cr1')).toBeUndefined();
    expect(changeRequestInHash('')).toBeUndefined();
  });

  it('ask for the change request of the URL (its trees once it is read), and nothing on other screens', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startLocationReads(queryClient, '#/p/local/orgs/o1/spaces/s1');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    startLocationReads(queryClient, '#/p/local/orgs/o1/spaces/s1/change-requests/cr1?tab=changes');
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([changeRequestQuery('local', 'o1', 's1', 'cr1').queryKey]);
    queryClient.clear();
  });
});
