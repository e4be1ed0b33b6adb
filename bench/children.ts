/** Starting a server in a child process and learning its port from the first line it prints. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** What a server child measures inside itself (`bench/serve-child.ts`), since its start or the last reset. */
export interface ChildStats {
  /** Resident set size now, MB. */
  rssMb: number;
  /** V8's heap (used and reserved) and memory outside it held by JS objects (buffers), MB. */
  heap: { usedMb: number; totalMb: number; externalMb: number };
  /** CPU time used by the process since it started (user + system, every thread), ms. */
  cpuMs: number;
  /** The event loop's delay (`perf_hooks.monitorEventLoopDelay`), ms. */
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number };
  /**
   * Requests as the server saw them (from its `onRequest` to its `onResponse`), ms; `maxAtS`: when the slowest ended,
   * seconds since the last reset.
   */
  requests: { count: number; p99Ms: number; maxMs: number; maxAtS: number };
}

/** A server running in a child process. */
export interface ServerChild {
  pid: number;
  baseUrl: string;
  /** Peak resident set size (VmHWM) in MB, from /proc (Linux); undefined elsewhere. */
  peakRssMb(): number | undefined;
  /** The child's own figures; `reset` starts the event-loop histogram afresh after reading it. */
  stats(options?: { reset?: boolean }): Promise<ChildStats>;
  stop(): Promise<void>;
}

/** Spawns `node [nodeFlags] script [args]`, with `env` added to this process's, and waits for its `{"port": n}` line. */
export async function startChild(
  script: string,
  args: string[] = [],
  nodeFlags: string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<ServerChild> {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    env: { ...process.env, ...env },
    // The IPC channel carries stats requests to children that answer them (serve-child.ts).
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await firstPort(child, script);
  const pid = child.pid as number;
  return {
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    peakRssMb: () => peakRssMb(pid),
    stats: (options = {}) => askStats(child, script, options.reset ?? false),
    stop: () => stop(child),
  };
}

function askStats(child: ChildProcess, script: string, reset: boolean): Promise<ChildStats> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`${script} did not answer a stats request`));
    }, 5_000);
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('stats' in message)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.stats as ChildStats);
    };
    child.on('message', onMessage);
    child.send({ stats: true, reset });
  });
}

function firstPort(child: ChildProcess, script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    if (child.stdout === null) return reject(new Error(`${script}: no stdout pipe`));
    const lines = createInterface({ input: child.stdout });
    const onExit = (code: number | null) =>
      reject(new Error(`${script} exited (code ${code}) before printing its port`));
    child.once('exit', onExit);
    child.once('error', reject);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      const parsed: unknown = JSON.parse(line);
      const port =
        typeof parsed === 'object' && parsed !== null && 'port' in parsed ? parsed.port : undefined;
      if (typeof port === 'number') resolve(port);
      else reject(new Error(`${script} printed ${line}, not {"port": n}`));
    });
  });
}

function peakRssMb(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
