/**
 * Diffs two OpenAPI documents by operation: here for documents of up to about 1 MB (a few milliseconds), in a
 * worker beyond, so that a large document never freezes the screen. One worker for the app, started on first
 * need; should it fail to start or break, the diff runs here instead (slower, still correct).
 */
import { approximateJsonSize, diffOperations, type OperationDiff } from './operations.ts';

/** What the worker receives. */
export interface DiffWorkerRequest {
  id: number;
  base: unknown;
  head: unknown;
}

/** What the worker answers. */
export type DiffWorkerResponse =
  { id: number; ok: true; diff: OperationDiff } | { id: number; ok: false; message: string };

/** Documents larger than this (JSON characters, about bytes) are diffed in the worker. */
export const WORKER_THRESHOLD = 1024 * 1024;

interface Pending {
  request: DiffWorkerRequest;
  resolve: (diff: OperationDiff) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Runs what the worker was asked here, when it could not answer. */
function fallBack(): void {
  worker?.terminate();
  worker = null;
  for (const entry of pending.values()) {
    try {
      entry.resolve(diffOperations(entry.request.base, entry.request.head));
    } catch (error) {
      entry.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
  pending.clear();
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const started = new Worker(new URL('./operations.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<DiffWorkerResponse>) => {
      const answer = event.data;
      const entry = pending.get(answer.id);
      if (entry === undefined) return;
      pending.delete(answer.id);
      if (answer.ok) entry.resolve(answer.diff);
      else entry.reject(new Error(answer.message));
    };
    started.onerror = (event) => {
      event.preventDefault();
      fallBack();
    };
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

/** Whether the two documents are large enough to be diffed in the worker. */
export function isLarge(base: unknown, head: unknown): boolean {
  return (
    approximateJsonSize(base, WORKER_THRESHOLD) + approximateJsonSize(head, WORKER_THRESHOLD) >
    WORKER_THRESHOLD
  );
}

/** The diff by operation from `base` to `head`. */
export function computeOperationDiff(base: unknown, head: unknown): Promise<OperationDiff> {
  const target = isLarge(base, head) ? startWorker() : null;
  if (target === null) {
    try {
      return Promise.resolve(diffOperations(base, head));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return new Promise((resolve, reject) => {
    const request: DiffWorkerRequest = { id: nextId++, base, head };
    pending.set(request.id, { request, resolve, reject });
    target.postMessage(request);
  });
}
