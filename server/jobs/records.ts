/**
 * Storage of jobs (the `jobs` table, migration 10): queuing, claiming with a lease, renewing leases, and ending
 * runs. Every query here is one statement or one short transaction, so that with PostgreSQL the claim is one
 * `UPDATE … FROM` a materialized pick `FOR UPDATE SKIP LOCKED` (`claimOnPostgres`) and several server processes
 * share one queue.
 *
 * Times are the wall clock's (a job's lease is compared across processes), never a test's injected clock.
 */
import { sql } from 'kysely';
import { builder, type Database } from '../storage/database.ts';
import { prepared } from '../storage/prepared.ts';
import type { JobsTable } from '../storage/schema.ts';
import type { Statements } from '../storage/store/store.ts';

export type JobRow = JobsTable;

/** What names a job: its kind and subject, and the organization it concerns (for waiting on an organization's). */
export interface JobKey {
  kind: string;
  subjectId: string;
  scopeId: string | null;
}

const iso = (at: number) => new Date(at).toISOString();

/** How many times `enqueueJob` or `enqueueJobIn` ran on each database (see `jobsQueued`). */
const queuedCounts = new WeakMap<Database, number>();
/** How many times `enqueueJobIn` ran, on any store: a store's transaction does not name its `Database`. */
let queuedInStores = 0;

/**
 * How many times a job was queued on this database by `enqueueJob`, or on any store by `enqueueJobIn` (a rolled-back
 * one counts too): a queue that saw the same figure at its last claim check knows, without a statement, that no
 * write queued anything since (a job queued on another store only costs it one claim check).
 */
export const jobsQueued = (db: Database | undefined): number =>
  (db === undefined ? 0 : (queuedCounts.get(db) ?? 0)) + queuedInStores;

/**
 * Queues a job, in the caller's transaction. A job already waiting stays one job (due now, its attempts forgotten);
 * one running gets a new generation, so its run ends with the job queued again.
 */
export function enqueueJob(db: Database, job: JobKey): void {
  queuedCounts.set(db, (queuedCounts.get(db) ?? 0) + 1);
  db.run(jobUpsert(job));
}

/**
 * As `enqueueJob`, in the caller's transaction of the store. Run again with its transaction (PostgreSQL's retry),
 * it still queues one job; the queue is poked after the request (`JobQueue.pokeIfQueued`), once it has committed.
 */
export async function enqueueJobIn(tx: Statements, job: JobKey): Promise<void> {
  queuedInStores++;
  await tx.run(jobUpsert(job));
}

function jobUpsert(job: JobKey) {
  const now = iso(Date.now());
  return builder
    .insertInto('jobs')
    .values({
      kind: job.kind,
      subject_id: job.subjectId,
      scope_id: job.scopeId,
      state: 'queued',
      generation: 1,
      attempts: 0,
      run_after: now,
      queued_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'subject_id']).doUpdateSet({
        generation: sql`jobs.generation + 1`,
        scope_id: sql`excluded.scope_id`,
        queued_at: sql`excluded.queued_at`,
        attempts: sql`CASE WHEN jobs.state = 'queued' THEN 0 ELSE jobs.attempts END`,
        run_after: sql`CASE WHEN jobs.state = 'queued' THEN excluded.run_after ELSE jobs.run_after END`,
      }),
    );
}

// Two existence tests, each on `jobs_due` (kind, state, …): one test with an `or` of the two states was planned on
// `jobs_scope`, reading every job of the kind (it runs at each poke of the queue: hundreds of times a second).
const claimable = prepared((kind: string, at: string, expiredBefore: string) =>
  builder.selectNoFrom((eb) =>
    eb
      .or([
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('kind')
            .where('kind', '=', kind)
            .where('state', '=', 'queued')
            .where('run_after', '<=', at),
        ),
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('kind')
            .where('kind', '=', kind)
            .where('state', '=', 'running')
            .where('lease_until', '<=', expiredBefore),
        ),
      ])
      .as('due'),
  ),
);

