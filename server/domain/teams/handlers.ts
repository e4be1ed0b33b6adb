/**
 * Handlers: teams of an organization, and the teams of one member. A write runs in one transaction of the store
 * with every read it depends on (the caller's standing, the team, a title taken): nothing between the check and the
 * write, on SQLite (the store's lock) as on PostgreSQL (SERIALIZABLE).
 */
import type { TeamRole } from '../../../shared/contract/index.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import { loadOrgAccessIn } from '../access.ts';
import { loadMemberIn } from '../members/present.ts';
import { deleteTeam, insertTeam, renameTeam } from './commands.ts';
import { presentTeam, teamSubject } from './present.ts';
import {
  ensureTitleFree,
  loadTeam,
  loadTeamAccess,
  memberTeamsQuery,
  organizationTeamsQuery,
  resolveMembers,
} from './records.ts';

const TEAM_KEYS: readonly SortKey[] = [
  { column: 't.title', direction: 'asc', folded: true },
  { column: 't.id', direction: 'asc' },
];

export const teamHandlers = {
  listTeamsInOrganizationById: async ({ params, query, actor, services: { store } }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.listTeams', null);
    const base = await organizationTeamsQuery(store, params.organizationId, actor.userId, query);
    return listPageIn({
      query,
      keys: TEAM_KEYS,
      ...keysetQueriesIn(store, base, TEAM_KEYS),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => presentTeam(row, orgActor),
    });
  },

  createOrganizationTeam: async ({ params, body, actor, services: { store, clock } }) => {
    const title = body.title.trim();
    const now = clock.now();
    const id = newId();
    const { orgActor, team } = await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.createTeam', null);
      await ensureTitleFree(tx, params.organizationId, title);
      const members = await resolveMembers(tx, params.organizationId, body.members ?? [], 'members');
      const write = { organizationId: params.organizationId, actorId: actor.userId, now };
      await insertTeam(tx, write, { id, title, members });
      return { orgActor, team: await loadTeam(tx, params.organizationId, id, actor.userId) };
    });
    return presentTeam(team, orgActor);
  },

  getTeamInOrganizationById: async ({ params, actor, services: { store } }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    const team = await loadTeam(store, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.view', teamSubject(team));
    return presentTeam(team, orgActor);
  },

  updateTeamInOrganizationById: async ({ params, body, actor, services: { store, clock } }) => {
    const title = body.title.trim();
    const { orgActor, team } = await store.transaction(async (tx) => {
      const { actor: orgActor, team } = await loadTeamAccess(tx, params, actor.userId, 'team.rename');
      await ensureTitleFree(tx, params.organizationId, title, team.id);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      await renameTeam(tx, write, team, title);
      return { orgActor, team };
    });
    return presentTeam({ ...team, title }, orgActor);
  },

  removeTeamFromOrganizationById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { team } = await loadTeamAccess(tx, params, actor.userId, 'team.delete');
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      await deleteTeam(tx, write, team);
    });
    return undefined;
  },

  listTeamsForOrganizationMember: async ({ params, query, actor, services: { store } }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'member.viewTeams', { userId: params.userId });
    await loadMemberIn(store, params.organizationId, params.userId);
    const base = memberTeamsQuery(params.organizationId, actor.userId, params.userId, query.title);
    return listPageIn({
      query,
      keys: TEAM_KEYS,
      ...keysetQueriesIn(store, base, TEAM_KEYS),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => ({ team: presentTeam(row, orgActor), member: { role: row.member_role as TeamRole } }),
    });
  },
} satisfies Handlers;
