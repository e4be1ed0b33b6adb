/**
 * Reading teams and team members: the queries of the team handlers (teams/handlers.ts, teams/member-handlers.ts),
 * through the store or, for the reads a write depends on, through the write's transaction (`Statements`).
 */
import { sql } from 'kysely';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { authorize, type OrgActor } from '../../policies/index.ts';
import type { Statements } from '../../storage/store/store.ts';
import { likeContains, loadOrgAccessIn } from '../access.ts';
import { memberQuery } from '../members/present.ts';
import { teamById, teamQuery, teamSubject, type TeamRow } from './present.ts';

export async function loadTeam(
  on: Statements,
  organizationId: string,
  teamId: string,
  actorId: string,
): Promise<TeamRow> {
  const row = await on.first(teamById(organizationId, actorId, teamId));
  if (!row) throw notFound(`no team with id \`${teamId}\` in this organization`);
  return row;
}

/**
 * The caller's standing in the organization (404 when not a member) and the team as the caller sees it (404 when
 * absent), read through `on` (a write's transaction reads what authorizes it in the transaction), once the caller
 * may do `action` to the team (403 otherwise).
 */
export async function loadTeamAccess(
  on: Statements,
  { organizationId, teamId }: { organizationId: string; teamId: string },
  actorId: string,
  action: 'team.rename' | 'team.delete' | 'team.admin',
): Promise<{ actor: OrgActor; team: TeamRow }> {
  const { actor } = await loadOrgAccessIn(on, organizationId, actorId);
  const team = await loadTeam(on, organizationId, teamId, actorId);
  authorize(actor, action, teamSubject(team));
  return { actor, team };
}

/**
 * Refuses a title another team of the organization already has, compared case-insensitively. The comparison runs
 * here rather than in SQL: SQLite's `lower` folds ASCII letters only, so `Équipe` and `équipe` would both pass.
 */
export async function ensureTitleFree(
  on: Statements,
  organizationId: string,
  title: string,
  exceptId?: string,
): Promise<void> {
  let q = on.q.selectFrom('teams').select(['id', 'title']).where('organization_id', '=', organizationId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const folded = title.toLowerCase();
  const taken = (await on.all(q)).find((team) => team.title.toLowerCase() === folded);
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

/**
 * The teams of the organization (as `teamQuery` presents them for `actorId`), whose title contains `title`, and
 * that `owner` can manage: every team for an admin, else the teams they own. `owner` must be a member (400).
 */
export async function organizationTeamsQuery(
  on: Statements,
  organizationId: string,
  actorId: string,
  filters: { title?: string | undefined; owner?: string | undefined },
) {
  let base = teamQuery(organizationId, actorId);
  const filter = titleFilter(filters.title);
  if (filter) base = base.where(filter);
  const ownerId = filters.owner;
  if (ownerId !== undefined) {
    const owner = await on.first(
      on.q
        .selectFrom('members')
        .select('role')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', ownerId),
    );
    // A filter naming no member is bad input, like an unknown reference in a body (not an absent resource).
    if (!owner)
      throw badRequest(`query parameter \`owner\`: no member with id \`${ownerId}\` in this organization`);
    // An admin can manage every team; anyone else only the teams they own.
    if (owner.role !== 'admin') {
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('team_members as o')
            .select('o.team_id')
            .whereRef('o.team_id', '=', 't.id')
            .where('o.user_id', '=', ownerId)
            .where('o.role', '=', 'owner'),
        ),
      );
    }
  }
  return base;
}

/** The teams `userId` belongs to, with their role in each, whose title contains `title`. */
export function memberTeamsQuery(organizationId: string, actorId: string, userId: string, title?: string) {
  let base = teamQuery(organizationId, actorId)
    .innerJoin('team_members as tm', 'tm.team_id', 't.id')
    .where('tm.user_id', '=', userId)
    .select('tm.role as member_role');
  const filter = titleFilter(title);
  if (filter) base = base.where(filter);
  return base;
}

/** The members of a team, as `memberQuery` presents them, with their role in the team. */
export function teamMembersQuery(organizationId: string, teamId: string) {
  return memberQuery(organizationId)
    .innerJoin('team_members as tm', (join) =>
      join.onRef('tm.user_id', '=', 'm.user_id').on('tm.team_id', '=', teamId),
    )
    .select('tm.role as team_role');
}

/**
 * Resolves user ids or emails to members of the organization, in order; a reference that matches no member is a
 * 400 naming its place in the request: `field[index]` for a list, `field.<reference>` for the keys of a map.
 * Ids match exactly, emails case-insensitively.
 */
export async function resolveMembers(
  on: Statements,
  organizationId: string,
  refs: readonly string[],
  field: string,
  shape: 'list' | 'map' = 'list',
): Promise<string[]> {
  if (refs.length === 0) return [];
  const rows = await on.all(
    on.q
      .selectFrom('members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email'])
      .where('m.organization_id', '=', organizationId)
      .where((eb) =>
        eb.or([
          eb('m.user_id', 'in', [...refs]),
          eb(
            'u.email',
            'in',
            refs.map((r) => r.toLowerCase()),
          ),
        ]),
      ),
  );
  const byId = new Map(rows.map((row) => [row.user_id, row.user_id]));
  const byEmail = new Map(rows.map((row) => [row.email, row.user_id]));
  return refs.map((ref, index) => {
    const userId = byId.get(ref) ?? byEmail.get(ref.toLowerCase());
    if (userId === undefined) {
      const place = shape === 'map' ? `${field}.${ref}` : `${field}[${index}]`;
      throw badRequest(
        `body field \`${place}\`: no member of this organization has the id or email \`${ref}\``,
      );
    }
    return userId;
  });
}
