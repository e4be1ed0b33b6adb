// `npm start`: build the desktop app (scripts/build-app.mjs) and launch it in Electron. The Electron runtime is a
// separate download made by the `electron` package; where it is missing and cannot be fetched (no network to its
// host), say so in one line, name the browser mode, and exit non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './build-app.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');
const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const INSTALL_TIMEOUT_MS = 60_000;
const NO_RUNTIME =
  'The Electron runtime could not be downloaded here; run the same app in your browser with: npm run start:browser';

/** Whether the `electron` package has its runtime: path.txt names an executable under dist/. */
function runtimePresent() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  const executable = readFileSync(pathFile, 'utf8').trim();
  return executable !== '' && existsSync(join(electronDir, 'dist', executable));
}

/** Runs a command in the project folder with the terminal attached; returns its exit status. */
function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

if (!runtimePresent() && existsSync(join(electronDir, 'install.js'))) {
  spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    stdio: 'ignore',
    timeout: INSTALL_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
}
if (!runtimePresent()) {
  console.error(NO_RUNTIME);
  process.exit(1);
}

const built = buildApp();
if (built !== 0) process.exit(built);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entry = pkg.main ? [] : ['--entry', 'out/main/index.js'];
process.exit(run([electronVite, 'preview', '--skipBuild', ...entry]));
