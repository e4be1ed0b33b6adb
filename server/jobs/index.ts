/**
 * The jobs of a server: its runner (worker threads) and its persisted queue with every kind of job it runs.
 * `buildApp` starts them with the server (claims begin once it is ready) and stops them with it.
 */
import type { Services } from '../http/context.ts';
import { openApiProcessingJobs } from './openapi-processing.ts';
import { JobQueue, type JobKind, type JobQueueOptions } from './queue.ts';
import { JobRunner, type JobRunnerOptions } from './runner.ts';
import { searchIndexJobs } from './search-indexing.ts';

export interface JobsOptions {
  runner?: JobRunnerOptions;
  queue?: JobQueueOptions;
}

/** The services with their jobs: a runner and a queue (not started: `queue.start()` begins claiming). */
export function startJobs(base: Omit<Services, 'jobs'>, options: JobsOptions = {}): Services {
  const runner = new JobRunner(options.runner);
  const kinds: JobKind[] = [];
  const queue = new JobQueue(base.db, kinds, options.queue);
  const services: Services = { ...base, jobs: { runner, queue } };
  kinds.push(openApiProcessingJobs(services), searchIndexJobs(services));
  return services;
}
