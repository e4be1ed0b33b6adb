/**
 * The job queue beside an open async transaction of the SQLite store: its timers' statements (claims, the idle
 * check, ending a run) wait for the transaction to end instead of running into the fence (`Database.fenced`),
 * which would refuse them. The transaction here awaits timers on purpose, so that the queue's own timers run
 * while it is open; converted handlers await only their statements (domain/teams/team-concurrency.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import type { Services } from '../http/context.ts';
import { SEARCH_INDEX_JOB } from '../domain/search/index.ts';
import { openDatabase, type Database } from '../storage/database.ts';
import { insertRow } from '../storage/prepared.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';
import { startJobs } from './index.ts';
import { enqueueJob } from './records.ts';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the job queue while an async transaction is open', () => {
  let db: Database;
  let store: SqliteStore;
  let services: Services;
  const logs: string[] = [];

  beforeAll(async () => {
    db = openDatabase(':memory:');
    store = new SqliteStore(db);
    services = startJobs(
      {
        db,
        store,
        clock: new ManualClock('2026-03-01T09:00:00.000Z'),
        network: { allowPrivateAddresses: false, limits: {} },
      },
      { queue: { pollMs: 1, log: (message) => logs.push(message) } },
    );
    services.jobs.queue.start();
    await services.jobs.queue.whenIdle();
  });
  afterAll(async () => {
    await services.jobs.queue.stop();
    await Promise.all([services.jobs.runner.close(), services.jobs.quick.close()]);
    await store.close();
  });

  it('claims, runs and ends a job once the transaction has committed, without a refused statement', async () => {
    // A job whose space is gone: its run writes the space's (empty) index synchronously, without a worker.
    enqueueJob(db, { kind: SEARCH_INDEX_JOB, subjectId: 'gone-space', scopeId: null });
    services.jobs.queue.poke();
    const events: string[] = [];
    let idle: Promise<void> | undefined;
    await store.transaction(async (tx) => {
      await tx.run(
        insertRow('users', {
          id: 'u1',
          email: 'u1@example.com',
          display_name: 'U1',
          photo_url: null,
          created_at: '2026-03-01T09:00:00.000Z',
        }),
      );
      idle = services.jobs.queue.whenIdle().then(() => {
        events.push('queue idle');
      });
      // Several polls (every 1 ms) and the poke's claim come due while the transaction is open.
      for (let turn = 0; turn < 5; turn++) await pause(5);
      expect(db.fenced).toBe(true);
      events.push('transaction ends');
    });
    await idle;
    expect(events).toEqual(['transaction ends', 'queue idle']);
    expect(logs).toEqual([]);
    expect(db.all(db.q.selectFrom('jobs').select('subject_id'))).toEqual([]);
    expect(db.all(db.q.selectFrom('users').select('id'))).toEqual([{ id: 'u1' }]);
  });
});
