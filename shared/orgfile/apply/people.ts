/** Running member, team and team-member steps. A team create adopts a team of that title a killed apply made. */
import type { PlanStep } from '../plan/steps.ts';
import { LIST, teamId, type RunContext } from './context.ts';

type PeopleStep = Extract<PlanStep, { resource: 'member' | 'team' | 'team-member' }>;

export async function runPeople(
  context: RunContext,
  index: number,
  step: PeopleStep,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  switch (step.resource) {
    case 'member':
      if (step.action === 'create')
        await client.call('inviteUsersToOrganization', {
          params: org,
          body: { emails: [{ email: step.email, role: step.role }] },
        });
      else if (step.action === 'update')
        await client.call('updateMemberInOrganizationById', {
          params: { ...org, userId: step.userId },
          body: { role: step.to },
        });
      else await client.call('removeMemberFromOrganizationById', { params: { ...org, userId: step.userId } });
      return undefined;
    case 'team': {
      if (step.action === 'create') {
        const existing = (
          await client.call('listTeamsInOrganizationById', {
            params: org,
            query: { ...LIST, title: step.title },
          })
        ).items.find((team) => team.title === step.title);
        const id =
          existing?.id ??
          (await client.call('createOrganizationTeam', { params: org, body: { title: step.title } })).id;
        await journal.set(index, { state: 'created', id });
        return existing !== undefined ? 'a team of that title existed: adopted' : undefined;
      }
      if (step.action === 'update')
        await client.call('updateTeamInOrganizationById', {
          params: { ...org, teamId: step.teamId },
          body: { title: step.to },
        });
      else await client.call('removeTeamFromOrganizationById', { params: { ...org, teamId: step.teamId } });
      return undefined;
    }
    case 'team-member': {
      const params = { ...org, teamId: teamId(context, step.team), userId: step.userId ?? '' };
      if (step.action === 'delete') await client.call('deleteMemberFromOrganizationTeamById', { params });
      else
        await client.call('addMemberToOrganizationTeamById', {
          params,
          body: { role: step.action === 'create' ? step.role : step.to },
        });
      return undefined;
    }
  }
}
