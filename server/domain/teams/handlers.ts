/** Handlers: teams of an organization, and the teams of one member. */
import { sql } from 'kysely';
import type { TeamRole } from '../../../shared/contract/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { likeContains, loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { loadMember } from '../members/present.ts';
import { presentTeam, teamById, teamQuery, type TeamRow } from './present.ts';
import { resolveMembers } from './members.ts';

const TEAM_KEYS: readonly SortKey[] = [
  { column: 't.title', direction: 'asc', folded: true },
  { column: 't.id', direction: 'asc' },
];

export function loadTeam(db: Database, organizationId: string, teamId: string, actorId: string): TeamRow {
  const row = db.first(teamById(organizationId, actorId, teamId));
  if (!row) throw notFound(`no team with id \`${teamId}\` in this organization`);
  return row;
}

/**
 * Refuses a title another team of the organization already has, compared case-insensitively. The comparison runs
 * here rather than in SQL: SQLite's `lower` folds ASCII letters only, so `Équipe` and `équipe` would both pass.
 */
function ensureTitleFree(db: Database, organizationId: string, title: string, exceptId?: string): void {
  let q = db.q.selectFrom('teams').select(['id', 'title']).where('organization_id', '=', organizationId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const folded = title.toLowerCase();
  const taken = db.all(q).find((team) => team.title.toLowerCase() === folded);
  if (taken)
    throw conflict(
      `body field \`title\`: a team titled \`${taken.title}\` already exists in this organization`,
    );
}

function titleFilter(title: string | undefined) {
  return title === undefined
    ? undefined
    : sql<boolean>`lower(t.title) LIKE ${likeContains(title)} ESCAPE '\\'`;
}

export const teamHandlers = {
  listTeamsInOrganizationById: ({ params, query, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.listTeams', null);
    let base = teamQuery(params.organizationId, actor.userId);
    const filter = titleFilter(query.title);
    if (filter) base = base.where(filter);
    if (query.owner !== undefined) {
      const owner = db.first(
        db.q
          .selectFrom('members')
          .select('role')
          .where('organization_id', '=', params.organizationId)
          .where('user_id', '=', query.owner),
      );
      // A filter naming no member is bad input, like an unknown reference in a body (not an absent resource).
      if (!owner)
        throw badRequest(
          `query parameter \`owner\`: no member with id \`${query.owner}\` in this organization`,
        );
      // An admin can manage every team; anyone else only the teams they own.
      if (owner.role !== 'admin') {
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('team_members as o')
              .select('o.team_id')
              .whereRef('o.team_id', '=', 't.id')
              .where('o.user_id', '=', query.owner as string)
              .where('o.role', '=', 'owner'),
          ),
        );
      }
    }
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
      db.run(
        db.q
          .insertInto('teams')
          .values({ id, organization_id: params.organizationId, title, created_at: now.toISOString() }),
      );
      for (const userId of new Set(members)) {
        db.run(
          db.q.insertInto('team_members').values({
            team_id: id,
            user_id: userId,
            organization_id: params.organizationId,
            role: 'member',
            added_at: now.toISOString(),
          }),
        );
      }
      recordEvent(db, now, {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'team.created',
        subjectType: 'team',
        subjectId: id,
        data: { title, members: members.length },
      });
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
      db.run(db.q.updateTable('teams').set({ title }).where('id', '=', team.id));
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'team.renamed',
        subjectType: 'team',
        subjectId: team.id,
        data: { from: team.title, to: title },
      });
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
      db.run(db.q.deleteFrom('teams').where('id', '=', team.id));
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'team.deleted',
        subjectType: 'team',
        subjectId: team.id,
        data: { title: team.title, members: Number(team.members) },
      });
    });
    return undefined;
  },

  listTeamsForOrganizationMember: ({ params, query, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.viewTeams', { userId: params.userId });
    loadMember(db, params.organizationId, params.userId);
    let base = teamQuery(params.organizationId, actor.userId)
      .innerJoin('team_members as tm', 'tm.team_id', 't.id')
      .where('tm.user_id', '=', params.userId)
      .select('tm.role as member_role');
    const filter = titleFilter(query.title);
    if (filter) base = base.where(filter);
    return listPage({
      query,
      keys: TEAM_KEYS,
      ...keysetQueries(db, base, TEAM_KEYS),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => ({ team: presentTeam(row, orgActor), member: { role: row.member_role as TeamRole } }),
    });
  },
} satisfies Handlers;
