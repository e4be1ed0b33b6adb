import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { version } = JSON.parse(
  readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
) as {
  version: string;
};

/** Runs scripts/dist.mjs with the Electron download pointed at a closed local port and an empty cache. */
function distWithoutRuntime(args: string[]) {
  // The outcome must not depend on this machine's network: on a machine that can reach Electron's host the test
  // must not download 100 MB (and must not go on to build installers).
  const cache = mkdtempSync(join(tmpdir(), 'docs-admin-electron-cache-'));
  try {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'dist.mjs'), ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: cache },
    });
    return { ...result, cached: readdirSync(cache) };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

const line = (zip: string) =>
  `The Electron runtime (${zip}) could not be downloaded here, and installers are made from it: run npm run dist where Electron's release host (or ELECTRON_MIRROR) is reachable.\n`;

describe('npm run dist (scripts/dist.mjs)', () => {
  it('without the Electron runtime, says so in one line naming it, exits 1 and builds nothing', () => {
    const result = distWithoutRuntime([]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(line(`electron-v${version}-${process.platform}-${process.arch}.zip`));
    expect(result.cached).toEqual([]);
  }, 100_000);

  it('names the runtime of the platform and architecture asked for', () => {
    const result = distWithoutRuntime(['--win', '--arm64']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(line(`electron-v${version}-win32-arm64.zip`));
  }, 100_000);
});
