/** One-line notes about the profile's API: a wait for its rate limit, and what it does not offer. */
import { useRateLimitWait } from '../queries/pacing.ts';

/** "waiting for the API's rate limit (12 s)" while `active` and the profile's calls are held back; else nothing. */
export function RateLimitWait({ profileId, active }: { profileId: string; active: boolean }) {
  const seconds = useRateLimitWait(profileId, active);
  if (seconds === undefined) return null;
  return (
    <span className="muted rate-limit-wait" role="status" data-testid="rate-limit-wait">
      waiting for the API&rsquo;s rate limit ({seconds} s)
    </span>
  );
}

/**
 * The line shown in place of what needs an operation the profile's API does not offer, e.g. "Custom fields are not
 * available: this profile's API does not offer them." Never an error: the rest of the screen works.
 */
export function NotOffered({ children, testId = 'not-offered' }: { children: string; testId?: string }) {
  return (
    <p className="muted not-offered" data-testid={testId}>
      {children}
    </p>
  );
}
