/**
 * The in-process queue of OpenAPI processing runs: a spec created or given a new source is queued, and runs in
 * the background of the same process while its creation has already been answered (`pending`).
 *
 * Rules:
 * - At most 4 runs at a time (a slow fetch does not hold the others up), never two of the same spec: a spec
 *   queued again while it runs runs once more after (its run on the old source drops its result).
 * - A spec already waiting is not queued twice.
 * - Nothing survives a restart but the database: `resumeOpenApiProcessing` queues the specs left `pending` or in
 *   `progress` when the server starts.
 * - A run's unexpected failure is logged and ends that run only; a database closed under a run (a test server
 *   shutting down) ends it silently.
 * - `whenIdle()` resolves once nothing waits or runs: tests await it instead of sleeping.
 */
import type { Services } from '../http/context.ts';
import { processOpenApiSpec } from '../domain/openapi/process.ts';
import { unfinishedSpecIds } from '../domain/openapi/records.ts';

const CONCURRENCY = 4;

interface Task {
  services: Services;
  specId: string;
}

const waiting: Task[] = [];
const running = new Set<string>();
/** Specs queued again while running: they go back to `waiting` when their run ends. */
const again = new Map<string, Task>();
let idleWaiters: (() => void)[] = [];
let scheduled = false;

/** Queues a processing run of the spec (after the current call stack: the caller answers first). */
export function enqueueOpenApiProcessing(services: Services, specId: string): void {
  if (running.has(specId)) again.set(specId, { services, specId });
  else if (!waiting.some((task) => task.specId === specId)) waiting.push({ services, specId });
  schedule();
}

/** Queues every spec whose processing had not finished; answers how many. Call it once the server starts. */
export function resumeOpenApiProcessing(services: Services): number {
  const ids = unfinishedSpecIds(services.db);
  for (const id of ids) enqueueOpenApiProcessing(services, id);
  return ids.length;
}

/** Resolves once no run waits or runs. */
export function whenIdle(): Promise<void> {
  if (isIdle()) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

const isIdle = () => waiting.length === 0 && running.size === 0 && again.size === 0;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(pump);
}

function pump(): void {
  scheduled = false;
  while (running.size < CONCURRENCY) {
    const index = waiting.findIndex((task) => !running.has(task.specId));
    if (index < 0) break;
    const [task] = waiting.splice(index, 1) as [Task];
    running.add(task.specId);
    void run(task);
  }
  if (isIdle()) {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

async function run(task: Task): Promise<void> {
  try {
    await processOpenApiSpec(task.services, task.specId);
  } catch (error) {
    if (task.services.db.sqlite.isOpen) console.error(`OpenAPI processing of ${task.specId} failed:`, error);
  } finally {
    running.delete(task.specId);
    const next = again.get(task.specId);
    if (next) {
      again.delete(task.specId);
      waiting.push(next);
    }
    schedule();
  }
}
