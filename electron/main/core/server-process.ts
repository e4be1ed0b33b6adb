/**
 * The local server process as the core sees it: this small interface, whoever started it. Browser mode and tests
 * start it with Node's `child_process` (`spawn.ts`); the Electron glue with `utilityProcess` (`utility-spawn.ts`,
 * which must not load `node:child_process`, hence this module of its own). Both go through `adaptChild`, which owns
 * the line splitting, the exit bookkeeping and a kill that does not rely on the child.
 */
import { createInterface } from 'node:readline';

/** A running server process. */
export interface ServerProcess {
  readonly pid: number | undefined;
  /** Called with every line the process writes (stdout and stderr). */
  onLine(cb: (line: string) => void): void;
  /** Called with every message the process sends over its IPC channel (the sandbox's handover). */
  onMessage(cb: (message: unknown) => void): void;
  /** Called once when the process has exited (`null`: killed by a signal, or the code is unknown). */
  onExit(cb: (code: number | null) => void): void;
  /**
   * Stops the process. `SIGTERM` asks it to stop and kills it outright if it has not exited after a grace period
   * (a frozen or busy process never handles SIGTERM); `SIGKILL` kills it at once. Nothing once it has exited.
   */
  kill(signal?: 'SIGTERM' | 'SIGKILL'): void;
}

/** Starts `server/cli.ts` with these arguments. */
export type SpawnServer = (args: string[]) => ServerProcess;

/** How long a process asked to stop may take before it is killed outright. */
export const KILL_GRACE_MS = 3_000;

/** What `adaptChild` needs of a child process, whichever API started it. */
export interface ChildParts {
  pid(): number | undefined;
  /** Its stdout and stderr (null when not piped). */
  streams: (NodeJS.ReadableStream | null)[];
  /** Subscribes to its IPC messages. */
  onMessage(cb: (message: unknown) => void): void;
  /** Subscribes to its end; `note` is a line to report first (why it could not start). Later calls are ignored. */
  onEnd(cb: (code: number | null, note?: string) => void): void;
  /** Asks it to stop (SIGTERM on POSIX). */
  terminate(): void;
  /** Kills it outright (SIGKILL on POSIX), without any help from its event loop. */
  forceKill(): void;
}

/** Adapts a child process to `ServerProcess`. */
export function adaptChild(parts: ChildParts): ServerProcess {
  const lineListeners: ((line: string) => void)[] = [];
  const exitListeners: ((code: number | null) => void)[] = [];
  let exited: { code: number | null } | undefined;
  let force: NodeJS.Timeout | undefined;
  for (const stream of parts.streams) {
    if (stream === null) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line: string) => {
      for (const listener of lineListeners) listener(line);
    });
  }
  parts.onEnd((code, note) => {
    if (exited !== undefined) return;
    if (note !== undefined) for (const listener of lineListeners) listener(note);
    exited = { code };
    clearTimeout(force);
    for (const listener of exitListeners) listener(code);
  });
  return {
    get pid() {
      return parts.pid();
    },
    onLine(cb) {
      lineListeners.push(cb);
    },
    onMessage(cb) {
      parts.onMessage(cb);
    },
    onExit(cb) {
      if (exited === undefined) exitListeners.push(cb);
      else {
        const { code } = exited;
        queueMicrotask(() => cb(code));
      }
    },
    kill(signal = 'SIGTERM') {
      if (exited !== undefined) return;
      if (signal === 'SIGKILL') {
        parts.forceKill();
        return;
      }
      parts.terminate();
      if (force !== undefined) return;
      force = setTimeout(() => {
        if (exited === undefined) parts.forceKill();
      }, KILL_GRACE_MS);
      force.unref();
    },
  };
}
