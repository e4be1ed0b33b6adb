/**
 * Grants: who was given a role on each collection, space and site of the file, against the live grants. A grant to
 * someone not yet a member waits (blocked). Grants on what the plan deletes, or of a member or team it removes, go
 * with them and have no step of their own. Planned only for a version 2 file (version 1 says nothing of grants).
 */
import type { Role } from '../../contract/constants.ts';
import type { OrgSnapshot } from '../snapshot.ts';
import { roleName, type PlanContext, type Stages } from './common.ts';
import type { Grantee, GrantTarget } from './steps.ts';

/** An item and the grants the file wants on it. */
export interface GrantsOf {
  on: GrantTarget;
  access:
    | { users?: { email: string; role: Role | null }[]; teams?: { title: string; role: Role | null }[] }
    | undefined;
}

const whoName = (who: Grantee) => ('team' in who ? `team “${who.title}”` : who.email);
const onName = (on: GrantTarget) => `${on.type} “${on.name}”`;

export function planAccess(
  items: readonly GrantsOf[],
  live: OrgSnapshot,
  stages: Stages,
  context: PlanContext,
): void {
  const liveByTarget = new Map<string, NonNullable<OrgSnapshot['grants']>>();
  for (const grant of live.grants ?? []) {
    const list = liveByTarget.get(grant.target.id);
    if (list === undefined) liveByTarget.set(grant.target.id, [grant]);
    else list.push(grant);
  }
  for (const { on, access } of items) {
    const current = 'id' in on.ref ? (liveByTarget.get(on.ref.id) ?? []) : [];
    const userRoles = new Map(current.filter((g) => g.user !== undefined).map((g) => [g.user!, g.role]));
    const teamRoles = new Map(current.filter((g) => g.team !== undefined).map((g) => [g.team!, g.role]));
    const keptUsers = new Set<string>();
    const keptTeams = new Set<string>();
    const give = (to: Grantee, role: Role | null, from: Role | null | undefined, blocked?: string) => {
      if (from === undefined)
        stages.grant.push({
          resource: 'grant',
          action: 'create',
          on,
          to,
          role,
          label: `Give ${whoName(to)} ${roleName(role)} on ${onName(on)}`,
          ...(blocked !== undefined ? { blocked } : {}),
        });
      else if (from !== role)
        stages.grant.push({
          resource: 'grant',
          action: 'update',
          on,
          to,
          from,
          role,
          label: `Change ${whoName(to)}'s role on ${onName(on)} from ${roleName(from)} to ${roleName(role)}`,
        });
    };
    for (const wanted of access?.users ?? []) {
      const user = context.userByEmail.get(wanted.email.toLowerCase());
      if (user === undefined) {
        give({ email: wanted.email }, wanted.role, undefined, `${wanted.email} is invited, not yet a member`);
        continue;
      }
      keptUsers.add(user.id);
      give({ email: wanted.email, userId: user.id }, wanted.role, userRoles.get(user.id));
    }
    for (const wanted of access?.teams ?? []) {
      const team = context.teamByTitle.get(wanted.title);
      if (team === undefined) continue; // The reader refuses a team the file does not hold.
      if ('id' in team) keptTeams.add(team.id);
      give({ team, title: wanted.title }, wanted.role, 'id' in team ? teamRoles.get(team.id) : undefined);
    }
    for (const [userId, role] of userRoles)
      if (!keptUsers.has(userId) && !context.gone.has(userId)) {
        const to: Grantee = { email: context.liveEmail.get(userId) ?? userId, userId };
        stages.remove.push({
          resource: 'grant',
          action: 'delete',
          on,
          to,
          from: role,
          label: `Take back ${whoName(to)}'s ${roleName(role)} role on ${onName(on)}`,
        });
      }
    for (const [teamId, role] of teamRoles)
      if (!keptTeams.has(teamId) && !context.gone.has(teamId)) {
        const title = context.liveTeamTitle.get(teamId) ?? teamId;
        const to: Grantee = { team: { id: teamId, title }, title };
        stages.remove.push({
          resource: 'grant',
          action: 'delete',
          on,
          to,
          from: role,
          label: `Take back ${whoName(to)}'s ${roleName(role)} role on ${onName(on)}`,
        });
      }
  }
}
