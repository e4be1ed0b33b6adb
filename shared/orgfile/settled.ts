/**
 * Whether a plan's step already holds in the live organization: asked by a resumed apply (apply.ts, `settled`) of a
 * step an earlier apply began but did not record done, since the process may have been killed after the API made the
 * change and before the journal said so. A step that holds is recorded done and not sent again, so that resuming
 * never makes a change twice (the audit log has one event per change). A step of a kind not known here does not
 * hold, and is sent again.
 */
import { ApiClientError, type ApiClient } from '../client.ts';
import type { StepRefs } from './apply.ts';
import type { PlanStep } from './plan.ts';

/** Whether the answer to a read is "not found" (what a delete leaves). */
async function gone(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return false;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return true;
    throw error;
  }
}

/** The role a user has in a team (undefined: not in it), reading the team's members page by page. */
async function teamRole(client: ApiClient, organizationId: string, teamId: string, userId: string) {
  let page: string | undefined;
  do {
    const answer = await client.call('listTeamMembersInOrganizationById', {
      params: { organizationId, teamId },
      query: { limit: 1000, ...(page !== undefined ? { page } : {}) },
    });
    const found = answer.items.find((entry) => entry.organization.id === userId);
    if (found !== undefined) return found.team.role;
    page = answer.next?.page;
  } while (page !== undefined);
  return undefined;
}

/** Builds the `settled` check of apply.ts for one organization. */
export function settledCheck(client: ApiClient, organizationId: string) {
  const org = { organizationId };
  return async (step: PlanStep, refs: StepRefs): Promise<boolean> => {
    switch (step.resource) {
      case 'member': {
        if (step.action === 'create') {
          const email = step.email.toLowerCase();
          const found = await client.call('listMembersInOrganizationById', {
            params: org,
            query: { limit: 100, search: step.email },
          });
          return found.items.some((member) => member.user.email?.toLowerCase() === email);
        }
        const read = () =>
          client.call('getMemberInOrganizationById', { params: { ...org, userId: step.userId } });
        if (step.action === 'delete') return gone(read);
        return (await read()).role === step.to;
      }
      case 'team': {
        if (step.action === 'create') {
          const id = refs.teamId({ new: step.title });
          return (
            (await client.call('getTeamInOrganizationById', { params: { ...org, teamId: id } })).id === id
          );
        }
        const read = () =>
          client.call('getTeamInOrganizationById', { params: { ...org, teamId: step.teamId } });
        if (step.action === 'delete') return gone(read);
        return (await read()).title === step.to;
      }
      case 'team-member': {
        if (step.userId === undefined) return false;
        const role = await teamRole(client, organizationId, refs.teamId(step.team), step.userId);
        if (step.action === 'delete') return role === undefined;
        return role === (step.action === 'create' ? step.role : step.to);
      }
      case 'collection': {
        if (step.action === 'create') {
          const id = refs.collectionId({ new: step.path })!;
          const found = await client.call('getCollectionById', { params: { collectionId: id } });
          return (
            found.defaultLevel === step.defaultLevel &&
            (step.description === undefined || found.description === step.description)
          );
        }
        const read = () => client.call('getCollectionById', { params: { collectionId: step.collectionId } });
        if (step.action === 'delete') return gone(read);
        const found = await read();
        if (step.action === 'move') return (found.parent ?? null) === refs.collectionId(step.to);
        const { title, description, defaultLevel } = step.changes;
        return (
          (title === undefined || found.title === title[1]) &&
          (description === undefined || (found.description ?? '') === description[1]) &&
          (defaultLevel === undefined || found.defaultLevel === defaultLevel[1])
        );
      }
      default:
        return false;
    }
  };
}
