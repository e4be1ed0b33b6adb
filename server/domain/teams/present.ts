/** Team rows to API objects. */
import type { TeamRole } from '../../../shared/contract/index.ts';
import type { Team } from '../../../shared/contract/resources/members.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';

export interface TeamRow {
  id: string;
  title: string;
  created_at: string;
  members: number | bigint | string | null;
  actor_role: string | null;
}

export function presentTeam(row: TeamRow, actor: OrgActor): Team {
  const subject = teamSubject(row);
  return {
    object: 'team',
    id: row.id,
    title: row.title,
    members: Number(row.members),
    spaces: 0,
    createdAt: row.created_at,
    permissions: { admin: can(actor, 'team.admin', subject), view: can(actor, 'team.view', subject) },
  };
}

/** The subject of a team's policies: the team and the caller's role in it. */
export function teamSubject(team: { id: string; actor_role: string | null }) {
  return { teamId: team.id, actorTeamRole: team.actor_role as TeamRole | null };
}

/** Teams of an organization with their member count and the caller's role in each. */
export function teamQuery(organizationId: string, actorId: string) {
  return builder
    .selectFrom('teams as t')
    .where('t.organization_id', '=', organizationId)
    .select(['t.id', 't.title', 't.created_at'])
    .select((eb) => [
      eb
        .selectFrom('team_members as c')
        .select(eb.fn.countAll().as('n'))
        .whereRef('c.team_id', '=', 't.id')
        .as('members'),
      eb
        .selectFrom('team_members as a')
        .select('a.role')
        .whereRef('a.team_id', '=', 't.id')
        .where('a.user_id', '=', actorId)
        .as('actor_role'),
    ]);
}

/** One team by id, built once. */
export const teamById = prepared((organizationId: string, actorId: string, teamId: string) =>
  teamQuery(organizationId, actorId).where('t.id', '=', teamId),
);
