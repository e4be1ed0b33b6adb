import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { keys } from '../../queries/keys.ts';
import { startOrg } from './startOrg.ts';

const clients: QueryClient[] = [];

/** A query client holding the profiles and, per profile, its organizations' ids, as the first reads leave them. */
function readsIn(profiles: string[] | undefined, orgs: Record<string, string[]>): QueryClient {
  const queryClient = new QueryClient();
  clients.push(queryClient);
  if (profiles !== undefined)
    queryClient.setQueryData(keys.profiles(), {
      profiles: profiles.map((id) => ({ id, name: id })),
      keychain: 'available',
      problems: [],
    });
  for (const [profileId, ids] of Object.entries(orgs))
    queryClient.setQueryData(keys.orgs(profileId), {
      items: ids.map((id) => ({ id, title: id })),
      count: ids.length,
    });
  return queryClient;
}

afterEach(() => {
  for (const queryClient of clients.splice(0)) queryClient.clear();
});

describe("the organization a start on '/' opens at once", () => {
  it('is the local sandbox’s first organization on a first start', () => {
    expect(startOrg(readsIn(['local', 'remote'], { local: ['a', 'b'] }))).toEqual({
      profileId: 'local',
      orgId: 'a',
    });
  });

  it('is none while the profiles or the organizations are not read', () => {
    expect(startOrg(readsIn(undefined, { local: ['a'] }))).toBeUndefined();
    expect(startOrg(readsIn(['local'], {}))).toBeUndefined();
  });

  it('is none for a profile without organizations (its screen says so) or without profiles', () => {
    expect(startOrg(readsIn(['local'], { local: [] }))).toBeUndefined();
    expect(startOrg(readsIn([], {}))).toBeUndefined();
  });

  it('follows the profile the app would pick when the sandbox is gone', () => {
    expect(startOrg(readsIn(['remote'], { remote: ['r1'], local: ['a'] }))).toEqual({
      profileId: 'remote',
      orgId: 'r1',
    });
  });
});
