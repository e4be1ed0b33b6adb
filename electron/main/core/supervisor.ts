/**
 * The local sandbox: the embedded API server as a pure child process (`serve --demo` on 127.0.0.1, port 0), its
 * data in `<dataDir>/sandbox`. The child seeds the demo on first start, mints a fresh token for the demo owner at
 * each start and hands it with its address over its IPC channel; the token is kept in memory only. Nothing of the
 * server runs in this process.
 *
 * A health probe asks the running server `GET /health` every few seconds; after a few misses in a row (a frozen or
 * runaway server) it is killed outright and started again. If the process dies it is started again too, with
 * exponential backoff; its base URL may then change, which `onChange` reports, and `lastRestart` says what happened.
 */
import { join } from 'node:path';
import {
  isSandboxHandover,
  sandboxServeArgs,
  type SandboxHandover,
  type SandboxTokenFor,
} from '../../../server/runtime.ts';
import type { SandboxRestart } from '../../../shared/bridge.ts';
import type { ServerProcess, SpawnServer } from './server-process.ts';
import type { LocalSandbox } from './targets.ts';

/** Where the supervisor is. */
export type SandboxState = 'stopped' | 'starting' | 'running' | 'restarting' | 'failed';

/** What `onChange` reports. */
export interface SandboxStatus {
  state: SandboxState;
  /** The server's base URL while it runs. */
  baseUrl: string | undefined;
  pid: number | undefined;
  /** Why the last start failed or why the server is being restarted. */
  problem: string | undefined;
}

/** Backoff between restarts: `initialMs` doubling to `maxMs`, back to `initialMs` after `stableMs` of running. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  stableMs: number;
}

/** The health probe of the running server. */
export interface HealthOptions {
  /** How often `GET /health` is asked; a probe with no 200 answer within this time is missed. */
  intervalMs: number;
  /** How many probes in a row may be missed before the server is killed (SIGKILL) and restarted. */
  misses: number;
}

/** Options of the supervisor. */
export interface SupervisorOptions {
  /** The app's data folder; the sandbox's database lives in `<dataDir>/sandbox`. */
  dataDir: string;
  spawnServer: SpawnServer;
  /** The clock of restart notices. */
  now?: () => Date;
  backoff?: Partial<BackoffOptions>;
  health?: Partial<HealthOptions>;
  /** How long a start may take, from spawning to a healthy answer (default 30 s). */
  startTimeoutMs?: number;
  /** Receives the server's output lines and the supervisor's own notes (never the token). */
  log?: (line: string) => void;
  /** Whose sandbox token the server mints: the app's (default) or the command line's (which leaves the app's alone). */
  tokenFor?: SandboxTokenFor;
}

const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 250, maxMs: 10_000, stableMs: 30_000 };
const DEFAULT_HEALTH: HealthOptions = { intervalMs: 5_000, misses: 3 };

/** What the user is told after each kind of restart. */
export const RESTART_MESSAGES = {
  hung: 'The local sandbox stopped answering and was restarted.',
  exited: 'The local sandbox stopped unexpectedly and was restarted.',
} as const;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Answers `undefined` when `GET /health` answers 200 within `timeoutMs`, else why not. */
async function probeHealth(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status === 200 ? undefined : `GET /health answered ${response.status}`;
  } catch (error) {
    return reasonOf(error);
  }
}

/** Starts, watches, restarts and stops the local sandbox server. */
export class LocalServerSupervisor implements LocalSandbox {
  /** The sandbox's data folder. */
  readonly sandboxDir: string;
  private readonly spawnServer: SpawnServer;
  private readonly now: () => Date;
  private readonly backoff: BackoffOptions;
  private readonly health: HealthOptions;
  private readonly startTimeoutMs: number;
  private readonly log: (line: string) => void;
  private readonly tokenFor: SandboxTokenFor;
  private readonly listeners = new Set<(status: SandboxStatus) => void>();
  private child: ServerProcess | undefined;
  private secret: string | undefined;
  private current: SandboxStatus = {
    state: 'stopped',
    baseUrl: undefined,
    pid: undefined,
    problem: undefined,
  };
  private stopping = false;
  private attempt = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  /** Probes the running child missed in a row. */
  private missed = 0;
  /** The child killed because it stopped answering. */
  private hung: ServerProcess | undefined;
  /** What to tell the user once a restart under way succeeds. */
  private pendingNotice: string | undefined;
  private latestRestart: SandboxRestart | undefined;
  /** The start under way, for a second caller to wait on. */
  private starting: Promise<void> | undefined;

