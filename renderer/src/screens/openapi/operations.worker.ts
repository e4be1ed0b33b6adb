/**
 * The worker that diffs large OpenAPI documents by operation off the main thread: it receives both documents
 * (structured clones) and answers the diff, which is small, or the error's message.
 */
import { diffOperations } from './operations.ts';
import type { DiffWorkerRequest, DiffWorkerResponse } from './diffClient.ts';

/** The part of a dedicated worker's global scope used here (the renderer's types are the window's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<DiffWorkerRequest>) => void) | null;
  postMessage(message: DiffWorkerResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, base, head } = event.data;
  try {
    scope.postMessage({ id, ok: true, diff: diffOperations(base, head) });
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
