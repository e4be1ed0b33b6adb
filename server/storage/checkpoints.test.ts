/**
 * The write-ahead log is checkpointed off the request thread: with the server's connection no longer checkpointing
 * by itself, the log still stays bounded while the server writes over HTTP, and its file is not cut below the cap
 * when it starts again.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { DATABASE_FILE } from './database.ts';

/** Below what a few writes add to the log (a new space: about 20 pages). */
const THRESHOLD = 64 * 1024;
/** Far below what 60 writes add: the log must start again several times. */
const HARD_CAP = 512 * 1024;

let server: TestServer;
let admin: TestUser;
let orgId: string;
beforeAll(async () => {
  server = await startTestServer({
    jobs: { checkpoints: { thresholdBytes: THRESHOLD, hardCapBytes: HARD_CAP, intervalMs: 10 } },
  });
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

  it('the log file is kept at the cap when the log starts again, not cut shorter', () => {
    const row = server.db.sqlite.prepare('PRAGMA journal_size_limit').get();
    expect(Number(row?.journal_size_limit)).toBe(HARD_CAP);
  });

  it('keep the log within its cap however much is written', async () => {
    let largest = 0;
    // Many times the cap written (60 spaces of about 20 pages: some 5 MB), one space at a time, with a moment
    // between writes for the checkpoints.
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
    for (let wait = 0; wait < 200 && settled > HARD_CAP; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      // The log starts again at the first write after a complete checkpoint, and its file is cut to the cap.
      await sendOperation(server, 'createSpace', {
        token: admin.token,
        params: { organizationId: orgId },
        body: { title: 'After' },
      });
      settled = logBytes();
    }
    expect(largest).toBeGreaterThan(THRESHOLD);
    // Without checkpoints the log would only grow: it would hold everything written since the start.
    expect(settled).toBeLessThanOrEqual(HARD_CAP);
  });
});
