/**
 * File modes of the data directory: folders 0700, the database and its WAL and shared-memory files 0600, when made
 * and when an older version left them looser; for `openDatabase` and for the `serve` command.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../runtime.ts';
import { DATABASE_FILE, openDatabase } from './database.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const temporary: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-admin-modes-'));
  temporary.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const DATABASE_FILES = ['', '-wal', '-shm'].map((suffix) => `${DATABASE_FILE}${suffix}`);

/** The modes of the data folder and of the database files (which must all exist). */
function modes(dataDir: string): Record<string, string> {
  const found: Record<string, string> = { '.': modeOf(dataDir) };
  for (const file of DATABASE_FILES) found[file] = modeOf(join(dataDir, file));
  return found;
}
const EXPECTED = { '.': '700', ...Object.fromEntries(DATABASE_FILES.map((file) => [file, '600'])) };

/** Opens the database, writes (so the WAL and shared-memory files exist) and keeps it open. */
function openAndWrite(dataDir: string) {
  const db = openDatabase(dataDir);
  db.sqlite.exec('CREATE TABLE IF NOT EXISTS mode_probe (x); INSERT INTO mode_probe VALUES (1);');
  return db;
}

/** Loosens the folder to 0755 and every database file to 0644, as an older version left them. */
function loosen(dataDir: string): void {
  chmodSync(dataDir, 0o755);
  for (const file of DATABASE_FILES)
    if (existsSync(join(dataDir, file))) chmodSync(join(dataDir, file), 0o644);
}

describe.skipIf(process.platform === 'win32')('file modes of the data directory', () => {
  it('makes a new data folder 0700 and the database, WAL and shared-memory files 0600', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const db = openAndWrite(dataDir);
    try {
      expect(modes(dataDir)).toEqual(EXPECTED);
    } finally {
      db.close();
    }
  });

  it('tightens a folder and files an older version left readable by others, at start', () => {
    const dataDir = tempDir();
    openAndWrite(dataDir).close();
    // Closing the last connection folds the WAL away: open a second connection to keep the files, then loosen.
    const keeper = openAndWrite(dataDir);
    loosen(dataDir);
    expect(modeOf(join(dataDir, DATABASE_FILE))).toBe('644');
    const db = openAndWrite(dataDir);
    try {
      expect(modes(dataDir)).toEqual(EXPECTED);
    } finally {
      db.close();
      keeper.close();
    }
  });

  // Two starts of the real server with the demo seed: slow on a loaded machine, hence the longer timeout.
  it(
    'holds for `serve`: a new folder, then a loose one tightened at the next start',
    { timeout: 180_000 },
    async () => {
      const dataDir = join(tempDir(), 'serve-data');
      await serveOnce(dataDir, (dir) => expect(modes(dir)).toEqual(EXPECTED));
      loosen(dataDir);
      await serveOnce(dataDir, (dir) => expect(modes(dir)).toEqual(EXPECTED));
    },
  );
});

/** Runs `serve --demo` on the folder until it listens, checks it while it runs, then stops it. */
async function serveOnce(dataDir: string, check: (dataDir: string) => void): Promise<void> {
  const cli = join(root, 'server', 'cli.ts');
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      cli,
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--demo',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  try {
    await new Promise<void>((resolveListening, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.includes('listening on')) resolveListening();
      });
      child.once('exit', (code) => reject(new Error(`serve exited (code ${code}) before listening`)));
    });
    check(dataDir);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
