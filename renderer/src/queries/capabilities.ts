/**
 * What a profile's API offers, as the main process learned it (`api.capabilities`): against GitBook some of the
 * contract's operations are absent (our extensions, the spec operations GitBook dropped). Screens ask before they
 * offer what needs one, and hide it with a line saying so (`ui/NotOffered.tsx`); data that has another way to be
 * computed (the merge check, page bodies) takes it.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OperationName } from '../../../shared/contract/index.ts';
import { ApiClientError } from '../../../shared/client.ts';
import { bridgeValue } from '../bridge/api.ts';
import { keys } from './keys.ts';

/** The capabilities of a profile's API (learned once per profile by the main process). */
export function capabilitiesQuery(profileId: string) {
  return queryOptions({
    queryKey: keys.derived(keys.profile(profileId), 'capabilities'),
    queryFn: () => bridgeValue('api.capabilities', { profileId }),
    staleTime: Infinity,
  });
}

/** Whether the profile's API offers an operation. */
export async function offers(client: QueryClient, profileId: string, name: OperationName): Promise<boolean> {
  const capabilities = await client.fetchQuery(capabilitiesQuery(profileId));
  return !capabilities.absent.includes(name);
}

/**
 * `offered()` when the API offers `name`, else `otherwise()`. A 404 of `offered()` asks the main process again: when
 * it showed the operation absent (the API's first answer to it), `otherwise()` answers instead.
 */
export async function withOperation<T>(
  client: QueryClient,
  profileId: string,
  name: OperationName,
  offered: () => Promise<T>,
  otherwise: () => Promise<T>,
): Promise<T> {
  if (!(await offers(client, profileId, name))) return otherwise();
  try {
    return await offered();
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status !== 404) throw error;
    await client.invalidateQueries({ queryKey: capabilitiesQuery(profileId).queryKey });
    if (await offers(client, profileId, name)) throw error;
    return otherwise();
  }
}

/**
 * A read through an optional operation (its screen shows it only when `useOffers` says so): the 404 that shows the
 * operation absent updates the capabilities, so the screen turns to its note; the read fails meanwhile.
 */
export function optionalRead<T>(
  client: QueryClient,
  profileId: string,
  name: OperationName,
  read: () => Promise<T>,
): Promise<T> {
  return withOperation(client, profileId, name, read, () =>
    Promise.reject(new ApiClientError(404, 'This profile\u2019s API does not offer this.')),
  );
}

/** Whether the API offers every one of `names`: `undefined` while unknown. */
export function useOffers(profileId: string, ...names: OperationName[]): boolean | undefined {
  const { data } = useQuery(capabilitiesQuery(profileId));
  return data === undefined ? undefined : names.every((name) => !data.absent.includes(name));
}
