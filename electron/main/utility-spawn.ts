/**
 * Starts the embedded API server in an Electron utility process (a Node child the app owns, shown as "Docs Admin
 * API" in the OS task list), adapted to the core's `ServerProcess`: output split into lines, the messages it posts
 * on its `parentPort` (the sandbox's handover), exit code, kill.
 */
import { utilityProcess } from 'electron';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/runtime.ts';
import { adaptChild, type ServerProcess, type SpawnServer } from './core/server-process.ts';

/** The service name the OS shows for the server process. */
export const SERVER_SERVICE_NAME = 'Docs Admin API';

/** The parts of a utility process (Electron's `UtilityProcess`) the adapter uses. */
export interface UtilityChild {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  kill(): boolean;
  once(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * Kills a process outright by its id: `utilityProcess.kill()` only sends SIGTERM, which a frozen or busy server
 * never handles.
 */
function killById(pid: number | undefined, fallback: () => void): void {
  if (pid === undefined) return fallback();
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone: its exit event follows.
  }
}

/** Adapts a utility process to `ServerProcess`: every line of stdout and stderr, its messages, the exit code, kill. */
export function adaptUtilityProcess(child: UtilityChild): ServerProcess {
  return adaptChild({
    pid: () => child.pid,
    streams: [child.stdout, child.stderr],
    onMessage: (cb) => void child.on('message', cb),
    onEnd: (cb) => void child.once('exit', cb),
    terminate: () => void child.kill(),
    forceKill: () => killById(child.pid, () => void child.kill()),
  });
}

/**
 * A `SpawnServer` that forks `entry` (the bundled server, `out/server/cli.js`) as a utility process, with the server's
 * Node flags and environment (server/runtime.ts).
 */
export function utilitySpawner(entry: string): SpawnServer {
  return (args) =>
    adaptUtilityProcess(
      utilityProcess.fork(entry, args, {
        stdio: 'pipe',
        serviceName: SERVER_SERVICE_NAME,
        execArgv: [...SERVER_NODE_FLAGS],
        env: { ...process.env, ...SERVER_ENV },
      }),
    );
}
