/**
 * The worker-thread half of write-ahead-log checkpoints (the `db.checkpoint` task; checkpoints.ts decides when):
 * a connection of its own on the database file, passive checkpoints, closed again. A passive checkpoint never
 * waits for the server's connection: pages a write is still adding stay in the log for the next one.
 *
 * Under a steady stream of writes a first pass copies many megabytes, and the server commits hundreds of pages
 * meanwhile: while a pass leaves that many new pages, the task makes another (each shorter than the last), so
 * that what the server's connection may still have to copy itself (checkpoints.ts, `finish`) is only the last
 * few.
 */
import { DatabaseSync } from 'node:sqlite';
import type { TaskInput, TaskOutput } from '../jobs/tasks.ts';

/** Passes a task makes at most. */
const MAX_PASSES = 3;
/** New pages in the log since the previous pass that are worth another pass. */
const PASS_AGAIN_PAGES = 64;

/** One passive checkpoint on this connection, and what it did. */
export function passiveCheckpoint(db: DatabaseSync): TaskOutput<'db.checkpoint'> {
  const row = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
  return {
    busy: Number(row?.busy) !== 0,
    logFrames: Number(row?.log),
    checkpointedFrames: Number(row?.checkpointed),
  };
}

/** Passive checkpoints while the log keeps growing, up to `MAX_PASSES`; what the last one did. */
export function checkpointTask({ file }: TaskInput<'db.checkpoint'>): TaskOutput<'db.checkpoint'> {
  const db = new DatabaseSync(file);
  try {
    let result = passiveCheckpoint(db);
    for (let pass = 1; pass < MAX_PASSES && !result.busy; pass++) {
      const next = passiveCheckpoint(db);
      // Fewer frames than before: the log was started again meanwhile, and holds only what came since.
      const added = next.logFrames - result.logFrames;
      result = next;
      if (added < PASS_AGAIN_PAGES) break;
    }
    return result;
  } finally {
    db.close();
  }
}
