/**
 * The reads every start needs, sent as soon as the bundle runs: the profiles and the organizations of the profile
 * the app will open. React's first render and the router's set-up (about 70–100 ms of the main thread) then happen
 * while the host answers, instead of before the requests leave; the screens find them in flight in the cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { pickProfileId } from '../layout/pickProfile.ts';
import { lastProfileId } from '../theme/prefs.ts';
import { orgsQuery } from './orgs.ts';
import { profilesQuery } from './profiles.ts';

/** The profile a hash URL names (`#/p/<id>/…`), if any. */
export function profileInHash(hash: string): string | undefined {
  const encoded = /^#\/p\/([^/?#]+)/.exec(hash)?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * Starts the first reads: the profiles, and the organizations of the profile the sidebar will pick first. Settles
 * once both are answered, read or failed (their queries hold the answers).
 */
export function startFirstReads(queryClient: QueryClient, hash: string): Promise<void> {
  const profiles = queryClient.prefetchQuery(profilesQuery());
  // The stored last profile only when the URL names none: the page's first read of localStorage waits for the
  // storage to load (5–10 ms of this task).
  const fromUrl = profileInHash(hash);
  const profileId = pickProfileId(undefined, fromUrl, fromUrl === undefined ? lastProfileId() : undefined);
  const orgs = profileId !== undefined ? queryClient.prefetchQuery(orgsQuery(profileId)) : undefined;
  return Promise.all([profiles, orgs]).then(() => undefined);
}
