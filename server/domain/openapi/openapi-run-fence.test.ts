/**
 * An OpenAPI processing run beside an open async transaction of the SQLite store: the run's statements after its
 * worker task (recording the version) go through the store, so they wait for the transaction to end instead of
 * running into the fence (`Database.fenced`), which refused them when the run wrote on the `Database`. The
 * transaction here awaits the task's end on purpose; converted handlers await only their statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import type { Services } from '../../http/context.ts';
import { startJobs } from '../../jobs/index.ts';
import { enqueueJob } from '../../jobs/records.ts';
import { OPENAPI_JOB } from '../../jobs/openapi-processing.ts';
import { openDatabase, type Database } from '../../storage/database.ts';
import { insertRow } from '../../storage/prepared.ts';
import { SqliteStore } from '../../storage/store/sqlite-store.ts';
import { openApi31 } from '../../test/factories/openapi.ts';
import { insertSpec } from './records.ts';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('an OpenAPI run while an async transaction is open', () => {
  let db: Database;
  let store: SqliteStore;
  let services: Services;
  const logs: string[] = [];

  beforeAll(() => {
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
  });
  afterAll(async () => {
    await services.jobs.queue.stop();
    await Promise.all([services.jobs.runner.close(), services.jobs.quick.close()]);
    await store.close();
  });

  it('records the version once the transaction has committed, without a refused statement', async () => {
    db.run(
      insertRow('organizations', {
        id: 'o1',
        title: 'O1',
        created_at: '2026-03-01T09:00:00.000Z',
        email_domains: '[]',
        type: 'business',
        sso: 0,
        ai: 0,
        invite_links: 1,
        plan: 'free',
        member_count: 0,
        permission_count: 0,
      }),
    );
    const source = { text: JSON.stringify(openApi31('Fenced', ['/a'])) };
    const specId = insertSpec(db, services.clock.now(), { organizationId: 'o1', slug: 'fenced', source });
    // The worker task's start and end, seen by the test around the run's statements.
    const { runner } = services.jobs;
    const run = runner.run.bind(runner);
    let taskStarted!: () => void;
    let taskDone!: () => void;
    const started = new Promise<void>((resolve) => (taskStarted = resolve));
    const taskEnded = new Promise<void>((resolve) => (taskDone = resolve));
    runner.run = (async (...args: Parameters<typeof run>) => {
      const output = run(...args);
      taskStarted();
      const answer = await output;
      taskDone();
      return answer;
    }) as typeof runner.run;
    enqueueJob(db, { kind: OPENAPI_JOB, subjectId: specId, scopeId: 'o1' });
    services.jobs.queue.start();
    // The run has read its spec and handed the task over; its result comes back as a later event of the loop.
    await started;
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
      idle = (async () => {
        await taskEnded;
        await services.jobs.queue.whenIdle();
        events.push('queue idle');
      })();
      await taskEnded;
      // The run's statements after its task come due while the transaction is open.
      for (let turn = 0; turn < 5; turn++) await pause(5);
      expect(db.fenced).toBe(true);
      events.push('transaction ends');
    });
    await idle;
    expect(events).toEqual(['transaction ends', 'queue idle']);
    expect(logs).toEqual([]);
    expect(db.first(db.q.selectFrom('openapi_specs').selectAll().where('id', '=', specId))).toMatchObject({
      processing_state: 'complete',
      last_process_error_code: null,
    });
    expect(db.all(db.q.selectFrom('openapi_spec_versions').select('number'))).toEqual([{ number: 1 }]);
  });
});
