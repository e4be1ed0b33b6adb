/**
 * Handlers: roles given to people and teams on a site (GitBook's `inviteToSite`, ..., `listPermissionsAggregateInSite`).
 * A role given on a site sets the person's level on the site itself (over their organization role) and on the
 * site's inheriting spaces (over the organization and collection levels; see `policies.effectiveLevel`).
 */
import type { Role } from '../../../shared/contract/index.ts';
import type { UserSitePermission } from '../../../shared/contract/resources/permissions.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { decodeCursor, encodeCursor, type KeyValue, type ListPage } from '../../http/pagination.ts';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import { roleRank, siteLevel } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import { presentUser } from '../members/present.ts';
import { loadSiteAccessIn } from '../sites/access.ts';
import { canView, invite, listTeams, listUsers, remove, update, type Reach, type Scope } from './handlers.ts';
import { grantsOn, membersOfTeams } from './records.ts';

const reachSite =
  (params: { organizationId: string; siteId: string }, userId: string): Reach<Scope & { orgId: string }> =>
  async (on) => {
    const { site, actor, level } = await loadSiteAccessIn(
      on,
      params.organizationId,
      params.siteId,
      userId,
      'site.view',
    );
    return {
      target: { type: 'site', id: site.id, organizationId: site.organization_id },
      actor,
      level,
      orgId: site.organization_id,
    };
  };

const membersOf = prepared((organizationId: string) =>
  builder
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'm.role',
      'm.disabled',
      'm.joined_at',
      'm.last_seen_at',
      'u.email',
      'u.display_name',
      'u.photo_url',
    ])
    .where('m.organization_id', '=', organizationId),
);

const teamOf = prepared((organizationId: string, teamId: string) =>
  builder
    .selectFrom('teams')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', teamId),
);

type Origin = UserSitePermission['origin'];

interface AggregateQuery {
  page?: string;
  limit?: number;
  order?: 'asc' | 'desc';
  role?: Role | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
  team?: string;
}

/**
 * Every member of the organization (disabled ones too, marked), with their level on the site and its origin: the
 * organization (their role; admins always), or the site (their own grant, else their teams' highest).
 */
async function siteAggregate(
  on: Statements,
  reach: Reach<Scope & { orgId: string }>,
  query: AggregateQuery,
  baseUrl: string,
): Promise<ListPage<UserSitePermission>> {
  const scope = await reach(on);
  canView(scope);
  const siteId = scope.target.id;
  if (query.team !== undefined && !(await on.first(teamOf(scope.orgId, query.team))))
    throw badRequest(`query parameter \`team\`: no team with id \`${query.team}\` in this organization`);
  const grants = await grantsOn(on, { spaces: [], collections: [], sites: [siteId] });
  const direct = new Map<string, Role>();
  const teamRoles = new Map<string, Role>();
  for (const grant of grants)
    (grant.grantee_type === 'user' ? direct : teamRoles).set(grant.grantee_id, grant.role as Role);
  const teamIds = [...new Set([...teamRoles.keys(), ...(query.team !== undefined ? [query.team] : [])])];
  const teamsOfUser = new Map<string, string[]>();
  for (const { team_id, user_id } of await membersOfTeams(on, teamIds))
    teamsOfUser.set(user_id, [...(teamsOfUser.get(user_id) ?? []), team_id]);
  const search = query.search?.toLowerCase();
  const sort = query.sort ?? 'joinedAt';
  const rows: { keys: KeyValue[]; item: UserSitePermission }[] = [];
  for (const member of await on.all(membersOf(scope.orgId))) {
    const teams = teamsOfUser.get(member.user_id) ?? [];
    if (query.team !== undefined && !teams.includes(query.team)) continue;
    if (
      search !== undefined &&
      !member.display_name.toLowerCase().includes(search) &&
      !member.email.toLowerCase().includes(search)
    )
      continue;
    if (sort === 'lastSeenAt' && member.last_seen_at === null) continue;
    const role = member.role as Role | null;
    let grant: Role | undefined = direct.get(member.user_id);
    let origin: Origin =
      grant !== undefined
        ? { type: 'site', site: siteId, reason: 'member' }
        : { type: 'organization', organization: scope.orgId };
    if (grant === undefined)
      for (const team of teams) {
        const given = teamRoles.get(team);
        if (given !== undefined && roleRank(given) > roleRank(grant ?? null)) {
          grant = given;
          origin = { type: 'site', site: siteId, reason: 'team', team };
        }
      }
    if (role === 'admin') origin = { type: 'organization', organization: scope.orgId };
    const permission = siteLevel(role, grant);
    if (
      query.role !== undefined &&
      (query.role === 'guest' ? permission !== null : permission !== query.role)
    )
      continue;
    const sortValue =
      sort === 'name'
        ? member.display_name.toLowerCase()
        : sort === 'lastSeenAt'
          ? (member.last_seen_at ?? '')
          : member.joined_at;
    rows.push({
      keys: [sortValue, member.user_id],
      item: {
        permission,
        user: presentUser(baseUrl, member),
        origin,
        disabled: member.disabled !== 0,
        ...(member.last_seen_at !== null ? { lastSeenAt: member.last_seen_at } : {}),
      },
    });
  }
  const direction = (query.order ?? 'desc') === 'desc' ? -1 : 1;
  const compare = (a: readonly KeyValue[], b: readonly KeyValue[]): number => {
    for (let index = 0; index < a.length; index += 1) {
      const x = String(a[index]);
      const y = String(b[index]);
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
  rows.sort((a, b) => compare(a.keys, b.keys));
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const after = decodeCursor(query.page, 2);
  const start = after === undefined ? 0 : rows.findIndex((row) => compare(row.keys, after) > 0);
  const shown = start < 0 ? [] : rows.slice(start, start + limit);
  const page: ListPage<UserSitePermission> = { items: shown.map((row) => row.item), count: rows.length };
  const last = shown.at(-1);
  if (last !== undefined && start + limit < rows.length) page.next = { page: encodeCursor(last.keys) };
  return page;
}

export const sitePermissionHandlers = {
  inviteToSite: ({ params, body, actor, services: { store, clock } }) =>
    invite(store, clock.now(), reachSite(params, actor.userId), body, actor.userId),
  listUserPermissionsInSite: ({ params, query, actor, services: { store }, baseUrl }) =>
    listUsers(store, reachSite(params, actor.userId), query, baseUrl),
  listTeamPermissionsInSite: ({ params, query, actor, services: { store } }) =>
    listTeams(store, reachSite(params, actor.userId), query, actor.userId),
  updateUserPermissionInSite: ({ params, body, actor, services: { store, clock } }) =>
    update(store, clock.now(), reachSite(params, actor.userId), 'user', params.userId, body, actor.userId),
  updateTeamPermissionInSite: ({ params, body, actor, services: { store, clock } }) =>
    update(store, clock.now(), reachSite(params, actor.userId), 'team', params.teamId, body, actor.userId),
  removeUserFromSite: ({ params, actor, services: { store, clock } }) =>
    remove(store, clock.now(), reachSite(params, actor.userId), 'user', params.userId, actor.userId),
  removeTeamFromSite: ({ params, actor, services: { store, clock } }) =>
    remove(store, clock.now(), reachSite(params, actor.userId), 'team', params.teamId, actor.userId),
  listPermissionsAggregateInSite: ({ params, query, actor, services: { store }, baseUrl }) =>
    siteAggregate(store, reachSite(params, actor.userId), query, baseUrl),
} satisfies Handlers;
