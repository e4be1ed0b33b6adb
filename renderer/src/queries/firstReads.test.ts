import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { profileInHash, startFirstReads } from './firstReads.ts';
import { keys } from './keys.ts';

describe('the first reads', () => {
  it('find the profile a hash URL names', () => {
    expect(profileInHash('#/p/local/orgs/abc')).toBe('local');
    expect(profileInHash('#/p/team%20docs')).toBe('team docs');
    expect(profileInHash('#/p/x?tab=1')).toBe('x');
    expect(profileInHash('#/profiles')).toBeUndefined();
    expect(profileInHash('')).toBeUndefined();
    expect(profileInHash('#/p/%E0%A4%A')).toBeUndefined();
  });

  it('ask for the profiles and the organizations of the profile opened first', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startFirstReads(queryClient, '#/p/remote-1/orgs/abc');
    const asked = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(asked).toEqual([keys.profiles(), keys.orgs('remote-1')]);
    queryClient.clear();
  });

  it('without a profile in the URL, open the local sandbox on a first start', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startFirstReads(queryClient, '');
    const asked = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(asked).toEqual([keys.profiles(), keys.orgs('local')]);
    queryClient.clear();
  });
});
