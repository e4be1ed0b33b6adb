import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../shared/client.ts';
import { keys } from './keys.ts';
import { latestUnreachable } from './unreachable.ts';

const fail = (status: number) => () => Promise.reject(new ApiClientError(status, `failed with ${status}`));

describe('latestUnreachable', () => {
  it('reports a 503 or 504 of the profile until a query of that profile succeeds', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cache = client.getQueryCache();
    await client.prefetchQuery({ queryKey: keys.orgs('p'), queryFn: fail(503) });
    expect(latestUnreachable(cache, 'p')?.message).toBe('failed with 503');
    expect(latestUnreachable(cache, 'other')).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await client.fetchQuery({ queryKey: keys.orgs('p'), queryFn: () => Promise.resolve({ items: [] }) });
    expect(latestUnreachable(cache, 'p')).toBeUndefined();
  });

  it('ignores errors that say nothing about reachability', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({ queryKey: keys.org('p', 'o'), queryFn: fail(401) });
    await client.prefetchQuery({
      queryKey: keys.derived(keys.org('p', 'o'), 'count', { list: 'spaces' }),
      queryFn: fail(501),
    });
    expect(latestUnreachable(client.getQueryCache(), 'p')).toBeUndefined();
  });
});
