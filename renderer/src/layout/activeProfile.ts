/** Which profile and organization the app is working with: the URL's, else the last used, else the local sandbox. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Profile } from '../../../shared/bridge.ts';
import { pickProfileId } from './pickProfile.ts';
import { profilesQuery } from '../queries/profiles.ts';
import { lastOrgId, lastProfileId } from '../theme/prefs.ts';

/** The active profile (id, and the profile once the list is loaded) and the organization shown, if any. */
export function useActiveProfile() {
  const params = useParams({ strict: false });
  const profiles = useQuery(profilesQuery());
  const profileId = pickProfileId(profiles.data?.profiles, params.profileId, lastProfileId());
  const profile = profiles.data?.profiles.find((p) => p.id === profileId);
  const orgId = params.orgId ?? (profileId !== undefined ? lastOrgId(profileId) : undefined);
  return { profileId, profile, orgId, profiles };
}

/** The name to show for a profile, falling back to its id while the list loads. */
export function profileLabel(profile: Profile | undefined, profileId: string | undefined): string {
  return profile?.name ?? profileId ?? 'No profile';
}
