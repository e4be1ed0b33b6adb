import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { profileInHash, startFirstReads } from './firstReads.ts';
import { keys } from './keys.ts';

/** The query keys the first reads ask for, for a URL's hash. */
function askedFor(hash: string): unknown[] {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  startFirstReads(queryClient, hash);
  const asked = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);
  queryClient.clear();
  return asked;
}

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
    expect(askedFor('#/p/remote-1/orgs/abc')).toEqual([keys.profiles(), keys.orgs('remote-1')]);
  });

  it('without a profile in the URL, open the local sandbox on a first start', () => {
    expect(askedFor('')).toEqual([keys.profiles(), keys.orgs('local')]);
  });
});
