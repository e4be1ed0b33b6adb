/**
 * Query keys, all from this one builder. Everything an API profile fetches sits under `['profile', id]` (and what
 * belongs to one organization under `['profile', id, 'org', orgId]`), so a profile or an organization can be
 * refetched whole. Below that prefix:
 * - a **group** (`keys.group`) gathers what is invalidated together: everything of one space, one change request,
 *   one site, one team, one member, or every list of a kind;
 * - the last two parts name what was read: the contract's **operation** (`keys.read`: its name and its parameters,
 *   path and query, as one object) or, for data the renderer derives from several reads, a **derived** name
 *   (`keys.derived`, from the closed list below) with its parameters.
 * Nothing else goes into a key, so no key is a free string. A prefix (`keys.read(scope, name)` without parameters,
 * or a group) matches every query below it; a parameters object matches every query whose parameters include it.
 */
import type { OperationName } from '../../../shared/contract/index.ts';

/** A key prefix made by this builder (a profile, an organization, a group). */
export type KeyScope = readonly unknown[];

/** A value a key's parameters hold. */
type KeyValue =
  string | number | boolean | null | undefined | readonly KeyValue[] | { [name: string]: KeyValue };

/** The parameters of a read (the operation's path and query parameters, or what a derived read depends on). */
export type KeyParams = Readonly<Record<string, KeyValue>>;

/**
 * What is invalidated together: one entity (with its id) or every list of a kind. A group holds reads of several
 * operations (a change request, its pages, its reviews, its comments), which is why it is not an operation.
 */
export type KeyGroup =
  | 'access'
  | 'audit'
  | 'change-request'
  | 'change-requests'
  | 'collection'
  | 'comments'
  | 'content'
  | 'custom-fields'
  | 'inspect-access'
  | 'invites'
  | 'member'
  | 'member-lists'
  | 'openapi'
  | 'openapi-spec'
  | 'revision'
  | 'saml'
  | 'search'
  | 'site'
  | 'site-structure'
  | 'sites'
  | 'space'
  | 'team'
  | 'team-lists'
  | 'translations';

/** Data the renderer derives from several reads (or reads outside the API), named like an operation. */
export type DerivedRead =
  /** Which operations the profile's API offers. */
  | 'capabilities'
  /** The pacer's state of a profile (GitBook's rate limit). */
  | 'pacing'
  /** The organization's collections and spaces, all pages, side by side. */
  | 'contentTree'
  /** The collections from the root to one collection. */
  | 'collectionPath'
  /** What deleting a collection takes with it (sub-collections, spaces). */
  | 'collectionContents'
  /** How many items a list has (one item read for the envelope's `count`). */
  | 'count'
  /** Every item of a list, all pages (a picker's choices). */
  | 'everyItem'
  /** How many admins the organization has. */
  | 'admins'
  /** What the Access tab of one item shows: its grants, inherited ones, the members reached. */
  | 'accessOverview'
  /** The search's best spaces and pages. */
  | 'matches'
  /** A page's two sides in a review, diffed. */
  | 'pageDiff'
  /** Two versions of an OpenAPI spec, diffed. */
  | 'specDiff'
  /** An image the sandbox serves, as a data URL (read through the core, not the API). */
  | 'sandboxImage';

function read(scope: KeyScope, name: string, params?: KeyParams) {
  return params === undefined ? ([...scope, name] as const) : ([...scope, name, params] as const);
}

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
  /** A group under a scope: every list of a kind, or one entity (with its id) and everything read about it. */
  group: (scope: KeyScope, group: KeyGroup, id?: string) =>
    id === undefined ? ([...scope, group] as const) : ([...scope, group, id] as const),
  /** An operation's answer: its name and parameters; without parameters, the prefix of all its answers. */
  read: (scope: KeyScope, operation: OperationName, params?: KeyParams) => read(scope, operation, params),
  /** Derived data: its name and what it depends on; without parameters, the prefix of all of them. */
  derived: (scope: KeyScope, name: DerivedRead, params?: KeyParams) => read(scope, name, params),
};