/** Whether a job of this kind could be claimed now (a read, cheaper than the claim's write). */
export async function hasClaimableJobs(on: Statements, kind: string, now: number): Promise<boolean> {
  const at = iso(now);
  return Number((await on.first(claimable(kind, at, at)))?.due) === 1;
}

/** Whether a job is due: queued and past `run_after`, or running under a lease that expired. */
const dueJob = (at: string, expiredBefore: string) =>
  sql<boolean>`((jobs.state = 'queued' AND jobs.run_after <= ${at})
    OR (jobs.state = 'running' AND jobs.lease_until <= ${expiredBefore}))`;

/** The due jobs of a kind, oldest first, `limit` at most. */
const dueJobs = (kind: string, at: string, expiredBefore: string, limit: number) =>
  builder
    .selectFrom('jobs')
    .select('subject_id')
    .where('kind', '=', kind)
    .where(dueJob(at, expiredBefore))
    .orderBy('run_after')
    .orderBy('subject_id')
    .limit(limit);

const claimed = (owner: string, leaseUntil: string) =>
  ({
    state: 'running',
    attempts: sql<number>`attempts + 1`,
    lease_owner: owner,
    lease_until: leaseUntil,
  }) as const;

/**
 * The claim on PostgreSQL, one statement: the due jobs are picked `FOR UPDATE SKIP LOCKED` in a materialized CTE
 * (run once: as an `IN (…)` subquery PostgreSQL may run the pick again for each row it updates, and each run skips
 * the rows the statement already updated, so one claim took every due job), then get the lease and an attempt. Two
 * processes claiming at once take different jobs without waiting for each other; the outer condition repeats the
 * pick's, so that a row changed by a claim that committed meanwhile is checked again and not claimed twice.
 */
const claimOnPostgres = prepared(
  (kind: string, at: string, expiredBefore: string, limit: number, owner: string, leaseUntil: string) =>
    builder
      .with(
        (cte) => cte('picked').materialized(),
        () => dueJobs(kind, at, expiredBefore, limit).forUpdate().skipLocked(),
      )
      .updateTable('jobs')
      .from('picked')
      .set(claimed(owner, leaseUntil))
      .where('jobs.kind', '=', kind)
      .whereRef('jobs.subject_id', '=', 'picked.subject_id')
      .where(dueJob(at, expiredBefore))
      .returningAll('jobs'),
);

/** The claim on SQLite, one statement under its one writer's lock (the subquery runs once, before the update). */
const claimOnSqlite = prepared(
  (kind: string, at: string, expiredBefore: string, limit: number, owner: string, leaseUntil: string) =>
    builder
      .updateTable('jobs')
      .set(claimed(owner, leaseUntil))
      .where('kind', '=', kind)
      .where('subject_id', 'in', dueJobs(kind, at, expiredBefore, limit))
      .returningAll(),
);

/**
 * Claims up to `limit` jobs of a kind that are due (queued and past `run_after`, or running under a lease that
 * expired), for `owner` until `now + leaseMs`; counts an attempt on each. Answers them as claimed, oldest first.
 */
