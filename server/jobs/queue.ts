/**
 * The persisted job queue: jobs live in the database (records.ts), so they survive a restart, and this process
 * claims and runs the ones of the kinds it knows.
 *
 * Rules:
 * - Each kind runs at most `concurrency` runs at a time here, each on up to `batch` subjects (a retried job runs
 *   alone, so one bad subject does not fail its neighbours again). Claims happen when poked (after a write that
 *   queued something), every `pollMs` (jobs queued by other processes, retries coming due, expired leases), and
 *   after each run.
 * - A claim takes a lease of `leaseMs`, renewed every third of it while the run lasts; a process that dies leaves
 *   leases that expire, and the jobs are claimed again (by a restart, or by another process).
 * - A run that fails (its task over budget, out of memory, its worker dead, or any error) is retried after
 *   `retryDelayMs` × 2^(attempts − 1), up to the kind's `maxAttempts`; then the kind's `giveUp` records the failure
 *   where users see it, and the job is deleted. A job claimed again after its process died mid-run has used an
 *   attempt too, so a job that kills its process cannot be retried forever either: no restart can hang.
 * - `stop()` stops claiming and gives back the leases of the runs in flight, without counting their attempt.
 * - Every statement of the queue runs through the store, outside its transactions (records.ts): on SQLite it waits
 *   for an open transaction of the store; on PostgreSQL the claim takes due jobs `FOR UPDATE SKIP LOCKED`, so
 *   several server processes share one queue and each job runs once at a time.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../storage/database.ts';
import type { Statements } from '../storage/store/store.ts';
import {
  claimJobs,
  finishJob,
  hasClaimableJobs,
  hasDueJobs,
  hasScopedJobs,
  jobsQueued,
  releaseJobs,
  renewLeases,
  retryJob,
  type JobRow,
} from './records.ts';

/** A kind of job this process runs. */
export interface JobKind {
  name: string;
  concurrency: number;
  batch: number;
  maxAttempts: number;
  /** Does the work for these subjects (reads, runs tasks, writes); throws when it fails. */
  run(subjectIds: string[]): Promise<void>;
  /** Records, where users see it, that the subject's job failed for good (through the store). */
  giveUp(subjectId: string, error: Error, attempts: number): Promise<void> | void;
}

/** Where the queue's statements run, and whether it is still open (a server shutting down closes it). */
export interface QueueStorage {
  store: Statements;
  isOpen: () => boolean;
  /** The synchronous `Database` whose `enqueueJob` calls `pokeIfQueued` counts, when there is one. */
  db?: Database;
}

export interface JobQueueOptions {
  leaseMs?: number;
  pollMs?: number;
  retryDelayMs?: number;
  /** Where unexpected failures are reported (default: console.error). */
  log?: (message: string) => void;
}

export class JobQueue {
  private readonly store: Statements;
  private readonly isOpen: () => boolean;
  private readonly db: Database | undefined;
  private readonly kinds: readonly JobKind[];
  private readonly owner = randomUUID();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retryDelayMs: number;
  private readonly log: (message: string) => void;
  private readonly running = new Map<string, number>();
  private readonly runs = new Set<Promise<void>>();
  private waiters: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private scheduled = false;
  /** A claim check is under way; `again`: a poke came meanwhile, so another follows it. */
  private pumping = false;
  private again = false;
  /** Claim statements in flight (their jobs are no longer due, and not yet among `runs`), and how many began. */
  private claiming = 0;
  private claimsBegun = 0;
  private started = false;
  private stopped = false;
  /** `jobsQueued` when the last claim check began. */
  private seenQueued = -1;

  constructor(storage: QueueStorage, kinds: readonly JobKind[], options: JobQueueOptions = {}) {
    this.store = storage.store;
    this.isOpen = storage.isOpen;
    this.db = storage.db;
    this.kinds = kinds;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.log = options.log ?? ((message) => console.error(message));
  }

