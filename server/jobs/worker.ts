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
  'db.checkpoint': async () => (await import('../storage/checkpoint-task.ts')).checkpointTask,
  'json.parse': async () => (await import('../http/json-parse-task.ts')).parseJsonTask,
};

async function run(request: TaskRequest): Promise<unknown> {
  const implementation = (await implementations[request.name]()) as (input: unknown) => unknown;
  return implementation(request.input);
}

const port = parentPort;
if (port === null) throw new Error('server/jobs/worker.ts runs as a worker thread (see runner.ts)');
/**
 * The buffers an output carries (bytes of a large text, a document): moved to the main thread rather than copied,
 * so that it never spends its time copying them. Only buffers a view covers whole, and only in the output's
 * first levels (outputs are plain records).
 */
function transferables(output: unknown, depth = 0, found: ArrayBuffer[] = []): ArrayBuffer[] {
  if (ArrayBuffer.isView(output)) {
    const buffer = output.buffer;
    if (buffer instanceof ArrayBuffer && output.byteLength === buffer.byteLength && !found.includes(buffer))
      found.push(buffer);
  } else if (typeof output === 'object' && output !== null && depth < 3) {
    for (const value of Array.isArray(output) ? output : Object.values(output))
      transferables(value, depth + 1, found);
  }
  return found;
}

port.on('message', (request: TaskRequest) => {
  run(request).then(
    (output) =>
      port.postMessage({ id: request.id, ok: true, output } satisfies TaskAnswer, transferables(output)),
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
