/**
 * Why a person reaches (or does not reach) a space, a collection or a site, and at which level: the effective-access
 * resolution of the server (`server/policies` `effectiveLevel`, `collections/levels.ts`) written as a path of
 * reasons, for the Access tab, "Inspect access", "why not?" and the access review. It is pure: the caller gathers the
 * inputs (through GitBook's permission operations against any API, or from the database in the server), so the same
 * reasons are given against the sandbox and a hosted API.
 *
 * Precedence, as GitBook documents it: organization admins are `admin` everywhere; a role given on the item itself
 * (the person's own grant, else their teams' highest) wins over everything; else the item's default level decides:
 * no access hides it, a role restricts (capped by the organization role, never escalating), and `inherit` takes,
 * for a space, the highest role given on a site that links it (site permissions take precedence over the
 * organization and the collection), else the parent collection's level, or the organization role at the top level.
 * A test in the server checks that this agrees with the server's own resolution in every combination.
 */
import type { Role } from '../contract/index.ts';
import type {
  AccessGrantSource,
  AccessItemRef,
  AccessReason as AccessReasonShape,
} from '../contract/resources/access.ts';

export type Level = Role | null;

const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };
/** A level's rank: `null` (no access) is 0. */
export const levelRank = (level: Level): number => (level === null ? 0 : RANK[level]);

/** Where a grant comes from: the person themselves, or one of their teams (the contract's `AccessGrantSource`). */
export type GrantSource = AccessGrantSource;

/** A role given to the person (directly or through a team) on one item. */
export interface ItemGrant {
  role: Role;
  source: GrantSource;
}

/** An item as the reasons name it (the contract's `AccessItemRef`). */
export type ItemRef = AccessItemRef;

/** A space or collection of the chain the resolution walks: the item first, then its parent collections. */
export interface ChainItem extends ItemRef {
  type: 'space' | 'collection';
  /** `inherit`, a role that restricts, or `null`: no access by default. */
  defaultLevel: string | null;
  /** What the person was given on this item, directly and through their teams (any order). */
  grants: readonly ItemGrant[];
}

/** A site that links the space, with what the person was given on it. */
export interface LinkingSite extends ItemRef {
  type: 'site';
  grants: readonly ItemGrant[];
}

/** One step of the path that decides a level, in the order the resolution takes them (the contract's shape). */
export type AccessReason = AccessReasonShape;

export interface Explanation {
  level: Level;
  /** From the item outwards: the first reason is about the item, the last one decided. */
  path: AccessReason[];
}

const ref = (item: ItemRef): ItemRef => ({ type: item.type, id: item.id, title: item.title });

/** The grant that counts on one item: the person's own, else their teams' highest (the first of equals). */
export function decidingGrant(grants: readonly ItemGrant[]): ItemGrant | undefined {
  const own = grants.find((grant) => grant.source.via === 'user');
  if (own !== undefined) return own;
  let best: ItemGrant | undefined;
  for (const grant of grants) if (best === undefined || RANK[grant.role] > RANK[best.role]) best = grant;
  return best;
}

/**
 * A person's level on a space or collection, with the path that decides it. `role` is their organization role
 * (`null`: a guest); `chain` is the item then its parent collections, nearest first; `sites` are the sites that
 * link the item when it is a space.
 */
export function explainContentAccess(input: {
  role: Level;
  chain: readonly ChainItem[];
  sites?: readonly LinkingSite[];
}): Explanation {
  const { role, chain } = input;
  if (role === 'admin') return { level: 'admin', path: [{ kind: 'organization-admin' }] };
  const path: AccessReason[] = [];
  // A (corrupt) cycle of parents ends, as in the server.
  const seen = new Set<string>();
  for (let index = 0; index < chain.length; index++) {
    const item = chain[index]!;
    if (seen.has(item.id)) break;
    seen.add(item.id);
    const grant = decidingGrant(item.grants);
    if (grant !== undefined) {
      path.push({ kind: 'grant', on: ref(item), role: grant.role, source: grant.source });
      return { level: grant.role, path };
    }
    if (item.defaultLevel === null) {
      path.push({ kind: 'default-no-access', on: ref(item) });
      return { level: null, path };
    }
    if (item.defaultLevel !== 'inherit') {
      const defaultLevel = item.defaultLevel as Role;
      path.push({ kind: 'default-restricts', on: ref(item), defaultLevel, role });
      return { level: levelRank(role) <= levelRank(defaultLevel) ? role : defaultLevel, path };
    }
    if (index === 0 && item.type === 'space') {
      const site = highestSiteGrant(input.sites ?? []);
      if (site !== undefined) {
        path.push({
          kind: 'site-grant',
          on: ref(item),
          site: ref(site.site),
          role: site.grant.role,
          source: site.grant.source,
        });
        return { level: site.grant.role, path };
      }
    }
    const parent = chain[index + 1];
    if (parent === undefined) break;
    path.push({ kind: 'inherits', on: ref(item), from: ref(parent) });
  }
  path.push({ kind: 'organization-role', role });
  return { level: role, path };
}

/** The highest role given on the sites that link a space (each site's deciding grant), the first of equals. */
function highestSiteGrant(
  sites: readonly LinkingSite[],
): { site: LinkingSite; grant: ItemGrant } | undefined {
  let best: { site: LinkingSite; grant: ItemGrant } | undefined;
  for (const site of sites) {
    const grant = decidingGrant(site.grants);
    if (grant !== undefined && (best === undefined || RANK[grant.role] > RANK[best.grant.role]))
      best = { site, grant };
  }
  return best;
}

/** A person's level on a site: admins are admin; else a role given on the site wins over the organization role. */
export function explainSiteAccess(input: { role: Level; site: LinkingSite }): Explanation {
  if (input.role === 'admin') return { level: 'admin', path: [{ kind: 'organization-admin' }] };
  const grant = decidingGrant(input.site.grants);
  if (grant !== undefined)
    return {
      level: grant.role,
      path: [{ kind: 'grant', on: ref(input.site), role: grant.role, source: grant.source }],
    };
  return { level: input.role, path: [{ kind: 'organization-role', role: input.role }] };
}

const levelName = (level: Level) => (level === null ? 'no access' : level);
const itemName = (item: ItemRef) => `${item.type} “${item.title}”`;
const sourceName = (source: GrantSource) =>
  source.via === 'user' ? 'given directly' : `given to team “${source.teamTitle}”`;

/** One reason as a sentence (the Access tab's path, "Inspect access", the access review's CSV). */
export function describeReason(reason: AccessReason): string {
  switch (reason.kind) {
    case 'organization-admin':
      return 'Organization admin: admin everywhere';
    case 'grant':
      return `${reason.role} on ${itemName(reason.on)}, ${sourceName(reason.source)}`;
    case 'default-no-access':
      return `${itemName(reason.on)} gives no access by default`;
    case 'default-restricts':
      return `${itemName(reason.on)} restricts its default to ${reason.defaultLevel} (organization role: ${levelName(reason.role)})`;
    case 'site-grant':
      return `${reason.role} on site “${reason.site.title}”, which publishes ${itemName(reason.on)}, ${sourceName(reason.source)}`;
    case 'inherits':
      return `${itemName(reason.on)} inherits from ${itemName(reason.from)}`;
    case 'organization-role':
      return `Organization role: ${levelName(reason.role)}`;
  }
}

/** A whole path as one line, outermost decision last (`a → b → c`). */
export function describePath(explanation: Explanation): string {
  return explanation.path.map(describeReason).join(' → ');
}
