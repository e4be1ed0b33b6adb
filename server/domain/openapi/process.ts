/**
 * One processing run of an OpenAPI specification, on the main thread's side: `pending` → `progress` → `complete`.
 * The work itself (fetch, parse, reference limits, validation) is the `openapi.process` task on a worker thread
 * (process-task.ts, whose comment lists the failure codes); this side reads the spec, hands the task its source,
 * and records the outcome.
 *
 * Rules:
 * - A failure keeps the versions: the last good one stays the latest. Content equal to the newest version's (same
 *   hash) adds no version.
 * - The run works on the source it started with (`source_serial`): when the source was replaced meanwhile, or the
 *   spec deleted, its result is dropped (the job runs again for the new source).
 * - A run the runner stops (over its time budget, out of memory) throws: the job queue retries it a few times, then
 *   `giveUpOpenApiSpec` records a `PARSE_ERROR` saying why, unless a newer source is waiting.
 */
import type { Services } from '../../http/context.ts';
import { JobLimitError } from '../../jobs/runner.ts';
import type { TaskInput } from '../../jobs/tasks.ts';
import {
  latestVersion,
  markInProgress,
  recordFailed,
  recordProcessed,
  specById,
  specSourceBytes,
} from './records.ts';

/** Bytes in a buffer of their own (which can be moved to a worker), copied only when they share one. */
function ownBuffer(bytes: Uint8Array | null): Uint8Array<ArrayBuffer> {
  if (bytes === null) return new Uint8Array(0);
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? new Uint8Array(buffer)
    : new Uint8Array(bytes);
}

/** Runs the processing of one specification. */
export async function processOpenApiSpec(services: Services, specId: string): Promise<void> {
  const { db, clock } = services;
  const spec = specById(db, specId);
  if (!spec || spec.processing_state === 'complete') return;
  const serial = spec.source_serial;
  if (!markInProgress(db, specId, serial)) return;
  // A stored text is read by the worker from the database file; an in-memory database's is read here, as bytes
  // moved to the worker. This thread never decodes the text.
  const file = db.sqlite.location();
  const bytes = spec.source_url === null && !file ? ownBuffer(specSourceBytes(db, specId)) : undefined;
  const source: TaskInput<'openapi.process'>['source'] =
    spec.source_url !== null
      ? { url: spec.source_url }
      : bytes !== undefined
        ? { bytes }
        : { stored: { file: file ?? '', specId } };
  const output = await services.jobs.runner.run(
    'openapi.process',
    { source, network: services.network, knownHash: latestVersion(db, specId)?.content_hash },
    { transfer: bytes === undefined ? [] : [bytes.buffer] },
  );
  if ('failure' in output)
    recordFailed(db, clock.now(), specId, serial, output.failure.code, output.failure.message);
  else recordProcessed(db, clock.now(), specId, serial, output, spec.source_url);
}

/** Records that a spec's processing failed for good (its runs kept being stopped). */
export function giveUpOpenApiSpec(services: Services, specId: string, error: Error, attempts: number): void {
  const { db, clock } = services;
  const spec = specById(db, specId);
  // A spec still `pending` has a newer source waiting: its own run comes next.
  if (!spec || spec.processing_state !== 'progress') return;
  const why =
    error instanceof JobLimitError && error.reason === 'time'
      ? 'processing the document took longer than the server allows'
      : error instanceof JobLimitError && error.reason === 'memory'
        ? 'processing the document needed more memory than the server allows'
        : `processing the document failed (${error.message})`;
  recordFailed(
    db,
    clock.now(),
    specId,
    spec.source_serial,
    'PARSE_ERROR',
    `${why}; it was stopped after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`,
  );
}
