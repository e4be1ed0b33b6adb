// `npm run build`: the desktop app's build in out/. electron-vite builds the main process, the preload and the
// renderer (electron.vite.config.ts), then Vite builds the embedded server that the main process forks
// (server.vite.config.ts, into out/server): a build of its own, so that out/main holds no server code and shares no
// chunk with it. scripts/start.mjs and scripts/dist.mjs build through `buildApp` too.
//   node scripts/build-app.mjs
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a Node script in the project folder with the terminal attached; returns its exit status. */
function run(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (result.error) console.error(`could not run ${script}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Builds the app into out/ (out/main, out/preload, out/renderer, out/server); returns an exit status. */
export function buildApp() {
  const app = run(join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), ['build']);
  if (app !== 0) return app;
  return run(join(root, 'node_modules', 'vite', 'bin', 'vite.js'), [
    'build',
    '--config',
    'server.vite.config.ts',
  ]);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(buildApp());
}
