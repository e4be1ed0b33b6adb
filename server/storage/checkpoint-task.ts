/**
 * The worker-thread half of write-ahead-log checkpoints (the `db.checkpoint` task; checkpoints.ts decides when):
 * a connection of its own on the database file, one passive checkpoint, closed again. A passive checkpoint never
 * waits for the server's connection: pages a write is still adding stay in the log for the next one.
 */
import { DatabaseSync } from 'node:sqlite';
import type { TaskInput, TaskOutput } from '../jobs/tasks.ts';

/** One passive checkpoint on this connection, and what it did. */
export function passiveCheckpoint(db: DatabaseSync): TaskOutput<'db.checkpoint'> {
  const row = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
  return {
    busy: Number(row?.busy) !== 0,
    logFrames: Number(row?.log),
    checkpointedFrames: Number(row?.checkpointed),
  };
}

export function checkpointTask({ file }: TaskInput<'db.checkpoint'>): TaskOutput<'db.checkpoint'> {
  const db = new DatabaseSync(file);
  try {
    return passiveCheckpoint(db);
  } finally {
    db.close();
  }
}
