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
import { SqliteStore } from '../../storage/store/sqlite-store.ts';
import { latestVersion, markInProgress, recordFailedIn, recordProcessedIn, specByIdIn } from './records.ts';
import { sourceBytesIn } from './source-parts.ts';

/** Bytes in a buffer of their own (which can be moved to a worker), copied only when they share one. */
function ownBuffer(bytes: Uint8Array | null): Uint8Array<ArrayBuffer> {
  if (bytes === null) return new Uint8Array(0);
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? new Uint8Array(buffer)
    : new Uint8Array(bytes);
}

/**
 * Runs the processing of one specification. Its statements go through the store, between other requests'
 * transactions: the run awaits its worker task, after which the queue's `outside` no longer covers it.
 */
export async function processOpenApiSpec(services: Services, specId: string): Promise<void> {
  const { store, clock } = services;
  const spec = await specByIdIn(store, specId);
  if (!spec || spec.processing_state === 'complete') return;
  const serial = spec.source_serial;
  if (!(await markInProgress(store, specId, serial))) return;
  // A stored text is read by the worker from the SQLite database file; an in-memory database's (or PostgreSQL's)
  // is read here, as bytes moved to the worker. This thread never decodes the text.
  const file = store instanceof SqliteStore ? store.db.sqlite.location() : null;
  const bytes = spec.source_url === null && !file ? ownBuffer(await sourceBytesIn(store, specId)) : undefined;
  const source: TaskInput<'openapi.process'>['source'] =
    spec.source_url !== null
      ? { url: spec.source_url }
      : bytes !== undefined
        ? { bytes }
        : { stored: { file: file ?? '', specId } };
  const knownHash = (await latestVersion(store, specId))?.content_hash;
  const output = await services.jobs.runner.run(
    'openapi.process',
    { source, network: services.network, knownHash },
    { transfer: bytes === undefined ? [] : [bytes.buffer] },
  );
  if ('failure' in output)
    await recordFailedIn(store, clock.now(), specId, serial, output.failure.code, output.failure.message);
  else await recordProcessedIn(store, clock.now(), specId, serial, output, spec.source_url);
}

/** Records that a spec's processing failed for good (its runs kept being stopped), through the store. */
export async function giveUpOpenApiSpec(
  services: Services,
  specId: string,
  error: Error,
  attempts: number,
): Promise<void> {
  const { store, clock } = services;
  const spec = await specByIdIn(store, specId);
  // A spec still `pending` has a newer source waiting: its own run comes next.
  if (!spec || spec.processing_state !== 'progress') return;
  const why =
    error instanceof JobLimitError && error.reason === 'time'
      ? 'processing the document took longer than the server allows'
      : error instanceof JobLimitError && error.reason === 'memory'
        ? 'processing the document needed more memory than the server allows'
        : `processing the document failed (${error.message})`;
  await recordFailedIn(
    store,
    clock.now(),
    specId,
    spec.source_serial,
    'PARSE_ERROR',
    `${why}; it was stopped after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`,
  );
}
