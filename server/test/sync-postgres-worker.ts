/**
 * The worker thread of sync-postgres.ts: one connection to a test database, on which it runs each statement it is
 * sent, in order, and answers on the port before waking the test's thread (which waits on `signal`, then reads the
 * answer with `receiveMessageOnPort`). Values are parsed as the server's `PostgresStore` parses them.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { storeTypes } from '../storage/store/postgres-values.ts';

export interface SyncRequest {
  id: number;
  text: string;
  values: unknown[];
}

export type SyncAnswer = { id: number } & (
  | { rows: Record<string, unknown>[]; rowCount: number }
  | { error: { message: string; code?: string; constraint?: string; detail?: string } }
);

interface SyncWorkerData {
  config: pg.ClientConfig;
  port: MessagePort;
  signal: Int32Array;
}

const { config, port, signal } = workerData as SyncWorkerData;
const client = new pg.Client({ ...config, types: storeTypes });
// A lock held by one of the server's transactions (which cannot go on while the test's thread waits) fails the
// statement instead of hanging the test.
const ready = client.connect().then(() => client.query("SET lock_timeout = '10s'"));
let previous: Promise<unknown> = ready;

function answer(message: SyncAnswer): void {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', (request: SyncRequest) => {
  previous = previous
    .then(() => client.query({ text: request.text, values: request.values }))
    .then(
      (result) =>
        answer({
          id: request.id,
          rows: result.rows as Record<string, unknown>[],
          rowCount: result.rowCount ?? 0,
        }),
      (error: unknown) => {
        const { message, code, constraint, detail } = error as pg.DatabaseError;
        answer({ id: request.id, error: { message, code, constraint, detail } });
      },
    );
});
