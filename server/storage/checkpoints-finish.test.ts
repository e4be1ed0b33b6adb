/**
 * A worker's checkpoint never copies what the server commits while it runs, and SQLite starts the log again only
 * after a checkpoint that copied everything: past a quarter of the hard cap, the server's own connection copies the
 * rest (`finish`). Real server, real database, writes over HTTP; the checks are driven by `checkNow()` (the
 * servers' own timers never fire), and a runner around the real one lets the test write as if while the worker ran.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { JobRunner } from '../jobs/runner.ts';
import type { TaskOutput } from '../jobs/tasks.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { checkpointTask, passiveCheckpoint } from './checkpoint-task.ts';
import { WalCheckpointer } from './checkpoints.ts';
import { DATABASE_FILE } from './database.ts';
import { SqliteStore } from './store/sqlite-store.ts';

/** Timers that never fire during a test. */
const NEVER = 3_600_000;
const THRESHOLD = 1024 * 1024;
/** A new space writes some 35 pages (140 kB): 15 of them pass a quarter of it, 30 pass all of it. */
const HARD_CAP = 4 * 1024 * 1024;
const SPACE_PAGES = 35;

interface Setup {
  server: TestServer;
  checkpointer: WalCheckpointer;
  /** What each worker checkpoint answered, in order. */
  workerResults: TaskOutput<'db.checkpoint'>[];
  /**
   * Spaces to create (over HTTP) after a worker's checkpoint and before its answer is handed over. In a server, such
   * pages come while the worker copies (so SQLite cannot start the log again under them); here a reader of the
   * test's own, from before the worker's checkpoint to its answer, keeps SQLite from starting the log again, and
   * the pages go on after those the worker copied, as they would have.
   */
  writeAfterWorker: { spaces: number };
  createSpaces(count: number): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(hardCapBytes: number): Promise<Setup> {
  const server = await startTestServer({ jobs: { checkpoints: { intervalMs: NEVER } } });
  cleanups.push(() => server.close());
  const admin = server.buildUser();
  const orgId = server.buildOrg(admin).id;
  let created = 0;
  const createSpaces = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const answer = await sendOperation(server, 'createSpace', {
        token: admin.token,
        params: { organizationId: orgId },
        body: { title: `Space ${created++}` },
      });
      expectStatus(answer, 201);
    }
  };
  const runner = new JobRunner({ maxWorkers: 1 });
  cleanups.push(() => runner.close());
  const workerResults: TaskOutput<'db.checkpoint'>[] = [];
  const writeAfterWorker = { spaces: 0 };
  const checkpointer = new WalCheckpointer(
    server.db,
    {
      run: async (name, input, options) => {
        const reader = writeAfterWorker.spaces > 0 ? holdReader(server) : undefined;
        try {
          const result = await runner.run(name, input, options);
          workerResults.push(result as TaskOutput<'db.checkpoint'>);
          await createSpaces(writeAfterWorker.spaces);
          return result;
        } finally {
          reader?.close();
        }
      },
    },
    { thresholdBytes: THRESHOLD, hardCapBytes, intervalMs: NEVER },
  );
  checkpointer.start();
  cleanups.push(() => checkpointer.stop());
  return { server, checkpointer, workerResults, writeAfterWorker, createSpaces };
}

const databaseFile = (server: TestServer) => join(server.dataDir, DATABASE_FILE);

/** A connection of the test's own in a read transaction (on the log as it is now) until `close`. */
function holdReader(server: TestServer): { close(): void } {
  const db = new DatabaseSync(databaseFile(server));
  db.exec('BEGIN');
  db.prepare('SELECT count(*) FROM spaces').get();
  return {
    close() {
      db.exec('COMMIT');
      db.close();
    },
  };
}
const logFileBytes = (server: TestServer) => statSync(`${databaseFile(server)}-wal`).size;

/**
 * The frames in the log now (since SQLite last started it), as a checkpoint on a connection of the test's own
 * reports them: it checkpoints too, so it comes last in a test.
 */
function logFramesNow(server: TestServer): number {
  const db = new DatabaseSync(databaseFile(server));
  try {
    return passiveCheckpoint(db).logFrames;
  } finally {
    db.close();
  }
}

function integrity(server: TestServer): string {
  const db = new DatabaseSync(databaseFile(server));
  try {
    return String(db.prepare('PRAGMA integrity_check').get()?.integrity_check);
  } finally {
    db.close();
  }
}

