/**
 * Direct grants as the effective-access resolution reads them: what one person was given, directly or through
 * their teams, on the spaces, collections and sites of one organization.
 *
 * At one item, a person's own grant wins over their teams' grants, and among their teams the highest role counts.
 * Site grants reach the spaces the site links (`site_spaces`), the highest of the person's sites counting; the
 * resolution (`collections/levels.ts`) applies them to spaces whose default level is `inherit` only.
 */
import { sql } from 'kysely';
import type { Role } from '../../../shared/contract/index.ts';
import { roleRank } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { inJsonArray } from '../../storage/dialect/compile.ts';
import type { ContentPermissionsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';

export type TargetType = ContentPermissionsTable['target_type'];
export type GranteeType = ContentPermissionsTable['grantee_type'];

export interface GrantRow {
  target_type: TargetType;
  target_id: string;
  grantee_type: GranteeType;
  role: string;
}

/** One person's grants in one organization, folded per item. */
export class UserGrants {
  private readonly direct = new Map<string, Role>();
  private readonly team = new Map<string, Role>();
  private readonly siteIds: string[] = [];
  private siteLevels: Map<string, Role> | undefined;
  private readonly linkedSpaces: (siteIds: readonly string[]) => { site_id: string; space_id: string }[];

  constructor(
    rows: readonly GrantRow[],
    linkedSpaces: (siteIds: readonly string[]) => { site_id: string; space_id: string }[],
  ) {
    this.linkedSpaces = linkedSpaces;
    for (const row of rows) {
      const key = `${row.target_type}:${row.target_id}`;
      const role = row.role as Role;
      if (row.grantee_type === 'user') this.direct.set(key, role);
      else if (roleRank(role) > roleRank(this.team.get(key) ?? null)) this.team.set(key, role);
      if (row.target_type === 'site' && !this.siteIds.includes(row.target_id))
        this.siteIds.push(row.target_id);
    }
  }

  /** Whether the person was given anything at all (most people were not: the resolution then takes no detour). */
  get empty(): boolean {
    return this.direct.size === 0 && this.team.size === 0;
  }

  /** The role given on one item: the person's own grant, else their teams' highest; undefined for none. */
  at(type: TargetType, id: string): Role | undefined {
    const key = `${type}:${id}`;
    return this.direct.get(key) ?? this.team.get(key);
  }

  /** The highest role given on the sites that link a space; undefined when none does. */
  siteLevelOfSpace(spaceId: string): Role | undefined {
    if (this.siteIds.length === 0) return undefined;
    if (this.siteLevels === undefined) {
      this.siteLevels = new Map();
      for (const link of this.linkedSpaces(this.siteIds)) {
        const role = this.at('site', link.site_id);
        const known = this.siteLevels.get(link.space_id);
        if (role !== undefined && roleRank(role) > roleRank(known ?? null))
          this.siteLevels.set(link.space_id, role);
      }
    }
    return this.siteLevels.get(spaceId);
  }

  /** The ids of the items of one type the person was given a role on (every role reaches at least `read`). */
  ids(type: TargetType): string[] {
    const ids = new Set<string>();
    const prefix = `${type}:`;
    for (const map of [this.direct, this.team])
      for (const key of map.keys()) if (key.startsWith(prefix)) ids.add(key.slice(prefix.length));
    return [...ids];
  }

  /** The ids of the spaces that sites the person was given a role on link. */
  siteSpaceIds(): string[] {
    if (this.siteIds.length === 0) return [];
    this.siteLevelOfSpace('');
    return [...(this.siteLevels ?? new Map<string, Role>()).keys()];
  }
}

/** No grants: levels of a role rather than of a person (counts per role). */
export const NO_GRANTS = new UserGrants([], () => []);

const grantsOfUser = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('content_permissions as g')
    .select(['g.target_type', 'g.target_id', 'g.grantee_type', 'g.role'])
    .where('g.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb.and([eb('g.grantee_type', '=', 'user'), eb('g.grantee_id', '=', userId)]),
        eb.and([
          eb('g.grantee_type', '=', 'team'),
          eb(
            'g.grantee_id',
            'in',
            eb
              .selectFrom('team_members as tm')
              .select('tm.team_id')
              .where('tm.organization_id', '=', organizationId)
              .where('tm.user_id', '=', userId),
          ),
        ]),
      ]),
    ),
);

/** The spaces linked by some sites (a JSON list of ids keeps the statement's text fixed). */
const spacesOfSites = prepared((siteIds: string) =>
  builder
    .selectFrom('site_spaces')
    .select(['site_id', 'space_id'])
    .where(inJsonArray(sql.ref('site_id'), siteIds)),
);

/** The spaces the given sites link, read when a resolution first needs them. */
export function linkedSpacesReader(db: Database) {
  return (siteIds: readonly string[]) => db.all(spacesOfSites(JSON.stringify(siteIds)));
}

/** One person's grants in one organization, directly and through their teams. */
export function loadUserGrants(db: Database, organizationId: string, userId: string): UserGrants {
  return new UserGrants(db.all(grantsOfUser(organizationId, userId)), linkedSpacesReader(db));
}

/**
 * As `loadUserGrants`, through a store or a transaction: the spaces of the person's sites are read at once (a
 * resolution cannot await them later), in the same statement sequence.
 */
export async function loadUserGrantsIn(
  on: Statements,
  organizationId: string,
  userId: string,
): Promise<UserGrants> {
  const rows = await on.all(grantsOfUser(organizationId, userId));
  const siteIds = [...new Set(rows.filter((row) => row.target_type === 'site').map((row) => row.target_id))];
  const linked = siteIds.length === 0 ? [] : await on.all(spacesOfSites(JSON.stringify(siteIds)));
  return new UserGrants(rows, () => linked);
}