  constructor(options: SupervisorOptions) {
    this.sandboxDir = join(options.dataDir, 'sandbox');
    this.spawnServer = options.spawnServer;
    this.now = options.now ?? (() => new Date());
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.health = { ...DEFAULT_HEALTH, ...options.health };
    this.startTimeoutMs = options.startTimeoutMs ?? 30_000;
    this.log = options.log ?? (() => undefined);
    this.tokenFor = options.tokenFor ?? 'app';
  }

  /** The running server's base URL (`http://127.0.0.1:<port>`), `undefined` while it is not running. */
  get baseUrl(): string | undefined {
    return this.current.state === 'running' ? this.current.baseUrl : undefined;
  }

  /** The running server's process id. */
  get pid(): number | undefined {
    return this.current.pid;
  }

  /** The demo owner's token for the running server (memory only; each start of the server mints a new one). */
  token(): string | undefined {
    return this.current.state === 'running' ? this.secret : undefined;
  }

  /** Why the server is not running (a failed start, a restart under way), `undefined` when nothing is wrong. */
  problem(): string | undefined {
    return this.current.state === 'stopped' ? 'it was stopped' : this.current.problem;
  }

  /** The current state. */
  status(): SandboxStatus {
    return { ...this.current };
  }

  /** The latest restart of a server that had been running (stopped answering, or exited), if any. */
  lastRestart(): SandboxRestart | undefined {
    return this.latestRestart === undefined ? undefined : { ...this.latestRestart };
  }

