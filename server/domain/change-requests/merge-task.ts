/**
 * The worker-thread half of a merge or an update (the `merge.trees` task): merge.ts's three-way merge with the
 * bodies it reads taken from the input, and the bodies it writes answered (by content id) for the main thread to
 * store. When a body it needs is missing, it answers `need` with the ids of the batch instead.
 */
import type { TaskInput, TaskOutput } from '../../jobs/tasks.ts';
import { documentId } from '../content/revisions.ts';
import { mergeTrees, type DocumentStore, type MergeInput } from './merge.ts';
import type { MergeResult } from './records.ts';

class NeedDocuments extends Error {
  readonly ids: readonly string[];
  constructor(ids: readonly string[]) {
    super('the merge needs documents it was not given');
    this.ids = ids;
  }
}

/** `mergeTrees` reading bodies with `read` and keeping those it writes (by content id) for the caller to store. */
export function mergeKeepingWrites(input: MergeInput, read: DocumentStore['read']): MergeResult {
  const written = new Map<string, string>();
  const outcome = mergeTrees(input, {
    read,
    write: (markdown) => {
      const id = documentId(markdown);
      written.set(id, markdown);
      return id;
    },
  });
  if ('conflicts' in outcome) return outcome;
  return { tree: outcome.tree, written: [...written].map(([id, markdown]) => ({ id, markdown })) };
}

export function mergeTreesTask(input: TaskInput<'merge.trees'>): TaskOutput<'merge.trees'> {
  try {
    return mergeKeepingWrites(input, (ids) => {
      if (!ids.every((id) => Object.hasOwn(input.documents, id))) throw new NeedDocuments(ids);
      return new Map(ids.map((id) => [id, input.documents[id]!]));
    });
  } catch (error) {
    if (error instanceof NeedDocuments) return { need: [...error.ids] };
    throw error;
  }
}
