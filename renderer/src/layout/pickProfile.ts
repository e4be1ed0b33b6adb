/** Choosing the profile to work with (pure, so that it is unit-tested). */
import type { Profile } from '../../../shared/bridge.ts';

/** The id of the local sandbox profile, which the core always has. */
export const LOCAL_PROFILE_ID = 'local';

/** Picks the profile to work with from what the URL names, what was used last and what exists. */
export function pickProfileId(
  profiles: readonly Pick<Profile, 'id'>[] | undefined,
  fromUrl: string | undefined,
  lastUsed: string | undefined,
): string | undefined {
  if (fromUrl !== undefined) return fromUrl;
  if (profiles === undefined) return lastUsed ?? LOCAL_PROFILE_ID;
  const exists = (id: string | undefined) => id !== undefined && profiles.some((p) => p.id === id);
  if (exists(lastUsed)) return lastUsed;
  if (exists(LOCAL_PROFILE_ID)) return LOCAL_PROFILE_ID;
  return profiles[0]?.id;
}
