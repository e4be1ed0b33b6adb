/**
 * Everyone who can reach one space or collection, with their effective level: each enabled member of the
 * organization resolved by the same `ContentLevels` that answers their own requests, with the grants on the item's
 * chain (the item, its parent collections, and for a space the sites that link it) read once for all of them.
 */
import type { Role } from '../../../shared/contract/index.ts';
import { roleRank } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { CollectionsTable, SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { ContentLevels } from '../collections/levels.ts';
import { UserGrants, type GrantRow } from './grants.ts';
import { grantsOn, membersOfTeams } from './records.ts';

export interface AggregateRow {
  user_id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  level: Role;
}

const enabledMembers = prepared((organizationId: string) =>
  builder
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'u.email', 'u.display_name', 'u.photo_url'])
    .where('m.organization_id', '=', organizationId)
    .where('m.disabled', '=', 0),
);

const sitesOfSpace = prepared((spaceId: string) =>
  builder.selectFrom('site_spaces').select('site_id').where('space_id', '=', spaceId),
);

/** The item's parent collections, nearest first (a corrupt cycle ends). */
function ancestors(collections: Map<string, CollectionsTable>, parentId: string | null): string[] {
  const chain: string[] = [];
  for (let id = parentId; id !== null && !chain.includes(id); id = collections.get(id)?.parent_id ?? null)
    chain.push(id);
  return chain;
}

/**
 * The members who reach the item (level `read` or more), with their level, sorted by display name then id.
 * `levels` is the caller's, with the organization's collections loaded (they are shared).
 */
export async function aggregateAccess(
  on: Statements,
  levels: ContentLevels,
  item: { type: 'space'; row: SpacesTable } | { type: 'collection'; row: CollectionsTable },
): Promise<AggregateRow[]> {
  const collections = levels.collections();
  const chain = ancestors(collections, item.row.parent_id);
  const sites =
    item.type === 'space'
      ? [...new Set((await on.all(sitesOfSpace(item.row.id))).map((r) => r.site_id))]
      : [];
  const grants = await grantsOn(on, {
    spaces: item.type === 'space' ? [item.row.id] : [],
    collections: item.type === 'collection' ? [item.row.id, ...chain] : chain,
    sites,
  });
  const teamIds = [...new Set(grants.filter((g) => g.grantee_type === 'team').map((g) => g.grantee_id))];
  const teamsOfUser = new Map<string, string[]>();
  for (const { team_id, user_id } of await membersOfTeams(on, teamIds))
    teamsOfUser.set(user_id, [...(teamsOfUser.get(user_id) ?? []), team_id]);
  const byGrantee = new Map<string, GrantRow[]>();
  for (const grant of grants) {
    const key = `${grant.grantee_type}:${grant.grantee_id}`;
    byGrantee.set(key, [...(byGrantee.get(key) ?? []), grant]);
  }
  // The only site grants read are those of the sites that link the space: their links to it are all a member's
  // site level on it needs (a collection's level takes none).
  const links = sites.map((site_id) => ({ site_id, space_id: item.row.id }));
  const linkedSpaces = () => links;
  const rows: AggregateRow[] = [];
  for (const member of await on.all(enabledMembers(levels.organizationId))) {
    const own = [
      ...(byGrantee.get(`user:${member.user_id}`) ?? []),
      ...(teamsOfUser.get(member.user_id) ?? []).flatMap((team) => byGrantee.get(`team:${team}`) ?? []),
    ];
    const memberLevels = new ContentLevels(
      undefined,
      levels.organizationId,
      { userId: member.user_id, role: member.role as Role | null, ownsTeam: false },
      collections,
      new UserGrants(own, linkedSpaces),
    );
    const level =
      item.type === 'space' ? memberLevels.levelOf(item.row) : memberLevels.collectionLevel(item.row.id);
    if (level === null || roleRank(level) < roleRank('read')) continue;
    rows.push({
      user_id: member.user_id,
      email: member.email,
      display_name: member.display_name,
      photo_url: member.photo_url,
      level,
    });
  }
  return rows.sort((a, b) => {
    const x = a.display_name.toLowerCase();
    const y = b.display_name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0;
  });
}
