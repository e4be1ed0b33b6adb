/**
 * Starts the embedded API server in an Electron utility process (a Node child the app owns, shown as "Docs Admin
 * API" in the OS task list), adapted to the core's `ServerProcess`: output split into lines, exit code, kill.
 */
import { utilityProcess } from 'electron';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '../../server/runtime.ts';
import type { ServerProcess, SpawnServer } from './core/spawn.ts';

/** The service name the OS shows for the server process. */
export const SERVER_SERVICE_NAME = 'Docs Admin API';

/** The parts of a utility process (Electron's `UtilityProcess`) the adapter uses. */
export interface UtilityChild {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  kill(): boolean;
  once(event: 'exit', listener: (code: number) => void): unknown;
}

/** Adapts a utility process to `ServerProcess`: every line of stdout and stderr, the exit code, kill. */
export function adaptUtilityProcess(child: UtilityChild): ServerProcess {
  const lineListeners: ((line: string) => void)[] = [];
  const exitListeners: ((code: number | null) => void)[] = [];
  let exited: { code: number | null } | null = null;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream === null) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line: string) => {
      for (const listener of lineListeners) listener(line);
    });
  }
  child.once('exit', (code: number) => {
    exited = { code };
    for (const listener of exitListeners) listener(code);
  });
  return {
    get pid() {
      return child.pid;
    },
    onLine(cb) {
      lineListeners.push(cb);
    },
    onExit(cb) {
      if (exited === null) exitListeners.push(cb);
      else {
        const { code } = exited;
        queueMicrotask(() => cb(code));
      }
    },
    kill() {
      if (exited === null) child.kill();
    },
  };
}

/** A `SpawnServer` that forks `entry` (the bundled server, `out/main/server.js`) as a utility process. */
export function utilitySpawner(entry: string): SpawnServer {
  return (args) =>
    adaptUtilityProcess(
      utilityProcess.fork(entry, args, {
        stdio: 'pipe',
        serviceName: SERVER_SERVICE_NAME,
        execArgv: [...SERVER_NODE_FLAGS],
      }),
    );
}
