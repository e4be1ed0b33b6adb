/**
 * The entry of a job worker thread (started by runner.ts): runs one task at a time, as the main thread asks, and
 * answers its output or its error. A task's code is imported on its first use.
 */
import { parentPort } from 'node:worker_threads';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

/** A request from the main thread. */
export interface TaskRequest {
  id: number;
  name: TaskName;
  input: unknown;
}

/** The answer to a request. */
export type TaskAnswer =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

type Implementation<N extends TaskName> = (input: TaskInput<N>) => TaskOutput<N> | Promise<TaskOutput<N>>;

const implementations: { [N in TaskName]: () => Promise<Implementation<N>> } = {
  'openapi.process': async () => (await import('../domain/openapi/process-task.ts')).processOpenApiSource,
  'import.convert': async () => (await import('../domain/content/import-task.ts')).convertImportTask,
  'search.index': async () => (await import('../domain/search/index-task.ts')).indexPagesTask,
  'merge.trees': async () => (await import('../domain/change-requests/merge-task.ts')).mergeTreesTask,
};

async function run(request: TaskRequest): Promise<unknown> {
  const implementation = (await implementations[request.name]()) as (input: unknown) => unknown;
  return implementation(request.input);
}

const port = parentPort;
if (port === null) throw new Error('server/jobs/worker.ts runs as a worker thread (see runner.ts)');
port.on('message', (request: TaskRequest) => {
  run(request).then(
    (output) => port.postMessage({ id: request.id, ok: true, output } satisfies TaskAnswer),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        },
      } satisfies TaskAnswer),
  );
});
