/** Teams and their members: created and renamed with the build, members added or changed; removals later. */
import type { OrgFile } from '../schema.ts';
import type { OrgSnapshot } from '../snapshot.ts';
import { matcher, type PlanContext, type Stages } from './common.ts';
import type { TeamRef } from './steps.ts';

export function planTeams(
  file: OrgFile,
  live: OrgSnapshot,
  stages: Stages,
  context: Pick<PlanContext, 'userByEmail' | 'liveEmail' | 'gone'>,
): Pick<PlanContext, 'teamByTitle' | 'liveTeamTitle'> {
  const { userByEmail, liveEmail } = context;
  const teamByTitle = new Map<string, TeamRef>();
  const teams = matcher(live.teams, (team) => team.title);
  // Ids first, so that a title never takes a team another entry names by id.
  const byId = file.teams.map((wanted) => teams.reserve(wanted.id));
  for (const [index, wanted] of file.teams.entries()) {
    const found = byId[index] ?? teams.match(undefined, wanted.title);
    const ref: TeamRef = found === undefined ? { new: wanted.title } : { id: found.id, title: wanted.title };
    teamByTitle.set(wanted.title, ref);
    if (found === undefined)
      stages.build.push({
        resource: 'team',
        action: 'create',
        title: wanted.title,
        label: `Create team “${wanted.title}”`,
      });
    else if (found.title !== wanted.title)
      stages.build.push({
        resource: 'team',
        action: 'update',
        teamId: found.id,
        from: found.title,
        to: wanted.title,
        label: `Rename team “${found.title}” to “${wanted.title}”`,
      });
    const current = new Map((found?.members ?? []).map((member) => [member.userId, member.role]));
    const kept = new Set<string>();
    for (const member of wanted.members) {
      const user = userByEmail.get(member.email.toLowerCase());
      const role = user !== undefined ? current.get(user.id) : undefined;
      if (user !== undefined) kept.add(user.id);
      if (role === undefined)
        stages.build.push({
          resource: 'team-member',
          action: 'create',
          team: ref,
          email: member.email,
          ...(user !== undefined ? { userId: user.id } : {}),
          role: member.role,
          label: `Add ${member.email} to team “${wanted.title}” as ${member.role}`,
          ...(user === undefined ? { blocked: `${member.email} is invited, not yet a member` } : {}),
        });
      else if (role !== member.role)
        stages.build.push({
          resource: 'team-member',
          action: 'update',
          team: ref,
          email: member.email,
          userId: user!.id,
          from: role,
          to: member.role,
          label: `Make ${member.email} ${member.role} of team “${wanted.title}” (was ${role})`,
        });
    }
    for (const [userId] of current)
      if (!kept.has(userId))
        stages.remove.push({
          resource: 'team-member',
          action: 'delete',
          team: ref,
          email: liveEmail.get(userId) ?? userId,
          userId,
          label: `Remove ${liveEmail.get(userId) ?? userId} from team “${wanted.title}”`,
        });
  }
  for (const gone of teams.unmatched()) {
    context.gone.add(gone.id);
    stages.remove.push({
      resource: 'team',
      action: 'delete',
      teamId: gone.id,
      title: gone.title,
      label: `Delete team “${gone.title}”`,
      dangerous: `its ${gone.members.length} members lose the access the team gives`,
    });
  }
  return { teamByTitle, liveTeamTitle: new Map(live.teams.map((team) => [team.id, team.title])) };
}
