/**
 * The worker-thread half of a merge or an update (the `merge.trees` task): merge.ts's three-way merge with the
 * bodies it reads taken from the input, and the bodies it writes answered (by content id) for the main thread to
 * store. When a body it needs is missing, it answers `need` with the ids of the batch instead.
 */
import type { TaskInput, TaskOutput } from '../../jobs/tasks.ts';
import { documentId } from '../content/revisions.ts';
import { mergeTrees } from './merge.ts';

class NeedDocuments extends Error {
  readonly ids: readonly string[];
  constructor(ids: readonly string[]) {
    super('the merge needs documents it was not given');
    this.ids = ids;
  }
}

export function mergeTreesTask(input: TaskInput<'merge.trees'>): TaskOutput<'merge.trees'> {
  const written = new Map<string, string>();
  try {
    const outcome = mergeTrees(input, {
      read: (ids) => {
        if (!ids.every((id) => Object.hasOwn(input.documents, id))) throw new NeedDocuments(ids);
        return new Map(ids.map((id) => [id, input.documents[id]!]));
      },
      write: (markdown) => {
        const id = documentId(markdown);
        written.set(id, markdown);
        return id;
      },
    });
    if ('conflicts' in outcome) return outcome;
    return { tree: outcome.tree, written: [...written].map(([id, markdown]) => ({ id, markdown })) };
  } catch (error) {
    if (error instanceof NeedDocuments) return { need: [...error.ids] };
    throw error;
  }
}
