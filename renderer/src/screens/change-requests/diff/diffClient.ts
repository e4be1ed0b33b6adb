/**
 * The main thread's side of the diff worker: one worker for the app (its cache of computed diffs outlives a visit to
 * the Changes tab), promises for single pages, progress callbacks for batches. Should the worker fail to start (a
 * host that refuses workers), the same functions run here in small slices, so the screen still works, slower.
 */
import type { DiffInput, DiffStats, PageDiff, WorkerRequest, WorkerResponse } from './types.ts';

/** What a batch reports as its pages are diffed. */
export type BatchProgress = (stats: { key: string; stats: DiffStats }[]) => void;

/** A running batch's result: the worker's own compute time. */
export interface BatchResult {
  workerMs: number;
}

interface Pending {
  request: WorkerRequest;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  progress?: BatchProgress;
}

/** Diffs pages off the main thread. */
export interface DiffClient {
  diff(input: DiffInput): Promise<PageDiff>;
  batch(inputs: DiffInput[], progress: BatchProgress): Promise<BatchResult>;
}

/** A client over `worker`; if the worker fails, `fallback()` takes over, pending requests included. */
function workerClient(worker: Worker, fallback: () => DiffClient): DiffClient {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
    const message = event.data;
    const entry = pending.get(message.id);
    if (entry === undefined) return;
    switch (message.type) {
      case 'progress':
        entry.progress?.(message.stats);
        return;
      case 'diff':
        pending.delete(message.id);
        (entry.resolve as (value: PageDiff) => void)(message.diff);
        return;
      case 'batch':
        pending.delete(message.id);
        (entry.resolve as (value: BatchResult) => void)({ workerMs: message.ms });
        return;
      case 'error':
        pending.delete(message.id);
        entry.reject(new Error(message.message));
        return;
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const client = fallback();
    for (const entry of pending.values()) {
      const { request } = entry;
      const answer =
        request.type === 'diff'
          ? client.diff(request.input)
          : client.batch(request.inputs, entry.progress ?? (() => undefined));
      answer.then(entry.resolve as (value: unknown) => void, entry.reject);
    }
    pending.clear();
  };
  const send = <T>(request: WorkerRequest, progress?: BatchProgress) =>
    new Promise<T>((resolve, reject) => {
      pending.set(request.id, { request, resolve: resolve as (value: never) => void, reject, progress });
      worker.postMessage(request);
    });
  return {
    diff: (input) => send<PageDiff>({ type: 'diff', id: nextId++, input }),
    batch: (inputs, progress) => send<BatchResult>({ type: 'batch', id: nextId++, inputs }, progress),
  };
}

/** The fallback: the same computation in slices on this thread (only when no worker can run). */
function inThreadClient(): DiffClient {
  const compute = import('./compute.ts');
  const cache = new Map<string, PageDiff>();
  const yieldNow = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const diffOf = async (input: DiffInput) => {
    const cached = cache.get(input.key);
    if (cached !== undefined) return cached;
    const diff = (await compute).computePageDiff(input.base, input.head);
    cache.set(input.key, diff);
    return diff;
  };
  return {
    diff: diffOf,
    async batch(inputs, progress) {
      let workerMs = 0;
      for (const input of inputs) {
        await yieldNow();
        const start = performance.now();
        const diff = await diffOf(input);
        workerMs += performance.now() - start;
        progress([{ key: input.key, stats: diff.stats }]);
      }
      return { workerMs };
    },
  };
}

let shared: DiffClient | undefined;

/** The app's diff client (starts the worker on first use). */
export function diffClient(): DiffClient {
  if (shared !== undefined) return shared;
  try {
    const worker = new Worker(new URL('./diff.worker.ts', import.meta.url), { type: 'module' });
    shared = workerClient(worker, () => {
      worker.terminate();
      shared = inThreadClient();
      return shared;
    });
  } catch {
    shared = inThreadClient();
  }
  return shared;
}
