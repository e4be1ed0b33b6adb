/**
 * `npm run start:browser`: the app without Electron. Starts the main-process core (local sandbox in a child
 * process), serves the built renderer and the bridge on 127.0.0.1, prints the address and opens the browser.
 *   node electron/main/browser.ts [--no-open] [--port <n>] [--data-dir <dir>]
 *     [--sandbox-probe-ms <n>] [--sandbox-probe-misses <n>]   (the sandbox's health probe; tests make it quick)
 * The core's notes and the sandbox's output go to stderr, prefixed `[core]` (never a token).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDataDir, prepareDataDir } from './core/data-dir.ts';
import { nodeSpawner } from './core/spawn.ts';
import { LocalServerSupervisor } from './core/supervisor.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STATIC_DIR = join(ROOT, 'out', 'renderer');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Opens a URL with the platform's opener, without a shell (so nothing in the URL is interpreted). */
function openWithSystem(url: string): Promise<void> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolveOpen, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolveOpen();
    });
  });
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        'no-open': { type: 'boolean', default: false },
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        'sandbox-probe-ms': { type: 'string' },
        'sandbox-probe-misses': { type: 'string' },
      },
    });
  } catch (error) {
    return fail(
      `${(error as Error).message}\nusage: npm run start:browser -- [--no-open] [--port <n>] [--data-dir <dir>] [--sandbox-probe-ms <n>] [--sandbox-probe-misses <n>]`,
    );
  }
})();

/** A whole number of at least `min` from a flag, or `undefined` when the flag is absent. */
function countFlag(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < min) fail(`--${name} must be a whole number of at least ${min}`);
  return count;
}
const probeMs = countFlag('sandbox-probe-ms', values['sandbox-probe-ms'], 50);
const probeMisses = countFlag('sandbox-probe-misses', values['sandbox-probe-misses'], 1);

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a port number, not "${values.port}"`);
if (!existsSync(join(STATIC_DIR, 'index.html')))
  fail('The renderer is not built (out/renderer/index.html is missing): run npm run build:renderer first.');

const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

const log = (line: string) => console.error(`[core] ${line}`);
// The sandbox child starts first, before this process loads the host and the rest of the core (the API contract, the
// proxy): both load at once, on cores of their own where there are two. The core waits for this start.
prepareDataDir(dataDir);
const supervisor = new LocalServerSupervisor({
  dataDir,
  spawnServer: nodeSpawner(ROOT, { compileCacheDir: join(dataDir, 'compile-cache') }),
  log,
  health: {
    ...(probeMs !== undefined ? { intervalMs: probeMs } : {}),
    ...(probeMisses !== undefined ? { misses: probeMisses } : {}),
  },
});
supervisor.start().catch(() => undefined); // a failed start is the core's to report (it waits for this one)
const [{ startBrowserHost }, { startCore }, { deferredHandlers }] = await Promise.all([
  import('./core/browser-host.ts'),
  import('./core/core.ts'),
  import('./core/deferred.ts'),
]);

// The host listens first and the core (keychain, sandbox child) starts behind it: the address is printed at once,
// and bridge calls made before the core is up wait for it (a core that fails answers 503 and ends the process).
const core = startCore({
  dataDir,
  mode: 'browser',
  jsonText: true,
  version,
  platform: process.platform,
  supervisor,
  openExternal: openWithSystem,
  log,
});
// core.problems() are logged as they are met.

const stopCore = () => core.then((started) => started.stop()).catch(() => undefined);

let host: Awaited<ReturnType<typeof startBrowserHost>>;
try {
  host = await startBrowserHost({
    handlers: deferredHandlers(
      core,
      'The app could not start its services; see the terminal output and restart it.',
    ),
    staticDir: STATIC_DIR,
    port,
  });
} catch (error) {
  await stopCore();
  fail(`Docs Admin could not listen on 127.0.0.1:${port}: ${(error as Error).message}`);
}

console.log(`Docs Admin is running at ${host.url}`);
console.log('Press Ctrl+C to stop it.');
// Said once the services answer, for whoever waits on them (the end-to-end rig); the address above is usable at once.
core.then(
  () => console.log('Docs Admin is ready.'),
  () => undefined,
);

core.catch((error: unknown) => {
  console.error(
    `Docs Admin could not start its services: ${error instanceof Error ? error.message : 'unknown error'}`,
  );
  void host.close().finally(() => process.exit(1));
});

if (!values['no-open']) {
  openWithSystem(host.url).catch(() =>
    console.error('No browser could be opened: open the address above yourself.'),
  );
}

let stopping = false;
const shutdown = () => {
  if (stopping) process.exit(130); // a second Ctrl+C does not wait
  stopping = true;
  void Promise.all([host.close(), stopCore()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
