/** Handlers: teams of an organization, and the teams of one member. */
import type { TeamRole } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import { loadOrgAccess } from '../access.ts';
import { loadMember } from '../members/present.ts';
import { deleteTeam, insertTeam, renameTeam } from './commands.ts';
import { presentTeam } from './present.ts';
import {
  ensureTitleFree,
  loadTeam,
  memberTeamsQuery,
  organizationTeamsQuery,
  resolveMembers,
} from './records.ts';

const TEAM_KEYS: readonly SortKey[] = [
  { column: 't.title', direction: 'asc', folded: true },
  { column: 't.id', direction: 'asc' },
];

export const teamHandlers = {
  listTeamsInOrganizationById: ({ params, query, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.listTeams', null);
    const base = organizationTeamsQuery(db, params.organizationId, actor.userId, query);
    return listPage({
      query,
      keys: TEAM_KEYS,
      ...keysetQueries(db, base, TEAM_KEYS),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => presentTeam(row, orgActor),
    });
  },

  createOrganizationTeam: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.createTeam', null);
    const title = body.title.trim();
    const now = clock.now();
    const id = newId();
    db.transaction(() => {
      ensureTitleFree(db, params.organizationId, title);
      const members = resolveMembers(db, params.organizationId, body.members ?? [], 'members');
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      insertTeam(db, write, { id, title, members });
    });
    return presentTeam(loadTeam(db, params.organizationId, id, actor.userId), orgActor);
  },

  getTeamInOrganizationById: ({ params, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.view', { teamId: team.id, actorTeamRole: team.actor_role as TeamRole | null });
    return presentTeam(team, orgActor);
  },

  updateTeamInOrganizationById: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.rename', {
      teamId: team.id,
      actorTeamRole: team.actor_role as TeamRole | null,
    });
    const title = body.title.trim();
    db.transaction(() => {
      ensureTitleFree(db, params.organizationId, title, team.id);
      renameTeam(
        db,
        { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() },
        team,
        title,
      );
    });
    return presentTeam({ ...team, title }, orgActor);
  },

  removeTeamFromOrganizationById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.delete', {
      teamId: team.id,
      actorTeamRole: team.actor_role as TeamRole | null,
    });
    db.transaction(() => {
      deleteTeam(
        db,
        { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() },
        team,
      );
    });
    return undefined;
  },

  listTeamsForOrganizationMember: ({ params, query, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.viewTeams', { userId: params.userId });
    loadMember(db, params.organizationId, params.userId);
    const base = memberTeamsQuery(params.organizationId, actor.userId, params.userId, query.title);
    return listPage({
      query,
      keys: TEAM_KEYS,
      ...keysetQueries(db, base, TEAM_KEYS),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => ({ team: presentTeam(row, orgActor), member: { role: row.member_role as TeamRole } }),
    });
  },
} satisfies Handlers;
