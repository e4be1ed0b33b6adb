/** Query keys: everything an API profile fetches sits under `['profile', id]`, so a profile can be refetched whole. */
export const keys = {
  /** The profiles list of the core. */
  profiles: () => ['profiles'] as const,
  /** The local sandbox's status (running, latest restart) in the core. */
  sandbox: () => ['sandbox'] as const,
  /** Everything fetched for one profile. */
  profile: (profileId: string) => ['profile', profileId] as const,
  /** The organizations a profile's token sees. */
  orgs: (profileId: string) => ['profile', profileId, 'orgs'] as const,
  /** One organization and everything under it. */
  org: (profileId: string, orgId: string) => ['profile', profileId, 'org', orgId] as const,
  /** A resource of one organization (members, teams, spaces, sites…), with a variant such as `count`. */
  orgResource: (profileId: string, orgId: string, resource: string, variant: string) =>
    ['profile', profileId, 'org', orgId, resource, variant] as const,
};
