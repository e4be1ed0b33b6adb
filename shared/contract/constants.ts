/**
 * The contract's plain values (no schemas): common.ts builds its schemas from them and re-exports them, and clients
 * that must load without TypeBox (the renderer's first screen) import them from here.
 */

/** Organization and content roles, from the most to the least powerful. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

/** The kinds of item "Inspect access" lists (resources/access.ts; the renderer's router reads them from the URL). */
export const ACCESS_ITEM_TYPES = ['space', 'collection', 'site'] as const;
export type AccessItemType = (typeof ACCESS_ITEM_TYPES)[number];

/** Team roles. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Default and maximum `limit` of list operations. */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 1000;

/**
 * The fields of a page a three-way merge compares one by one (the server's merge, the app's merge check), with
 * their names in conflict messages.
 */
export const MERGED_PAGE_FIELDS = {
  title: 'title',
  slug: 'slug',
  type: 'type',
  emoji: 'emoji',
  icon: 'icon',
  description: 'description',
  hidden: 'visibility',
  noIndex: 'search indexing',
  noRobotsIndex: 'robots indexing',
  href: 'link target',
} as const;
