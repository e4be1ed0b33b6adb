// The job queue on PostgreSQL: two queues (two pools, as two server processes would have) claim jobs of one kind
// from one database at once, and each job runs exactly once; a job whose lease expired (its process died) is taken
// over, while a job under a live lease is left to its owner.
import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratePostgres } from '../storage/postgres/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../storage/postgres/test-cluster.ts';
import { PostgresStore } from '../storage/store/postgres-store.ts';
import { JobQueue, type JobKind } from './queue.ts';
import { enqueueJobIn } from './records.ts';

const KIND = 'test-once';
const JOBS = 300;

let database: TestDatabase;
let client: Client;
const stores: PostgresStore[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client(database.config);
  await client.connect();
  await migratePostgres(client);
  stores.push(PostgresStore.open(database.config), PostgresStore.open(database.config));
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await client.end();
  await database.drop();
});

beforeEach(async () => {
  await client.query('TRUNCATE jobs');
  logs.length = 0;
});

/**
 * A kind whose runs record, per queue, the subjects they ran. Each run first waits for `ready` (resolved, by
 * default): the first test's runs wait until both queues have begun one, so that both take part whatever the load.
 */
function recordingKind(ran: string[], began: () => void = () => {}, ready = Promise.resolve()): JobKind {
  return {
    name: KIND,
    concurrency: 2,
    batch: 1,
    maxAttempts: 3,
    run: async (subjects) => {
      began();
      await ready;
      ran.push(...subjects);
    },
    giveUp: () => {},
  };
}

/** What the queues reported as failed (nothing, in these tests). */
const logs: string[] = [];

const queueOn = (store: PostgresStore, kind: JobKind) =>
  new JobQueue({ store, isOpen: () => !store.pool.ending }, [kind], {
    pollMs: 1,
    log: (message) => logs.push(message),
  });

const jobsLeft = async () => Number((await client.query('SELECT count(*) AS n FROM jobs')).rows[0].n);

/** Resolves once the jobs table is empty and both queues are idle (polled: the queues' own claims drive the work). */
async function drained(queues: JobQueue[]): Promise<void> {
  for (;;) {
    await Promise.all(queues.map((queue) => queue.whenIdle()));
    if ((await jobsLeft()) === 0) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
}

describe('the job queue on PostgreSQL', () => {
  it('runs each job exactly once when two queues claim from one database at once', async () => {
    const [first, second] = stores as [PostgresStore, PostgresStore];
    for (let i = 0; i < JOBS; i++)
      await enqueueJobIn(first, { kind: KIND, subjectId: `s${String(i).padStart(4, '0')}`, scopeId: null });
    const ran: [string[], string[]] = [[], []];
    const began = [false, false];
    let bothBegan = () => {};
    const whenBothBegan = new Promise<void>((resolve) => (bothBegan = resolve));
    let release = () => {};
    const ready = new Promise<void>((resolve) => (release = resolve));
    const beginning = (queue: number) => () => {
      began[queue] = true;
      if (began[0] && began[1]) bothBegan();
    };
    const queues = [
      queueOn(first, recordingKind(ran[0], beginning(0), ready)),
      queueOn(second, recordingKind(ran[1], beginning(1), ready)),
    ];
    for (const queue of queues) queue.start();
    // While every run waits, each queue holds the leases of its runs alone: at most its concurrency (2), two owners.
    await whenBothBegan;
    const leases = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM jobs WHERE state = 'running' GROUP BY lease_owner",
    );
    release();
    expect(leases.rows.map((row) => Number(row.n) <= 2)).toEqual([true, true]);
    await drained(queues);
    await Promise.all(queues.map((queue) => queue.stop()));

    const all = [...ran[0], ...ran[1]];
    const runs = new Map<string, number>();
    for (const subject of all) runs.set(subject, (runs.get(subject) ?? 0) + 1);
    const twice = [...runs].filter(([, count]) => count > 1);
    expect(twice).toEqual([]);
    expect(runs.size).toBe(JOBS);
    expect(all).toHaveLength(JOBS);
    // Both queues took part (their first runs waited for each other).
    expect(ran[0].length).toBeGreaterThan(0);
    expect(ran[1].length).toBeGreaterThan(0);
    expect(logs).toEqual([]);
  });

  it('takes over a job whose lease expired, and leaves one under a live lease to its owner', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 600_000).toISOString();
    await client.query(
      `INSERT INTO jobs (kind, subject_id, scope_id, state, generation, attempts, run_after, queued_at, lease_owner,
         lease_until)
       VALUES ($1, 'crashed', NULL, 'running', 1, 1, $2, $2, 'a-dead-process', $2),
              ($1, 'alive', NULL, 'running', 1, 1, $2, $2, 'a-live-process', $3)`,
      [KIND, past, future],
    );
    const ran: string[] = [];
    const queue = queueOn(stores[0]!, recordingKind(ran));
    queue.start();
    // The claim of the expired job and its run: polled until its row is gone.
    for (;;) {
      await queue.whenIdle();
      const left = await client.query<{ subject_id: string }>(
        'SELECT subject_id FROM jobs ORDER BY subject_id',
      );
      if (left.rows.every((row) => row.subject_id !== 'crashed')) break;
      await new Promise<void>((resolve) => setTimeout(resolve, 5));
    }
    await queue.stop();
    expect(ran).toEqual(['crashed']);
    const left = await client.query('SELECT subject_id, state, lease_owner, attempts FROM jobs');
    expect(left.rows).toEqual([
      { subject_id: 'alive', state: 'running', lease_owner: 'a-live-process', attempts: 1 },
    ]);
    expect(logs).toEqual([]);
  });
});
