/** Handlers: the members of a team (list, bulk update, set one, remove one). */
import type { TeamRole } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize, can } from '../../policies/index.ts';
import { loadOrgAccess } from '../access.ts';
import { loadMember, presentMember } from '../members/present.ts';
import { spaceCounter } from '../members/spaces.ts';
import { removeTeamMember, setTeamMember, updateTeamMembers } from './commands.ts';
import { loadTeam, resolveMembers, teamMembersQuery } from './records.ts';

const TEAM_MEMBER_KEYS: readonly SortKey[] = [
  { column: 'u.display_name', direction: 'asc', folded: true },
  { column: 'm.user_id', direction: 'asc' },
];

function teamSubject(team: { id: string; actor_role: string | null }) {
  return { teamId: team.id, actorTeamRole: team.actor_role as TeamRole | null };
}

export const teamMemberHandlers = {
  listTeamMembersInOrganizationById: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.view', teamSubject(team));
    const base = teamMembersQuery(params.organizationId, team.id);
    const spaceCount = spaceCounter(db, params.organizationId);
    return listPage({
      query,
      keys: TEAM_MEMBER_KEYS,
      ...keysetQueries(db, base, TEAM_MEMBER_KEYS),
      keyOf: (row) => [row.display_name.toLowerCase(), row.user_id],
      present: (row) => ({
        organization: presentMember(row, baseUrl, spaceCount),
        team: { role: row.team_role as TeamRole },
        permissions: { view: can(orgActor, 'member.view', { userId: row.user_id }) },
      }),
    });
  },

  updateMembersInOrganizationTeam: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.admin', teamSubject(team));
    const now = clock.now();
    db.transaction(() => {
      const add = resolveMembers(db, params.organizationId, body.add ?? [], 'add');
      const remove = new Set(resolveMembers(db, params.organizationId, body.remove ?? [], 'remove'));
      const memberships = Object.entries(body.memberships ?? {});
      const membershipIds = resolveMembers(
        db,
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
      updateTeamMembers(db, write, team.id, upserts, remove);
    });
    return undefined;
  },

  addMemberToOrganizationTeamById: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.admin', teamSubject(team));
    loadMember(db, params.organizationId, params.userId);
    const now = clock.now();
    db.transaction(() => {
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      setTeamMember(db, write, team.id, params.userId, body.role);
    });
    return undefined;
  },

  deleteMemberFromOrganizationTeamById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.admin', teamSubject(team));
    loadMember(db, params.organizationId, params.userId);
    db.transaction(() => {
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      removeTeamMember(db, write, team.id, params.userId);
    });
    return undefined;
  },
} satisfies Handlers;
