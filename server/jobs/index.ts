/**
 * The jobs of a server: its runner (worker threads) and its persisted queue with every kind of job it runs; a second
 * runner for the short tasks a request or the database waits on (parsing a large body, a checkpoint of the log),
 * which never queue behind a long job; and the checkpoints. `buildApp` starts them with the server (claims begin
 * once it is ready) and stops them with it.
 */
import type { Checkpoints, Services } from '../http/context.ts';
import { openApiProcessingJobs } from './openapi-processing.ts';
import { JobQueue, type JobKind, type JobQueueOptions, type QueueStorage } from './queue.ts';
import { JobRunner, type JobRunnerOptions } from './runner.ts';
import { searchIndexJobs } from './search-indexing.ts';
import { WalCheckpointer, type CheckpointOptions } from '../storage/checkpoints.ts';
import type { PostgresStore } from '../storage/store/postgres-store.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';

/**
 * Whether a store is a `PostgresStore` whose pool is closing. Told by its `pool` rather than `instanceof`, so that a
 * server on SQLite never loads the PostgreSQL store (nor `pg`: a few MB of its memory).
 */
const poolEnding = (store: object): boolean => 'pool' in store && (store as PostgresStore).pool.ending;

const NO_CHECKPOINTS: Checkpoints = { start: () => {}, stop: async () => {} };

export interface JobsOptions {
  runner?: JobRunnerOptions;
  queue?: JobQueueOptions;
  checkpoints?: CheckpointOptions;
}

/** The services with their jobs: a runner and a queue (not started: `queue.start()` begins claiming). */
export function startJobs(base: Omit<Services, 'jobs'>, options: JobsOptions = {}): Services {
  const runner = new JobRunner(options.runner);
  const kinds: JobKind[] = [];
  const { store } = base;
  // The queue's statements go through the store (on SQLite they wait for its open transactions: queue.ts).
  const storage: QueueStorage =
    store instanceof SqliteStore
      ? { store, isOpen: () => store.db.sqlite.isOpen, db: base.db }
      : { store, isOpen: () => !poolEnding(store) };
  const queue = new JobQueue(storage, kinds, options.queue);
  const quick = new JobRunner({
    maxWorkers: 2,
    ...(options.runner?.workerUrl !== undefined ? { workerUrl: options.runner.workerUrl } : {}),
  });
  // SQLite's write-ahead log only: another store has no log of this server's to checkpoint.
  const checkpoints: Checkpoints =
    store instanceof SqliteStore ? new WalCheckpointer(base.db, quick, options.checkpoints) : NO_CHECKPOINTS;
  const services: Services = { ...base, jobs: { runner, queue, quick, checkpoints } };
  kinds.push(openApiProcessingJobs(services), searchIndexJobs(services));
  return services;
}
