import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');

/** The same presence check as scripts/start.mjs. */
function runtimePresent(): boolean {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  const executable = readFileSync(pathFile, 'utf8').trim();
  return executable !== '' && existsSync(join(electronDir, 'dist', executable));
}

describe('npm start (scripts/start.mjs)', () => {
  it('without the Electron runtime, prints one line naming the browser mode and exits 1', (context) => {
    if (runtimePresent())
      context.skip(
        'the Electron runtime is installed on this machine, so npm start would build and launch the app',
      );
    // The download attempt is pointed at a closed local port and an empty cache, so that the outcome does not depend on
    // this machine's network: on a machine that can reach Electron's host the test must not download 100 MB.
    const cache = mkdtempSync(join(tmpdir(), 'docs-admin-electron-cache-'));
    try {
      const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        encoding: 'utf8',
        timeout: 90_000,
        env: {
          ...process.env,
          ELECTRON_MIRROR: 'http://127.0.0.1:9/',
          electron_config_cache: cache,
        },
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'The Electron runtime could not be downloaded here; run the same app in your browser with: npm run start:browser\n',
      );
      expect(runtimePresent()).toBe(false);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 100_000);
});
