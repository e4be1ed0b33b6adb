/**
 * How the local server process is started. The core only needs this small interface: browser mode and tests use
 * Node's `child_process`; the Electron glue provides the same interface over `utilityProcess`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { SERVER_NODE_FLAGS } from '../../../server/runtime.ts';

/** A running server process. */
export interface ServerProcess {
  readonly pid: number | undefined;
  /** Called with every line the process writes (stdout and stderr). */
  onLine(cb: (line: string) => void): void;
  /** Called once when the process has exited (`null`: killed by a signal, or the code is unknown). */
  onExit(cb: (code: number | null) => void): void;
  /** Asks the process to stop (and makes sure it does). */
  kill(): void;
}

/** Starts `server/cli.ts` with these arguments. */
export type SpawnServer = (args: string[]) => ServerProcess;

/** How long a process asked to stop may take before it is killed outright. */
const KILL_GRACE_MS = 3_000;

/** A spawner over `child_process`: `process.execPath [...SERVER_NODE_FLAGS, <root>/server/cli.ts, ...args]`. */
export function nodeSpawner(root: string): SpawnServer {
  const cli = join(root, 'server', 'cli.ts');
  return (args) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, cli, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const lineListeners: ((line: string) => void)[] = [];
    const exitListeners: ((code: number | null) => void)[] = [];
    let exited: { code: number | null } | undefined;
    const forward = (stream: Readable | null) => {
      if (stream === null) return;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        for (const listener of lineListeners) listener(line);
      });
    };
    forward(child.stdout);
    forward(child.stderr);
    const finish = (code: number | null) => {
      if (exited !== undefined) return;
      exited = { code };
      for (const listener of exitListeners) listener(code);
    };
    child.once('exit', (code) => finish(code));
    // A spawn failure (no such executable) emits 'error' and maybe never 'exit'.
    child.once('error', (error) => {
      for (const listener of lineListeners) listener(`could not start the server: ${error.message}`);
      finish(null);
    });
    return {
      get pid() {
        return child.pid;
      },
      onLine(cb) {
        lineListeners.push(cb);
      },
      onExit(cb) {
        if (exited !== undefined) cb(exited.code);
        else exitListeners.push(cb);
      },
      kill() {
        if (exited !== undefined) return;
        child.kill('SIGTERM');
        const force = setTimeout(() => {
          if (exited === undefined) child.kill('SIGKILL');
        }, KILL_GRACE_MS);
        force.unref();
        child.once('exit', () => clearTimeout(force));
      },
    };
  };
}
