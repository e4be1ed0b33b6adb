/** Starts the local server with Node's `child_process`: browser mode and the tests (Electron uses utility-spawn.ts). */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../server/runtime.ts';
import { adaptChild, type SpawnServer } from './server-process.ts';

/**
 * A spawner over `child_process`: `process.execPath [...SERVER_NODE_FLAGS, <root>/server/cli.ts, ...args]` with
 * `SERVER_ENV` added to the environment, and an IPC channel (the sandbox hands its token over it, never through argv, a file or the output).
 */
export function nodeSpawner(root: string, options: { compileCacheDir?: string } = {}): SpawnServer {
  const cli = join(root, 'server', 'cli.ts');
  // Node's compile cache keeps the server's compiled modules between starts (a few hundred ms of each start); it
  // lives in the app's own 0700 data folder, never in a shared temporary one another user could write.
  const env = {
    ...process.env,
    ...SERVER_ENV,
    ...(options.compileCacheDir === undefined ? {} : { NODE_COMPILE_CACHE: options.compileCacheDir }),
  };
  return (args) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, cli, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      windowsHide: true,
    });
    return adaptChild({
      pid: () => child.pid,
      streams: [child.stdout, child.stderr],
      onMessage: (cb) => void child.on('message', (message: unknown) => cb(message)),
      onEnd: (cb) => {
        // 'close': after the exit and the last of its output.
        child.once('close', (code) => cb(code));
        // A spawn failure (no such executable) emits 'error' and maybe never 'exit'.
        child.once('error', (error) => cb(null, `could not start the server: ${error.message}`));
      },
      terminate: () => child.kill('SIGTERM'),
      forceKill: () => child.kill('SIGKILL'),
    });
  };
}
