/**
 * `npm run serve`: `server/cli.ts serve …` in a child process started as the desktop app and the benchmark start the
 * server (runtime.ts: `SERVER_NODE_FLAGS`, `SERVER_ENV`). The script cannot name them itself: glibc reads
 * `MALLOC_ARENA_MAX` once, when the process starts, and a variable set on a script's command line is not portable
 * (Windows' shell), so the flags and the environment have one source, runtime.ts, and this process passes them on.
 *
 * The child shares the terminal: Ctrl-C reaches both, and this process waits for the server to stop; a SIGTERM sent
 * to this process alone is passed on. It exits with the server's code (or its signal's, 128 + n).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './runtime.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, cli, 'serve', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...SERVER_ENV },
});
// The terminal sends Ctrl-C to the child too: wait for it to stop rather than leave it behind.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  process.exitCode =
    code ?? 128 + (signal === null ? 0 : ((constants.signals[signal] as number | undefined) ?? 0));
});
