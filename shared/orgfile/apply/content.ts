/** Running collection and space steps. A create adopts what a killed apply made but did not record. */
import type { PlanStep } from '../plan/steps.ts';
import { collectionId, LIST, listAll, type RunContext } from './context.ts';

type Step<R extends PlanStep['resource']> = Extract<PlanStep, { resource: R }>;

export async function runCollection(
  context: RunContext,
  index: number,
  step: Step<'collection'>,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  if (step.action === 'create') {
    const parent = collectionId(context, step.parent);
    let id = journal.get(index)?.id;
    let note: string | undefined;
    if (id === undefined) {
      const existing = (
        await client.call('listCollectionsInOrganizationById', { params: org, query: LIST })
      ).items.find((c) => c.title === step.title && (c.parent ?? null) === parent);
      id =
        existing?.id ??
        (
          await client.call('createCollection', {
            params: org,
            body: { title: step.title, ...(parent !== null ? { parent } : {}) },
          })
        ).id;
      if (existing !== undefined) note = 'a collection of that title existed there: adopted';
      await journal.set(index, { state: 'created', id });
    }
    await client.call('updateCollectionById', {
      params: { collectionId: id },
      body: {
        defaultLevel: step.defaultLevel,
        ...(step.description !== undefined ? { description: step.description } : {}),
      },
    });
    return note;
  }
  if (step.action === 'update')
    await client.call('updateCollectionById', {
      params: { collectionId: step.collectionId },
      body: {
        ...(step.changes.title ? { title: step.changes.title[1] } : {}),
        ...(step.changes.description ? { description: step.changes.description[1] } : {}),
        ...(step.changes.defaultLevel ? { defaultLevel: step.changes.defaultLevel[1] } : {}),
      },
    });
  else if (step.action === 'move')
    await client.call('moveCollection', {
      params: { collectionId: step.collectionId },
      body: { parent: collectionId(context, step.to) },
    });
  else await client.call('deleteCollectionById', { params: { collectionId: step.collectionId } });
  return undefined;
}

export async function runSpace(
  context: RunContext,
  index: number,
  step: Step<'space'>,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  if (step.action === 'create') {
    const parent = collectionId(context, step.parent);
    let id = journal.get(index)?.id;
    let note: string | undefined;
    if (id === undefined) {
      // Where it would be: the parent collection's spaces, or the organization's at the top level.
      const siblings =
        parent !== null
          ? await listAll((query) =>
              client.call('listSpacesInCollectionById', { params: { collectionId: parent }, query }),
            )
          : await listAll((query) => client.call('listSpacesInOrganizationById', { params: org, query }));
      const existing = siblings.find((s) => s.title === step.title && (s.parent ?? null) === parent);
      id =
        existing?.id ??
        (
          await client.call('createSpace', {
            params: org,
            body: {
              title: step.title,
              ...(step.emoji !== undefined ? { emoji: step.emoji } : {}),
              ...(parent !== null ? { parent } : {}),
            },
          })
        ).id;
      if (existing !== undefined) note = 'a space of that title existed there: adopted';
      await journal.set(index, { state: 'created', id });
    }
    await client.call('updateSpaceById', {
      params: { spaceId: id },
      body: { defaultLevel: step.defaultLevel, ...(step.emoji !== undefined ? { emoji: step.emoji } : {}) },
    });
    return note;
  }
  if (step.action === 'update')
    await client.call('updateSpaceById', {
      params: { spaceId: step.spaceId },
      body: {
        ...(step.changes.title ? { title: step.changes.title[1] } : {}),
        ...(step.changes.emoji ? { emoji: step.changes.emoji[1] } : {}),
        ...(step.changes.defaultLevel ? { defaultLevel: step.changes.defaultLevel[1] } : {}),
      },
    });
  else if (step.action === 'move')
    await client.call('moveSpace', {
      params: { spaceId: step.spaceId },
      body: { parent: collectionId(context, step.to) },
    });
  else await client.call('deleteSpaceById', { params: { spaceId: step.spaceId } });
  return undefined;
}