  /** Starts claiming: now, when poked, and every `pollMs`. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    const poll = setInterval(() => this.poke(), this.pollMs);
    const renew = setInterval(() => this.renew(), Math.max(1, Math.floor(this.leaseMs / 3)));
    poll.unref();
    renew.unref();
    this.timers = [poll, renew];
    this.poke();
  }

  /** Claims due jobs soon (after the current call stack: the request that queued them answers first). */
  poke(): void {
    if (!this.started || this.stopped || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pumpOnce();
    });
  }

  /** Claims, one check at a time: a poke during a check pokes again after it (runs may have ended meanwhile). */
  private async pumpOnce(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.again = false;
    await this.pump().catch((error: unknown) => this.log(`job queue: claiming failed: ${String(error)}`));
    this.pumping = false;
    if (this.again) this.poke();
    if (this.runs.size === 0) this.wake();
  }

  /**
   * Pokes when a job was queued since the last claim check began (after a write: one that queued nothing leaves the
   * rest to the poll, as before, without the claim check's two statements).
   */
  pokeIfQueued(): void {
    if (jobsQueued(this.db) !== this.seenQueued) this.poke();
  }

  /** Resolves once no job is due and none runs here (tests await it instead of sleeping). */
  async whenIdle(): Promise<void> {
    if (!this.started) return;
    while (!this.stopped && (await this.busy())) {
      this.poke();
      await this.nextRunEnd();
    }
  }

  /**
   * Whether a job runs here, is being claimed here, or is due. A claim that began while the due check ran may have
   * taken the job it would have seen: busy then too.
   */
  private async busy(): Promise<boolean> {
    if (this.runs.size > 0 || this.claiming > 0) return true;
    const begun = this.claimsBegun;
    if (await this.dueNow()) return true;
    return this.runs.size > 0 || this.claiming > 0 || this.claimsBegun !== begun;
  }

  /**
   * Resolves once no job of `kind` for `scopeId` queued until now waits or runs, or after `timeoutMs` (the caller
   * then goes on with what is done).
   */
  async settle(kind: string, scopeId: string, timeoutMs: number): Promise<void> {
    const since = Date.now();
    const deadline = since + timeoutMs;
    while (
      !this.stopped &&
      Date.now() < deadline &&
      (await this.safely(() => hasScopedJobs(this.store, kind, scopeId, since)))
    ) {
      this.poke();
      await Promise.race([this.nextRunEnd(), delay(Math.min(50, Math.max(1, deadline - Date.now())))]);
    }
  }

  /** Stops claiming and gives back the leases of the runs in flight (their attempt is not counted). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.write(() => releaseJobs(this.store, this.owner));
    this.wake();
  }

  private dueNow(): Promise<boolean> {
    return this.safely(() =>
      hasDueJobs(
        this.store,
        this.kinds.map((kind) => kind.name),
        Date.now(),
      ),
    );
  }

  /** Resolves when a run ends; with none running, after the claim a poke scheduled (or the next turn of the loop). */
  private nextRunEnd(): Promise<void> {
    if (this.runs.size === 0 && !this.scheduled && !this.pumping)
      return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Answers a query's result unless the database is closed (a server shutting down): false then. */
  private async safely(query: () => Promise<boolean>): Promise<boolean> {
    return this.isOpen() && (await query());
  }

  /** Runs writes unless the database is closed. */
  private async write(statements: () => Promise<void>): Promise<void> {
    if (this.isOpen()) await statements();
  }

  private renew(): void {
    if (this.runs.size === 0) return;
    this.write(() => renewLeases(this.store, this.owner, Date.now(), this.leaseMs)).catch((error: unknown) =>
      this.log(`job queue: renewing leases failed: ${String(error)}`),
    );
  }

  /** Claims due jobs and launches their runs. */
  private async pump(): Promise<void> {
    if (this.stopped || !this.isOpen()) return;
    this.seenQueued = jobsQueued(this.db);
    for (const kind of this.kinds) {
      const free = kind.concurrency - (this.running.get(kind.name) ?? 0);
      if (free <= 0 || !(await hasClaimableJobs(this.store, kind.name, Date.now()))) continue;
      // Stopped while the check ran: nothing more is claimed (`stop` gave back what this process held).
      if (this.stopped || !this.isOpen()) return;
      this.claiming++;
      this.claimsBegun++;
      try {
        if (!(await this.claim(kind, free))) return;
      } finally {
        this.claiming--;
      }
    }
  }

  /** Claims up to `free` runs' jobs of `kind` and launches them; false when the queue stopped meanwhile. */
  private async claim(kind: JobKind, free: number): Promise<boolean> {
    const claimed = await claimJobs(
      this.store,
      kind.name,
      this.owner,
      Date.now(),
      this.leaseMs,
      free * kind.batch,
    );
    if (this.stopped) {
      await this.write(() => releaseJobs(this.store, this.owner));
      return false;
    }
    const retried = claimed.filter((job) => job.attempts > 1);
    const fresh = claimed.filter((job) => job.attempts <= 1);
    const batches = [...retried.map((job) => [job])];
    for (let i = 0; i < fresh.length; i += kind.batch) batches.push(fresh.slice(i, i + kind.batch));
    for (const batch of batches) this.launch(kind, batch);
    return true;
  }

  private launch(kind: JobKind, jobs: JobRow[]): void {
    this.running.set(kind.name, (this.running.get(kind.name) ?? 0) + 1);
    const run = this.runBatch(kind, jobs).finally(() => {
      this.running.set(kind.name, (this.running.get(kind.name) ?? 1) - 1);
      this.runs.delete(run);
      this.wake();
      this.poke();
    });
    this.runs.add(run);
  }

  private async runBatch(kind: JobKind, jobs: JobRow[]): Promise<void> {
    // Jobs whose process died under them after their last attempt: failed without running again.
    const spent = jobs.filter((job) => job.attempts > kind.maxAttempts);
    for (const job of spent)
      await this.end(
        kind,
        job,
        new Error(job.last_error ?? 'its runs kept stopping the server'),
        kind.maxAttempts,
      );
    const live = jobs.filter((job) => job.attempts <= kind.maxAttempts);
    if (live.length === 0) return;
    try {
      await kind.run(live.map((job) => job.subject_id));
      if (this.stopped) return;
      await this.write(async () => {
        // Stopped while this waited for a transaction: `stop` gave the leases back, the jobs run again later.
        for (const job of live) if (!this.stopped) await finishJob(this.store, job, this.owner);
      });
    } catch (error) {
      if (this.stopped) return;
      const failure = error instanceof Error ? error : new Error(String(error));
      await this.write(async () => {
        for (const job of live) {
          if (this.stopped) return;
          if (job.attempts >= kind.maxAttempts) await this.end(kind, job, failure, job.attempts);
          else {
            const wait = this.retryDelayMs * 2 ** (job.attempts - 1);
            await retryJob(this.store, job, this.owner, Date.now() + wait, failure.message);
          }
        }
      });
      if (!(error instanceof Error) || error.name !== 'JobLimitError')
        this.log(
          `job ${kind.name} failed on ${live.map((job) => job.subject_id).join(', ')}: ${failure.message}`,
        );
    }
  }

  /** The job failed for good: the kind records it, and the job goes. */
  private async end(kind: JobKind, job: JobRow, error: Error, attempts: number): Promise<void> {
    if (!this.isOpen()) return;
    try {
      await kind.giveUp(job.subject_id, error, attempts);
    } catch (failure) {
      this.log(`job ${kind.name} could not record the failure of ${job.subject_id}: ${String(failure)}`);
    }
    await finishJob(this.store, job, this.owner);
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