  /** Calls back on every change of state or base URL; answers a function that stops the calls. */
  onChange(listener: (status: SandboxStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts the server (which seeds the demo on first start and mints a fresh token) and waits for its health. A call
   * while a start is under way waits for that start (the app starts the sandbox before loading the rest of its core).
   */
  start(): Promise<void> {
    if (this.current.state === 'starting' && this.starting !== undefined) return this.starting;
    if (this.current.state !== 'stopped' && this.current.state !== 'failed') return Promise.resolve();
    this.stopping = false;
    this.attempt = 0;
    this.update({ state: 'starting', baseUrl: undefined, pid: undefined, problem: undefined });
    const starting = this.launch().catch((error: unknown) => {
      if (this.stopping) throw new Error('The local sandbox was stopped before it was ready.');
      const problem = `The local sandbox could not start: ${reasonOf(error)}`;
      this.update({ state: 'failed', baseUrl: undefined, pid: undefined, problem });
      throw new Error(problem);
    });
    this.starting = starting;
    void starting.then(
      () => this.clearStarting(starting),
      () => this.clearStarting(starting),
    );
    return starting;
  }

  private clearStarting(starting: Promise<void>): void {
    if (this.starting === starting) this.starting = undefined;
  }

  /**
   * Stops the server and does not restart it. A server that missed its last probe is killed at once; another is
   * asked to stop and killed if it has not after a grace period: the stop never waits on the server's event loop.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.probeTimer);
    this.restartTimer = undefined;
    const child = this.child;
    this.child = undefined;
    this.secret = undefined;
    if (child !== undefined) {
      const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
      child.kill(this.missed > 0 ? 'SIGKILL' : 'SIGTERM');
      await exited;
    }
    this.update({ state: 'stopped', baseUrl: undefined, pid: undefined, problem: undefined });
  }

  private async launch(): Promise<void> {
    const child = this.spawnServer(sandboxServeArgs(this.sandboxDir, this.tokenFor));
    this.child = child;
    this.missed = 0;
    const deadline = Date.now() + this.startTimeoutMs;
    let exited = false;
    let lastLine: string | undefined;
    const handedOver = new Promise<SandboxHandover>((resolve, reject) => {
      child.onLine((line) => {
        lastLine = line;
        this.log(`[sandbox] ${line}`);
      });
      // The handover carries the token: it is kept, never logged; any other message is ignored.
      child.onMessage((message) => {
        if (isSandboxHandover(message)) resolve(message);
      });
      child.onExit((code) => {
        exited = true;
        const why = lastLine === undefined ? '' : `: ${lastLine}`;
        reject(new Error(`the server exited (code ${code ?? 'none'}) before it was ready${why}`));
        this.exited(child, code);
      });
    });
    handedOver.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the server did not start within ${this.startTimeoutMs} ms`)),
        this.startTimeoutMs,
      );
    });
    try {
      const { baseUrl, token } = await Promise.race([handedOver, timeout]);
      await Promise.race([this.waitForHealth(baseUrl, deadline, () => exited), timeout]);
      if (exited) throw new Error('the server exited before it was ready');
      this.secret = token;
      this.startedAt = Date.now();
      this.update({ state: 'running', baseUrl, pid: child.pid, problem: undefined });
      this.log(`the local sandbox is running at ${baseUrl} (pid ${child.pid ?? 'unknown'})`);
      this.noteRestart();
      this.watch(child, baseUrl);
    } catch (error) {
      if (this.child === child) this.child = undefined;
      child.kill();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async waitForHealth(baseUrl: string, deadline: number, gone: () => boolean): Promise<void> {
    let last = 'no answer yet';
    while (Date.now() < deadline && !gone()) {
      const problem = await probeHealth(baseUrl, 2_000);
      if (problem === undefined) return;
      last = problem;
      await pause(50);
    }
    throw new Error(`the server did not become healthy (${last})`);
  }

  /** Probes the running child's health until it is replaced; kills it after `health.misses` misses in a row. */
  private watch(child: ServerProcess, baseUrl: string): void {
    const { intervalMs, misses } = this.health;
    const probe = async () => {
      const began = Date.now();
      const problem = await probeHealth(baseUrl, intervalMs);
      if (this.child !== child || this.stopping) return;
      if (problem === undefined) this.missed = 0;
      else {
        this.missed++;
        this.log(`the local sandbox missed a health probe (${this.missed} of ${misses}): ${problem}`);
      }
      if (this.missed >= misses) {
        this.log(
          `the local sandbox stopped answering (${this.missed} health probes missed in a row); killing it (pid ${child.pid ?? 'unknown'}) and restarting it`,
        );
        this.hung = child;
        child.kill('SIGKILL');
        return;
      }
      this.probeTimer = setTimeout(() => void probe(), Math.max(0, intervalMs - (Date.now() - began)));
      this.probeTimer.unref();
    };
    this.probeTimer = setTimeout(() => void probe(), intervalMs);
    this.probeTimer.unref();
  }

  /** A child exited: unexpected unless stopping or already replaced. */
  private exited(child: ServerProcess, code: number | null): void {
    if (this.stopping || this.child !== child) return;
    this.child = undefined;
    this.secret = undefined;
    clearTimeout(this.probeTimer);
    if (this.current.state !== 'running') return; // a failed launch: whoever launched it handles the failure
    if (Date.now() - this.startedAt >= this.backoff.stableMs) this.attempt = 0;
    const hung = this.hung === child;
    this.hung = undefined;
    this.pendingNotice = hung ? RESTART_MESSAGES.hung : RESTART_MESSAGES.exited;
    this.scheduleRestart(
      hung
        ? `the server stopped answering (${this.missed} health probes missed in a row)`
        : `the server stopped unexpectedly (code ${code ?? 'none'})`,
    );
  }

  /** After a restart of a server that had been running: records what the user is told. */
  private noteRestart(): void {
    if (this.pendingNotice === undefined) return;
    this.latestRestart = {
      id: (this.latestRestart?.id ?? 0) + 1,
      at: this.now().toISOString(),
      message: this.pendingNotice,
    };
    this.pendingNotice = undefined;
  }

  private scheduleRestart(problem: string): void {
    const delay = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.attempt);
    this.attempt++;
    this.log(`${problem}; restarting in ${delay} ms`);
    this.update({ state: 'restarting', baseUrl: undefined, pid: undefined, problem });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.launch().catch((error: unknown) => {
        if (!this.stopping) this.scheduleRestart(`the server could not be restarted: ${reasonOf(error)}`);
      });
    }, delay);
  }

  private update(next: SandboxStatus): void {
    const changed =
      next.state !== this.current.state ||
      next.baseUrl !== this.current.baseUrl ||
      next.pid !== this.current.pid;
    this.current = next;
    if (!changed) return;
    for (const listener of this.listeners) listener(this.status());
  }
}
