/** Whether a profile's API is unreachable, derived from the query cache. */
import type { QueryCache } from '@tanstack/react-query';
import { isUnreachable } from '../bridge/errors.ts';
import { keys } from './keys.ts';

/**
 * The latest "unreachable" error among a profile's queries, if no query of that profile succeeded since.
 * Derived from the query cache, so any screen's failure raises the banner and any later success lowers it.
 */
export function latestUnreachable(cache: QueryCache, profileId: string): Error | undefined {
  let lastSuccess = 0;
  let failure: { at: number; error: Error } | undefined;
  for (const query of cache.findAll({ queryKey: keys.profile(profileId) })) {
    const { status, error, errorUpdatedAt, dataUpdatedAt } = query.state;
    if (dataUpdatedAt > lastSuccess) lastSuccess = dataUpdatedAt;
    if (status === 'error' && error !== null && isUnreachable(error) && errorUpdatedAt > (failure?.at ?? 0)) {
      failure = { at: errorUpdatedAt, error };
    }
  }
  return failure !== undefined && failure.at > lastSuccess ? failure.error : undefined;
}