export async function claimJobs(
  on: Statements,
  kind: string,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<JobRow[]> {
  const at = iso(now);
  const claim = on.dialect === 'postgres' ? claimOnPostgres : claimOnSqlite;
  const claimed = await on.all(claim(kind, at, at, limit, owner, iso(now + leaseMs)));
  return claimed.sort((a, b) =>
    a.run_after !== b.run_after
      ? a.run_after < b.run_after
        ? -1
        : 1
      : a.subject_id < b.subject_id
        ? -1
        : a.subject_id > b.subject_id
          ? 1
          : 0,
  );
}

/** Extends the leases of the jobs `owner` runs. */
export async function renewLeases(
  on: Statements,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<void> {
  await on.run(
    on.q
      .updateTable('jobs')
      .set({ lease_until: iso(now + leaseMs) })
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running'),
  );
}

/**
 * Ends a run of `owner`: the job is deleted, unless it was queued again meanwhile (another generation), in which
 * case it waits again, due now, with no attempt counted. Two statements, each conditioned on the lease: a job whose
 * lease expired and which another process claimed is left to it.
 */
export async function finishJob(
  on: Statements,
  job: Pick<JobRow, 'kind' | 'subject_id' | 'generation'>,
  owner: string,
): Promise<void> {
  const { kind, subject_id: subject } = job;
  const deleted = await on.run(
    on.q
      .deleteFrom('jobs')
      .where('kind', '=', kind)
      .where('subject_id', '=', subject)
      .where('generation', '=', job.generation)
      .where('lease_owner', '=', owner),
  );
  if (deleted === 0)
    await on.run(
      on.q
        .updateTable('jobs')
        .set({
          state: 'queued',
          attempts: 0,
          lease_owner: null,
          lease_until: null,
          run_after: iso(Date.now()),
        })
        .where('kind', '=', kind)
        .where('subject_id', '=', subject)
        .where('lease_owner', '=', owner),
    );
}

/**
 * Takes the waiting jobs of `kind` out of the queue, in the caller's transaction, and answers their subjects: for a
 * caller that does their work itself in that transaction (the demo's seed). Running jobs stay.
 */
export function takeQueuedJobs(db: Database, kind: string): string[] {
  return db
    .all(
      db.q.deleteFrom('jobs').where('kind', '=', kind).where('state', '=', 'queued').returning('subject_id'),
    )
    .map((row) => row.subject_id);
}

/** Puts a failed run of `owner` back in the queue, due at `runAfter`, with the error that ended it. */
export async function retryJob(
  on: Statements,
  job: Pick<JobRow, 'kind' | 'subject_id'>,
  owner: string,
  runAfter: number,
  error: string,
): Promise<void> {
  await on.run(
    on.q
      .updateTable('jobs')
      .set({
        state: 'queued',
        lease_owner: null,
        lease_until: null,
        run_after: iso(runAfter),
        last_error: error.slice(0, 1000),
      })
      .where('kind', '=', job.kind)
      .where('subject_id', '=', job.subject_id)
      .where('lease_owner', '=', owner),
  );
}

/** Gives back the jobs `owner` runs (a stop interrupted them): queued again, the interrupted attempt not counted. */
export async function releaseJobs(on: Statements, owner: string): Promise<void> {
  await on.run(
    on.q
      .updateTable('jobs')
      .set({
        state: 'queued',
        attempts: sql`CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END`,
        lease_owner: null,
        lease_until: null,
      })
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running'),
  );
}

/** Whether any job of these kinds is due now (queued and past `run_after`). */
export async function hasDueJobs(on: Statements, kinds: readonly string[], now: number): Promise<boolean> {
  if (kinds.length === 0) return false;
  return (
    (await on.first(
      on.q
        .selectFrom('jobs')
        .select('kind')
        .where('kind', 'in', kinds)
        .where('state', '=', 'queued')
        .where('run_after', '<=', iso(now))
        .limit(1),
    )) !== undefined
  );
}

const scoped = prepared((kind: string, scopeId: string, queuedBefore: string) =>
  builder
    .selectFrom('jobs')
    .select('kind')
    .where('kind', '=', kind)
    .where('scope_id', '=', scopeId)
    .where('queued_at', '<=', queuedBefore)
    .limit(1),
);

/** Whether a job of this kind and scope, queued at `queuedBefore` or earlier, waits or runs. */
export async function hasScopedJobs(
  on: Statements,
  kind: string,
  scopeId: string,
  queuedBefore: number,
): Promise<boolean> {
  return (await on.first(scoped(kind, scopeId, iso(queuedBefore)))) !== undefined;
}
