/**
 * Storage of jobs (the `jobs` table, migration 10): queuing, claiming with a lease, renewing leases, and ending
 * runs. Every query here is one statement or one short transaction, so that with PostgreSQL the claim becomes
 * `UPDATE … WHERE (kind, subject_id) IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING …` and several server
 * processes share one queue.
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
export const jobsQueued = (db: Database): number => (queuedCounts.get(db) ?? 0) + queuedInStores;

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

/** Whether a job of this kind could be claimed now (a read, cheaper than the claim's write transaction). */
export function hasClaimableJobs(db: Database, kind: string, now: number): boolean {
  const at = iso(now);
  return Number(db.first(claimable(kind, at, at))?.due) === 1;
}

/**
 * Claims up to `limit` jobs of a kind that are due (queued and past `run_after`, or running under a lease that
 * expired), for `owner` until `now + leaseMs`; counts an attempt on each. Answers them as claimed.
 */
export function claimJobs(
  db: Database,
  kind: string,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
): JobRow[] {
  const at = iso(now);
  return db.transaction(() => {
    const due = db.all(
      db.q
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', kind)
        .where('state', '=', 'queued')
        .where('run_after', '<=', at)
        .orderBy('run_after')
        .limit(limit),
    );
    const expired =
      due.length < limit
        ? db.all(
            db.q
              .selectFrom('jobs')
              .selectAll()
              .where('kind', '=', kind)
              .where('state', '=', 'running')
              .where('lease_until', '<=', at)
              .orderBy('lease_until')
              .limit(limit - due.length),
          )
        : [];
    const claimed = [...due, ...expired];
    const leaseUntil = iso(now + leaseMs);
    for (const row of claimed) {
      db.run(
        db.q
          .updateTable('jobs')
          .set({ state: 'running', attempts: row.attempts + 1, lease_owner: owner, lease_until: leaseUntil })
          .where('kind', '=', kind)
          .where('subject_id', '=', row.subject_id),
      );
      row.state = 'running';
      row.attempts += 1;
      row.lease_owner = owner;
      row.lease_until = leaseUntil;
    }
    return claimed;
  });
}

/** Extends the leases of the jobs `owner` runs. */
export function renewLeases(db: Database, owner: string, now: number, leaseMs: number): void {
  db.run(
    db.q
      .updateTable('jobs')
      .set({ lease_until: iso(now + leaseMs) })
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running'),
  );
}

/**
 * Ends a run of `owner`: the job is deleted, unless it was queued again meanwhile (another generation), in which
 * case it waits again, due now, with no attempt counted.
 */
export function finishJob(
  db: Database,
  job: Pick<JobRow, 'kind' | 'subject_id' | 'generation'>,
  owner: string,
): void {
  const { kind, subject_id: subject } = job;
  db.transaction(() => {
    const deleted = db.run(
      db.q
        .deleteFrom('jobs')
        .where('kind', '=', kind)
        .where('subject_id', '=', subject)
        .where('generation', '=', job.generation)
        .where('lease_owner', '=', owner),
    );
    if (deleted === 0)
      db.run(
        db.q
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
  });
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
export function retryJob(
  db: Database,
  job: Pick<JobRow, 'kind' | 'subject_id'>,
  owner: string,
  runAfter: number,
  error: string,
): void {
  db.run(
    db.q
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
export function releaseJobs(db: Database, owner: string): void {
  db.run(
    db.q
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
export function hasDueJobs(db: Database, kinds: readonly string[], now: number): boolean {
  if (kinds.length === 0) return false;
  return (
    db.first(
      db.q
        .selectFrom('jobs')
        .select('kind')
        .where('kind', 'in', kinds)
        .where('state', '=', 'queued')
        .where('run_after', '<=', iso(now))
        .limit(1),
    ) !== undefined
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
export function hasScopedJobs(db: Database, kind: string, scopeId: string, queuedBefore: number): boolean {
  return db.first(scoped(kind, scopeId, iso(queuedBefore))) !== undefined;
}