describe('the finish of a checkpoint on the server connection', () => {
  it('copies what was committed after the worker looked, so that the log starts again', async () => {
    const { server, checkpointer, workerResults, writeAfterWorker, createSpaces } = await setUp(HARD_CAP);
    await createSpaces(15);
    writeAfterWorker.spaces = 5;
    await checkpointer.checkNow();
    writeAfterWorker.spaces = 0;
    expect(workerResults).toHaveLength(1);
    const seen = workerResults[0]!;
    // The worker copied all it saw, and that was a quarter of the cap or more: the finish is due.
    expect(seen.checkpointedFrames).toBe(seen.logFrames);
    expect(seen.logFrames * 4096).toBeGreaterThanOrEqual(HARD_CAP / 4);
    await createSpaces(1);
    // Had the five spaces written after the worker stayed in the log, this write would have gone on after them.
    expect(logFramesNow(server)).toBeLessThan(seen.logFrames);
    expect(integrity(server)).toBe('ok');
  });

  it('after a finish, a lone write starts no worker checkpoint', async () => {
    const { server, checkpointer, workerResults, writeAfterWorker, createSpaces } = await setUp(HARD_CAP);
    await createSpaces(15);
    writeAfterWorker.spaces = 5;
    await checkpointer.checkNow();
    writeAfterWorker.spaces = 0;
    await createSpaces(1);
    // The file is past the threshold, not past the cap: only the rows changed since the last checkpoint hold the
    // worker back.
    expect(logFileBytes(server)).toBeGreaterThanOrEqual(THRESHOLD);
    expect(logFileBytes(server)).toBeLessThanOrEqual(HARD_CAP);
    await checkpointer.checkNow();
    expect(workerResults).toHaveLength(1);
  });

  it('leaves a log below a quarter of the hard cap to the worker', async () => {
    const hardCap = 64 * 1024 * 1024;
    const { server, checkpointer, workerResults, writeAfterWorker, createSpaces } = await setUp(hardCap);
    await createSpaces(15);
    writeAfterWorker.spaces = 5;
    await checkpointer.checkNow();
    writeAfterWorker.spaces = 0;
    const seen = workerResults[0]!;
    expect(seen.logFrames * 4096).toBeLessThan(hardCap / 4);
    await createSpaces(1);
    // Not finished: the log goes on after what the worker saw.
    expect(logFramesNow(server)).toBeGreaterThan(seen.logFrames);
  });
});

/**
 * A transaction of the store held open on the server's connection (as group commit keeps one open nearly all the
 * time under concurrent writes) until `end`: `open` answers once it is.
 */
function holdTransaction(server: TestServer): { open: Promise<void>; end: () => Promise<void> } {
  let opened = () => {};
  const open = new Promise<void>((resolve) => (opened = resolve));
  let ended = () => {};
  const held = new Promise<void>((resolve) => (ended = resolve));
  const done = SqliteStore.of(server.db).transaction(async () => {
    opened();
    await held;
  });
  const end = async () => {
    ended();
    await done;
  };
  // A failed test still ends it before its server closes.
  cleanups.push(end);
  return { open, end };
}

describe('checkpoints while a transaction of the store is open', () => {
  it("run the worker's at once and the finish once the transaction ends", async () => {
    const { server, checkpointer, workerResults, writeAfterWorker, createSpaces } = await setUp(HARD_CAP);
    await createSpaces(15);
    const transaction = holdTransaction(server);
    await transaction.open;
    expect(server.db.fenced).toBe(true);
    writeAfterWorker.spaces = 0;
    await checkpointer.checkNow();
    // The worker's checkpoint ran beside the open transaction, and copied all it saw: the finish is due.
    expect(workerResults).toHaveLength(1);
    const seen = workerResults[0]!;
    expect(seen.checkpointedFrames).toBe(seen.logFrames);
    expect(seen.logFrames * 4096).toBeGreaterThanOrEqual(HARD_CAP / 4);
    expect(server.db.fenced).toBe(true);

    await transaction.end();
    // The finish waited for the transaction's end; the check waits for it as for a worker's.
    await checkpointer.checkNow();
    expect(workerResults).toHaveLength(1);
    await createSpaces(1);
    // The log started again: this write did not go on after what the worker saw.
    expect(logFramesNow(server)).toBeLessThan(seen.logFrames);
    expect(integrity(server)).toBe('ok');
  });

  it('copy a log past the hard cap once the transaction ends', async () => {
    const { server, checkpointer, workerResults, createSpaces } = await setUp(THRESHOLD);
    await createSpaces(15);
    expect(logFileBytes(server)).toBeGreaterThan(THRESHOLD);
    const transaction = holdTransaction(server);
    await transaction.open;
    const checked = checkpointer.checkNow();
    await transaction.end();
    await checked;
    expect(workerResults).toHaveLength(0);
    await createSpaces(1);
    // Copied whole on the server's connection: the log started again under the new write.
    expect(logFramesNow(server)).toBeLessThan(SPACE_PAGES * 2);
    expect(integrity(server)).toBe('ok');
  });
});

describe('the worker task', () => {
  it('copies the whole log into the database', async () => {
    const { server, createSpaces } = await setUp(HARD_CAP);
    await createSpaces(10);
    const result = checkpointTask({ file: databaseFile(server) });
    expect(result.busy).toBe(false);
    expect(result.logFrames).toBeGreaterThan(0);
    expect(result.checkpointedFrames).toBe(result.logFrames);
    expect(integrity(server)).toBe('ok');
  });
});
