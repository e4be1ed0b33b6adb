/**
 * The write-ahead log is checkpointed off the request thread: with the server's connection no longer checkpointing
 * by itself, the log still stays bounded while the server writes over HTTP.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { DATABASE_FILE } from './database.ts';

/** Above what one write adds to the log (a new space: about 20 pages), far below what 60 of them add. */
const THRESHOLD = 256 * 1024;

let server: TestServer;
let admin: TestUser;
let orgId: string;
beforeAll(async () => {
  server = await startTestServer({ jobs: { checkpoints: { thresholdBytes: THRESHOLD, intervalMs: 10 } } });
  admin = server.buildUser();
  orgId = server.buildOrg(admin).id;
});
afterAll(async () => server.close());

const logBytes = () => statSync(join(server.dataDir, `${DATABASE_FILE}-wal`)).size;

describe('checkpoints of the log', () => {
  it('the server does not checkpoint on its own connection while it runs', () => {
    const row = server.db.sqlite.prepare('PRAGMA wal_autocheckpoint').get();
    expect(Number(row?.wal_autocheckpoint)).toBe(0);
  });

  it('keep the log near its threshold however much is written', async () => {
    let largest = 0;
    // Many times the threshold written, one space at a time, with a moment between writes for the checkpoints.
    for (let i = 0; i < 60; i++) {
      const created = await sendOperation(server, 'createSpace', {
        token: admin.token,
        params: { organizationId: orgId },
        body: { title: `Space ${i}` },
      });
      expectStatus(created, 201);
      largest = Math.max(largest, logBytes());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    let settled = logBytes();
    for (let wait = 0; wait < 200 && settled >= THRESHOLD; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      // The log starts again (and shrinks) at the first write after a complete checkpoint.
      await sendOperation(server, 'createSpace', {
        token: admin.token,
        params: { organizationId: orgId },
        body: { title: 'After' },
      });
      settled = logBytes();
    }
    // Without checkpoints the log would only grow: it holds everything written since the start.
    expect(settled).toBeLessThan(THRESHOLD);
    expect(settled).toBeLessThan(largest);
  });
});
