/**
 * Whether a profile's calls are waiting for its API's rate limit (`api.pacing`), for the long jobs that show it:
 * a review reading page bodies, bulk role changes, bulk invites, custom fields' "check every space".
 */
import { useQuery } from '@tanstack/react-query';
import { bridgeValue } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** How often a running job asks. */
const POLL_MS = 1_000;
/** Waits shorter than this are not worth a line (a wait is shown in whole seconds, rounded up). */
const SHOWN_FROM_MS = 250;

/** While `active`, the seconds the profile's next call still waits for the API's rate limit (undefined: none). */
export function useRateLimitWait(profileId: string, active: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: keys.derived(keys.profile(profileId), 'pacing'),
    queryFn: () => bridgeValue('api.pacing', { profileId }),
    enabled: active,
    refetchInterval: active ? POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
  });
  if (!active || data === undefined || data.waitMs < SHOWN_FROM_MS) return undefined;
  return Math.ceil(data.waitMs / 1000);
}
