/**
 * Handlers: the members of a team (list, bulk update, set one, remove one). A write runs in one transaction of the
 * store with every read it depends on (the caller's standing, the team, the members it names).
 */
import type { Role, TeamRole } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize, can } from '../../policies/index.ts';
import { loadOrgAccessIn } from '../access.ts';
import { loadMemberIn, presentMember } from '../members/present.ts';
import { spaceCountsIn } from '../members/spaces.ts';
import { removeTeamMember, setTeamMember, updateTeamMembers } from './commands.ts';
import { teamSubject } from './present.ts';
import { loadTeam, loadTeamAccess, resolveMembers, teamMembersQuery } from './records.ts';

const TEAM_MEMBER_KEYS: readonly SortKey[] = [
  { column: 'u.display_name', direction: 'asc', folded: true },
  { column: 'm.user_id', direction: 'asc' },
];

export const teamMemberHandlers = {
  listTeamMembersInOrganizationById: async ({ params, query, actor, services, baseUrl }) => {
    const { store } = services;
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    const team = await loadTeam(store, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.view', teamSubject(team));
    const base = teamMembersQuery(params.organizationId, team.id);
    const page = await listPageIn({
      query,
      keys: TEAM_MEMBER_KEYS,
      ...keysetQueriesIn(store, base, TEAM_MEMBER_KEYS),
      keyOf: (row) => [row.display_name.toLowerCase(), row.user_id],
      present: (row) => row,
    });
    // The space counts of the page's roles, once the page is known.
    const roles = new Set(page.items.map((row) => row.role as Role | null));
    const spaces = await spaceCountsIn(services, params.organizationId, roles);
    return {
      ...page,
      items: page.items.map((row) => ({
        organization: presentMember(row, baseUrl, spaces),
        team: { role: row.team_role as TeamRole },
        permissions: { view: can(orgActor, 'member.view', { userId: row.user_id }) },
      })),
    };
  },

  updateMembersInOrganizationTeam: async ({ params, body, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const { team } = await loadTeamAccess(tx, params, actor.userId, 'team.admin');
      const add = await resolveMembers(tx, params.organizationId, body.add ?? [], 'add');
      const remove = new Set(await resolveMembers(tx, params.organizationId, body.remove ?? [], 'remove'));
      const memberships = Object.entries(body.memberships ?? {});
      const membershipIds = await resolveMembers(
        tx,
        params.organizationId,
        memberships.map(([ref]) => ref),
        'memberships',
        'map',
      );
      const roles = new Map<string, TeamRole>();
      membershipIds.forEach((userId, index) => {
        const entry = memberships[index];
        if (entry) roles.set(userId, entry[1].role);
      });
      // A user both added and removed ends removed.
      const upserts = new Map<string, TeamRole | undefined>();
      for (const userId of add) upserts.set(userId, roles.get(userId));
      for (const [userId, role] of roles) upserts.set(userId, role);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      await updateTeamMembers(tx, write, team.id, upserts, remove);
    });
    return undefined;
  },

  addMemberToOrganizationTeamById: async ({ params, body, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const { team } = await loadTeamAccess(tx, params, actor.userId, 'team.admin');
      await loadMemberIn(tx, params.organizationId, params.userId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      await setTeamMember(tx, write, team.id, params.userId, body.role);
    });
    return undefined;
  },

  deleteMemberFromOrganizationTeamById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { team } = await loadTeamAccess(tx, params, actor.userId, 'team.admin');
      await loadMemberIn(tx, params.organizationId, params.userId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      await removeTeamMember(tx, write, team.id, params.userId);
    });
    return undefined;
  },
} satisfies Handlers;
