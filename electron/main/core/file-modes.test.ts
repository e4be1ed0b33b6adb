// File modes of the app's data folder and of the local sandbox's database (`<app data>/sandbox`), with the REAL
// server in a child process: 0700 folders and 0600 database files, tightened at start when left looser.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore } from './core.ts';
import { nodeSpawner } from './spawn.ts';
import { MemoryVault } from './vault.ts';

/** The sandbox's database file (server/storage/database.ts names it; electron/ does not import the storage). */
const DATABASE_FILE = 'docs-admin.sqlite';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const appData = mkdtempSync(join(tmpdir(), 'docs-admin-app-modes-'));
afterAll(() => rmSync(appData, { recursive: true, force: true }));

const sandbox = join(appData, 'sandbox');
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const FILES = ['', '-wal', '-shm'].map((suffix) => join(sandbox, `${DATABASE_FILE}${suffix}`));

/** Starts the core on the app data folder, checks the modes while the sandbox runs, then stops it. */
async function whileRunning(check: () => void): Promise<void> {
  const core = await startCore({
    dataDir: appData,
    mode: 'browser',
    version: '0.1.0',
    platform: process.platform,
    spawnServer: nodeSpawner(root),
    vault: new MemoryVault(),
    openExternal: () => undefined,
  });
  try {
    expect(core.supervisor.status().state).toBe('running');
    check();
  } finally {
    await core.stop();
  }
}

const expectTight = () => {
  expect({ appData: modeOf(appData), sandbox: modeOf(sandbox) }).toEqual({ appData: '700', sandbox: '700' });
  for (const file of FILES) expect(existsSync(file) ? modeOf(file) : 'missing', file).toBe('600');
};

describe.skipIf(process.platform === 'win32')('file modes of the app data and the sandbox', () => {
  // Two starts of the core with the real sandbox: slow on a loaded machine, hence the longer timeout.
  it(
    'makes the folders 0700 and the database files 0600, and tightens them at the next start',
    { timeout: 180_000 },
    async () => {
      chmodSync(appData, 0o755);
      await whileRunning(expectTight);
      chmodSync(appData, 0o755);
      chmodSync(sandbox, 0o755);
      for (const file of FILES) if (existsSync(file)) chmodSync(file, 0o644);
      await whileRunning(expectTight);
    },
  );
});
