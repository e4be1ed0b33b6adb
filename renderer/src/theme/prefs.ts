/** UI preferences remembered between launches: the last profile and each profile's last organization (ids only). */

const LAST_PROFILE = 'docs-admin.lastProfile';
const LAST_ORG_PREFIX = 'docs-admin.lastOrg.';

function read(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled; preferences then last for this page only.
  }
}

/** The profile used last. */
export function lastProfileId(): string | undefined {
  return read(LAST_PROFILE);
}

/** Remembers the profile in use. */
export function rememberProfile(profileId: string): void {
  if (read(LAST_PROFILE) !== profileId) write(LAST_PROFILE, profileId);
}

/** The organization used last with a profile. */
export function lastOrgId(profileId: string): string | undefined {
  return read(LAST_ORG_PREFIX + profileId);
}

/** Remembers the organization in use for a profile. */
export function rememberOrg(profileId: string, orgId: string): void {
  if (read(LAST_ORG_PREFIX + profileId) !== orgId) write(LAST_ORG_PREFIX + profileId, orgId);
}

/** Forgets a removed profile's preferences. */
export function forgetProfile(profileId: string): void {
  write(LAST_ORG_PREFIX + profileId, undefined);
  if (read(LAST_PROFILE) === profileId) write(LAST_PROFILE, undefined);
}
