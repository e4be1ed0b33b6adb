/** What the per-resource step runners share: the client, the organization, and the ids of what earlier steps made. */
import type { ApiClient } from '../../client.ts';
import type { ApplyJournal } from '../apply.ts';
import type { ItemRef, PlanStep } from '../plan/steps.ts';

export interface RunContext {
  client: ApiClient;
  org: { organizationId: string };
  journal: ApplyJournal;
  /** The id of what a create step of the plan made (it must have run). */
  createdId(matches: (step: PlanStep) => boolean): string;
}

export const LIST = { limit: 1000 } as const;

/** Every item of a list operation, following `next.page`. */
export async function listAll<T>(
  page: (query: { limit: number; page?: string }) => Promise<{ items: T[]; next?: { page: string } }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page({ ...LIST, ...(cursor !== undefined ? { page: cursor } : {}) });
    items.push(...answer.items);
    cursor = answer.next?.page;
  } while (cursor !== undefined);
  return items;
}

export const teamId = (context: RunContext, ref: ItemRef) =>
  'id' in ref
    ? ref.id
    : context.createdId((s) => s.resource === 'team' && s.action === 'create' && s.title === ref.new);

export const collectionId = (context: RunContext, ref: ItemRef | null) =>
  ref === null
    ? null
    : 'id' in ref
      ? ref.id
      : context.createdId((s) => s.resource === 'collection' && s.action === 'create' && s.path === ref.new);

export const spaceId = (context: RunContext, ref: ItemRef) =>
  'id' in ref
    ? ref.id
    : context.createdId((s) => s.resource === 'space' && s.action === 'create' && s.path === ref.new);
