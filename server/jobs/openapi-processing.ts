/**
 * The `openapi-process` jobs: a spec created or given a new source is queued (in the transaction that wrote it)
 * and processed in the background while its creation has already been answered (`pending`). The queue (queue.ts)
 * keeps the job in the database, so a stop in the middle of a run leaves it to the next start.
 *
 * Rules:
 * - Two runs at a time in a process (a slow fetch does not hold every other spec up), one spec per run.
 * - A run stopped by the runner (over budget, out of memory) is tried 3 times in all, then the spec is `complete`
 *   with a `PARSE_ERROR` saying why (domain/openapi/process.ts).
 */
import type { Services } from '../http/context.ts';
import { giveUpOpenApiSpec, processOpenApiSpec } from '../domain/openapi/process.ts';
import type { Statements } from '../storage/store/store.ts';
import type { JobKind } from './queue.ts';
import { enqueueJobIn } from './records.ts';

export const OPENAPI_JOB = 'openapi-process';

/** Queues the processing of a spec, in the caller's transaction; poke the queue once it is committed. */
export function queueOpenApiProcessing(
  tx: Statements,
  spec: { id: string; organizationId: string },
): Promise<void> {
  return enqueueJobIn(tx, { kind: OPENAPI_JOB, subjectId: spec.id, scopeId: spec.organizationId });
}

/** The job kind, run with these services. */
export function openApiProcessingJobs(services: Services): JobKind {
  return {
    name: OPENAPI_JOB,
    concurrency: 2,
    batch: 1,
    maxAttempts: 3,
    run: async (specIds) => {
      for (const specId of specIds) await processOpenApiSpec(services, specId);
    },
    giveUp: (specId, error, attempts) => giveUpOpenApiSpec(services, specId, error, attempts),
  };
}
