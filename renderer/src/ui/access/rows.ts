/**
 * The rows of an Access tab: the teams given a role on the item, then every person who reaches it or was given a
 * role on it, each with the path of reasons that decides their level (`shared/access/explain.ts`), built from what
 * GitBook's permission operations answer.
 */
import {
  describeReason,
  explainContentAccess,
  explainSiteAccess,
  levelRank,
  type ChainItem,
  type Explanation,
  type ItemGrant,
  type Level,
  type LinkingSite,
} from '../../../../shared/access/explain.ts';
import type { Role } from '../../../../shared/contract/constants.ts';
import type { Team } from '../../../../shared/contract/resources/members.ts';
import type { AccessOverview, DirectGrant, GranteeRef, ItemGrants } from '../../queries/permissions.ts';

/** One row of the list. */
export interface AccessRow {
  key: string;
  grantee: GranteeRef;
  name: string;
  /** An email, or a team's member count. */
  detail: string;
  /** The role given on this item itself, if any (`null`: a site's guest override). */
  given: Role | null | undefined;
  /** People: the level they reach, as the API says. */
  level?: Level;
  /** People: the reasons, in the order the resolution takes them. */
  reasons?: string[];
}

/** What changes a grant: given a role, or taken back (`null` role). */
export interface GrantChange {
  grantee: GranteeRef;
  role: Role | null;
}

const byName = (a: { name: string; key: string }, b: { name: string; key: string }) =>
  a.name.localeCompare(b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** A person's grants on one item: their own, and their teams'. */
function personGrants(grants: readonly DirectGrant[], userId: string, teams: readonly Team[]): ItemGrant[] {
  const teamIds = new Set(teams.map((team) => team.id));
  const out: ItemGrant[] = [];
  for (const grant of grants) {
    if (grant.role === null) continue;
    if (grant.grantee.type === 'user' && grant.grantee.user.id === userId)
      out.push({ role: grant.role, source: { via: 'user' } });
    if (grant.grantee.type === 'team' && teamIds.has(grant.grantee.team.id))
      out.push({
        role: grant.role,
        source: { via: 'team', teamId: grant.grantee.team.id, teamTitle: grant.grantee.team.title },
      });
  }
  return out;
}

/** The grants of one item with a change applied (a role given, changed, or taken back). */
function withChange(grants: readonly DirectGrant[], change: GrantChange | undefined): DirectGrant[] {
  if (change === undefined) return [...grants];
  const matches = (grant: DirectGrant) =>
    grant.grantee.type === change.grantee.type &&
    (grant.grantee.type === 'user' ? grant.grantee.user.id : grant.grantee.team.id) === change.grantee.id;
  const rest = grants.filter((grant) => !matches(grant));
  const existing = grants.find(matches);
  if (change.role === null || existing === undefined) return rest;
  return [...rest, { ...existing, role: change.role }];
}

/** A person's level on the item and why, optionally as if `change` were made on the item itself. */
export function explainPerson(overview: AccessOverview, userId: string, change?: GrantChange): Explanation {
  const role = overview.roles.get(userId) ?? null;
  const teams = overview.teamsOf.get(userId) ?? [];
  const grantsOf = (item: ItemGrants) => personGrants(item.grants, userId, teams);
  const hereGrants = personGrants(withChange(overview.here.grants, change), userId, teams);
  const sites: LinkingSite[] = overview.sites.map((site) => ({
    type: 'site',
    id: site.item.id,
    title: site.title,
    grants: grantsOf(site),
  }));
  if (overview.item.type === 'site')
    return explainSiteAccess({
      role,
      site: { type: 'site', id: overview.item.id, title: overview.title, grants: hereGrants },
    });
  const chain: ChainItem[] = [
    {
      type: overview.item.type,
      id: overview.item.id,
      title: overview.title,
      defaultLevel: overview.defaultLevel ?? 'inherit',
      grants: hereGrants,
    },
    ...overview.parents.map((parent): ChainItem => ({
      type: 'collection',
      id: parent.item.id,
      title: parent.title,
      defaultLevel: parent.defaultLevel,
      grants: grantsOf(parent),
    })),
  ];
  return explainContentAccess({ role, chain, sites });
}

/** Whether a change on the item lowers a person's level (taking their own access, or some of it). */
export function lowersLevel(overview: AccessOverview, userId: string, change: GrantChange): boolean {
  return (
    levelRank(explainPerson(overview, userId, change).level) <
    levelRank(explainPerson(overview, userId).level)
  );
}

/** The rows: teams given a role here (by title), then people (by name). */
export function accessRows(overview: AccessOverview): AccessRow[] {
  const teams: AccessRow[] = [];
  const given = new Map<string, Role | null>();
  const people = new Map<string, { name: string; email: string | undefined }>();
  for (const grant of overview.here.grants) {
    if (grant.grantee.type === 'team') {
      const team = grant.grantee.team;
      teams.push({
        key: `team:${team.id}`,
        grantee: { type: 'team', id: team.id },
        name: team.title,
        detail: `${team.members} member${team.members === 1 ? '' : 's'}`,
        given: grant.role,
      });
    } else {
      given.set(grant.grantee.user.id, grant.role);
      people.set(grant.grantee.user.id, {
        name: grant.grantee.user.displayName,
        email: grant.grantee.user.email,
      });
    }
  }
  const levels = new Map<string, Level>();
  for (const entry of overview.aggregate) {
    levels.set(entry.user.id, entry.level);
    people.set(entry.user.id, { name: entry.user.displayName, email: entry.user.email });
  }
  const persons: AccessRow[] = [];
  for (const [userId, person] of people) {
    const explanation = explainPerson(overview, userId);
    const level = levels.has(userId) ? (levels.get(userId) ?? null) : explanation.level;
    // A site's aggregate lists every member: those it leaves without access and gave nothing here are not shown.
    if (level === null && !given.has(userId)) continue;
    persons.push({
      key: `user:${userId}`,
      grantee: { type: 'user', id: userId },
      name: person.name,
      detail: person.email ?? '',
      given: given.has(userId) ? given.get(userId) : undefined,
      level,
      reasons: explanation.path.map(describeReason),
    });
  }
  return [...teams.sort(byName), ...persons.sort(byName)];
}
