/** Running grant steps: GitBook's invite, update and remove operations of collections, spaces and sites. */
import type { Role } from '../../contract/constants.ts';
import type { PlanStep } from '../plan/steps.ts';
import { collectionId, spaceId, teamId, type RunContext } from './context.ts';

type GrantStep = Extract<PlanStep, { resource: 'grant' }>;

export async function runGrant(context: RunContext, step: GrantStep): Promise<undefined> {
  const { client } = context;
  const who =
    'team' in step.to
      ? { kind: 'team' as const, id: teamId(context, step.to.team) }
      : { kind: 'user' as const, id: step.to.userId ?? '' };
  const role: Role | null = step.action === 'delete' ? null : step.role;
  const grantees = who.kind === 'team' ? { teams: [who.id] } : { users: [who.id] };
  const on = step.on;
  if (on.type === 'site') {
    const params = { ...context.org, siteId: siteIdOf(context, step) };
    if (step.action === 'create') await client.call('inviteToSite', { params, body: { role, ...grantees } });
    else if (step.action === 'update' && role !== null)
      await (who.kind === 'team'
        ? client.call('updateTeamPermissionInSite', { params: { ...params, teamId: who.id }, body: { role } })
        : client.call('updateUserPermissionInSite', {
            params: { ...params, userId: who.id },
            body: { role },
          }));
    else if (step.action === 'update')
      await client.call('inviteToSite', { params, body: { role, ...grantees } });
    else
      await (who.kind === 'team'
        ? client.call('removeTeamFromSite', { params: { ...params, teamId: who.id } })
        : client.call('removeUserFromSite', { params: { ...params, userId: who.id } }));
    return undefined;
  }
  if (on.type === 'collection') {
    const params = { collectionId: collectionId(context, on.ref)! };
    if (step.action === 'create')
      await client.call('inviteToCollection', { params, body: { role, ...grantees } });
    else if (step.action === 'update')
      await (who.kind === 'team'
        ? client.call('updateTeamPermissionInCollection', {
            params: { ...params, teamId: who.id },
            body: { role },
          })
        : client.call('updateUserPermissionInCollection', {
            params: { ...params, userId: who.id },
            body: { role },
          }));
    else
      await (who.kind === 'team'
        ? client.call('removeTeamFromCollection', { params: { ...params, teamId: who.id } })
        : client.call('removeUserFromCollection', { params: { ...params, userId: who.id } }));
    return undefined;
  }
  const params = { spaceId: spaceId(context, on.ref) };
  if (step.action === 'create') await client.call('inviteToSpace', { params, body: { role, ...grantees } });
  else if (step.action === 'update')
    await (who.kind === 'team'
      ? client.call('updateTeamPermissionInSpace', { params: { ...params, teamId: who.id }, body: { role } })
      : client.call('updateUserPermissionInSpace', {
          params: { ...params, userId: who.id },
          body: { role },
        }));
  else
    await (who.kind === 'team'
      ? client.call('removeTeamFromSpace', { params: { ...params, teamId: who.id } })
      : client.call('removeUserFromSpace', { params: { ...params, userId: who.id } }));
  return undefined;
}

function siteIdOf(context: RunContext, step: GrantStep): string {
  const ref = step.on.ref;
  return 'id' in ref
    ? ref.id
    : context.createdId((s) => s.resource === 'site' && s.action === 'create' && s.title === ref.new);
}
