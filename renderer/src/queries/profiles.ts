/**
 * Profiles, kept by the main-process core. Adding, testing and replacing a token take the token, so they are plain
 * calls and not `useMutation`s: a mutation keeps its variables in the mutation cache, and the token must live nowhere.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BridgeRequest, ConnectionTest, Profile } from '../../../shared/bridge.ts';
import { bridgeValue } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** The profiles, the keychain's status and the problems met loading them. */
export function profilesQuery() {
  return queryOptions({
    queryKey: keys.profiles(),
    queryFn: () => bridgeValue('profiles.list', {}),
    staleTime: 60_000,
  });
}

/** How often the local sandbox's status is asked while it is the active profile. */
const SANDBOX_POLL_MS = 5_000;

/** The local sandbox's status: whether it runs and its latest restart this launch (polled while `enabled`). */
export function sandboxStatusQuery(enabled: boolean) {
  return queryOptions({
    queryKey: keys.sandbox(),
    queryFn: () => bridgeValue('sandbox.status', {}),
    enabled,
    refetchInterval: SANDBOX_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Adds a remote profile; the caller passes the token straight from the input and keeps no copy. */
export async function addProfile(
  queryClient: QueryClient,
  request: BridgeRequest<'profiles.add'>,
): Promise<Profile> {
  const profile = await bridgeValue('profiles.add', request);
  await queryClient.invalidateQueries({ queryKey: keys.profiles() });
  return profile;
}

/** Replaces a remote profile's token; the caller passes it straight from the input and keeps no copy. */
export async function setProfileToken(request: BridgeRequest<'profiles.setToken'>): Promise<void> {
  await bridgeValue('profiles.setToken', request);
}

/** Tests a base URL and token before saving, or a saved profile by id. */
export function testConnection(request: BridgeRequest<'profiles.test'>): Promise<ConnectionTest> {
  return bridgeValue('profiles.test', request);
}

/** Renames a profile. */
export function useRenameProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BridgeRequest<'profiles.rename'>) => bridgeValue('profiles.rename', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.profiles() }),
  });
}

/** Removes a profile (the core deletes its keychain item) and drops everything cached for it. */
export function useRemoveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BridgeRequest<'profiles.remove'>) => bridgeValue('profiles.remove', request),
    onSuccess: async (_value, request) => {
      queryClient.removeQueries({ queryKey: keys.profile(request.id) });
      await queryClient.invalidateQueries({ queryKey: keys.profiles() });
    },
  });
}
