/** Which organization `/` opens: `HomeRedirect`'s choice, and the same choice made before the first render. */
import type { QueryClient } from '@tanstack/react-query';
import { pickProfileId } from '../../layout/pickProfile.ts';
import { orgsQuery } from '../../queries/orgs.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { lastOrgId, lastProfileId } from '../../theme/prefs.ts';

/** The organization a profile opens on: the last one used, else its first. */
export function openingOrg(profileId: string, items: readonly { id: string }[]): string | undefined {
  const remembered = lastOrgId(profileId);
  return (items.find((org) => org.id === remembered) ?? items[0])?.id;
}

/**
 * The organization `/` opens (`HomeRedirect`'s choice: the active profile, its last or first organization) when the
 * profiles and that profile's organizations are in `queryClient` already, else `undefined`. The entry point asks it
 * before the first render, so that an app started on `/` draws the organization at once; only while the address is
 * still the one the start found (`start.tsx`): one opened during its wait for the reads, such as a deep link the desktop
 * app hands over, is kept, as `HomeRedirect`'s `OpenProfile` keeps it.
 */
export function startOrg(queryClient: QueryClient): { profileId: string; orgId: string } | undefined {
  const profiles = queryClient.getQueryData(profilesQuery().queryKey);
  if (profiles === undefined) return undefined;
  const profileId = pickProfileId(profiles.profiles, undefined, lastProfileId());
  if (profileId === undefined) return undefined;
  const orgs = queryClient.getQueryData(orgsQuery(profileId).queryKey);
  const orgId = orgs === undefined ? undefined : openingOrg(profileId, orgs.items);
  return orgId === undefined ? undefined : { profileId, orgId };
}
