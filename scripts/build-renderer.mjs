// Builds the renderer into out/renderer with Vite, unless the build there was made from the same sources: a SHA-256
// of every file under renderer/ and shared/, the lockfile, the web tsconfig and this script is kept beside the
// build (out/renderer.sha256), so `npm run start:browser` starts in about a second when nothing changed.
//   node scripts/build-renderer.mjs [--force]
// scripts/start-browser.mjs calls `ensureRenderer` in its own process.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'out', 'renderer');
const stampFile = join(root, 'out', 'renderer.sha256');

/** Every file under `dir`, sorted, so the hash does not depend on the order the file system lists them in. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function sourceHash() {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(join(root, 'renderer')),
    ...filesUnder(join(root, 'shared')),
    join(root, 'package-lock.json'),
    join(root, 'tsconfig.web.json'),
    fileURLToPath(import.meta.url),
  ];
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds the renderer unless out/renderer was built from the same sources (or `force`); answers an exit status,
 * 0 when the build is there and current.
 */
export function ensureRenderer({ force = false } = {}) {
  const started = Date.now();
  const hash = sourceHash();
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && previous === hash && existsSync(join(out, 'index.html'))) {
    console.log(`renderer up to date (out/renderer, checked in ${Date.now() - started} ms)`);
    return 0;
  }

  console.log(previous === '' ? 'building the renderer…' : 'the renderer changed: rebuilding it…');
  rmSync(stampFile, { force: true }); // a build that stops half-way is never taken for a finished one
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'renderer/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Vite keeps a NODE_ENV it inherits: React must be bundled in production mode.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.error) {
    console.error(`could not run Vite: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(stampFile, `${hash}\n`);
  console.log(`renderer built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(ensureRenderer({ force: process.argv.includes('--force') }));
}
