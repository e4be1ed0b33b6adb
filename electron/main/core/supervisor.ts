/**
 * The local sandbox: the embedded API server in a child process on 127.0.0.1 (port 0), its data in
 * `<dataDir>/sandbox`, seeded with the demo on first start. A fresh token for the demo owner is minted at each
 * start and kept in memory only. If the process dies it is started again with exponential backoff; its base URL
 * may then change, which `onChange` reports.
 */
import { join } from 'node:path';
import { mintSandboxToken, seedDemo } from '../../../server/seed/demo.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import type { ServerProcess, SpawnServer } from './spawn.ts';
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

/** Options of the supervisor. */
export interface SupervisorOptions {
  /** The app's data folder; the sandbox's database lives in `<dataDir>/sandbox`. */
  dataDir: string;
  spawnServer: SpawnServer;
  /** The clock (seed and token times, stable-period measurement). */
  now?: () => Date;
  backoff?: Partial<BackoffOptions>;
  /** How long a start may take, from spawning to a healthy answer (default 30 s). */
  startTimeoutMs?: number;
  /** Receives the server's output lines and the supervisor's own notes. */
  log?: (line: string) => void;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;
const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 250, maxMs: 10_000, stableMs: 30_000 };

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts, watches, restarts and stops the local sandbox server. */
export class LocalServerSupervisor implements LocalSandbox {
  /** The sandbox's data folder. */
  readonly sandboxDir: string;
  private readonly spawnServer: SpawnServer;
  private readonly now: () => Date;
  private readonly backoff: BackoffOptions;
  private readonly startTimeoutMs: number;
  private readonly log: (line: string) => void;
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

  constructor(options: SupervisorOptions) {
    this.sandboxDir = join(options.dataDir, 'sandbox');
    this.spawnServer = options.spawnServer;
    this.now = options.now ?? (() => new Date());
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.startTimeoutMs = options.startTimeoutMs ?? 30_000;
    this.log = options.log ?? (() => undefined);
  }

  /** The running server's base URL (`http://127.0.0.1:<port>`), `undefined` while it is not running. */
  get baseUrl(): string | undefined {
    return this.current.state === 'running' ? this.current.baseUrl : undefined;
  }

  /** The running server's process id. */
  get pid(): number | undefined {
    return this.current.pid;
  }

  /** The demo owner's token for this launch (memory only). */
  token(): string | undefined {
    return this.secret;
  }

  /** Why the server is not running (a failed start, a restart under way), `undefined` when nothing is wrong. */
  problem(): string | undefined {
    return this.current.state === 'stopped' ? 'it was stopped' : this.current.problem;
  }

  /** The current state. */
  status(): SandboxStatus {
    return { ...this.current };
  }

  /** Calls back on every change of state or base URL; answers a function that stops the calls. */
  onChange(listener: (status: SandboxStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Prepares the database (demo seed on first start, fresh token), starts the server and waits for its health. */
  async start(): Promise<void> {
    if (this.current.state !== 'stopped' && this.current.state !== 'failed') return;
    this.stopping = false;
    this.attempt = 0;
    this.update({ state: 'starting', baseUrl: undefined, pid: undefined, problem: undefined });
    try {
      this.secret = this.prepareDatabase();
      await this.launch();
    } catch (error) {
      if (this.stopping) throw new Error('The local sandbox was stopped before it was ready.');
      const problem = `The local sandbox could not start: ${reasonOf(error)}`;
      this.update({ state: 'failed', baseUrl: undefined, pid: undefined, problem });
      throw new Error(problem);
    }
  }

  /** Stops the server and does not restart it. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer !== undefined) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const child = this.child;
    this.child = undefined;
    if (child !== undefined) {
      const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
      child.kill();
      await exited;
    }
    this.update({ state: 'stopped', baseUrl: undefined, pid: undefined, problem: undefined });
  }

  private prepareDatabase(): string {
    const db = openDatabase(this.sandboxDir);
    try {
      if (seedDemo(db, this.now()) !== undefined)
        this.log('seeded the local sandbox with the demo organizations');
      const token = mintSandboxToken(db, this.now());
      if (token === undefined)
        throw new Error(`the sandbox database in ${this.sandboxDir} has data but not the demo owner`);
      return token;
    } finally {
      db.close();
    }
  }

  private async launch(): Promise<void> {
    const child = this.spawnServer([
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      this.sandboxDir,
    ]);
    this.child = child;
    const deadline = Date.now() + this.startTimeoutMs;
    let exited = false;
    const listening = new Promise<string>((resolve, reject) => {
      child.onLine((line) => {
        this.log(`[sandbox] ${line}`);
        const match = LISTENING.exec(line);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.onExit((code) => {
        exited = true;
        reject(new Error(`the server exited (code ${code ?? 'none'}) before it was ready`));
        this.exited(child, code);
      });
    });
    listening.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the server did not start within ${this.startTimeoutMs} ms`)),
        this.startTimeoutMs,
      );
    });
    try {
      const baseUrl = await Promise.race([listening, timeout]);
      await Promise.race([this.waitForHealth(baseUrl, deadline, () => exited), timeout]);
      if (exited) throw new Error('the server exited before it was ready');
      this.startedAt = Date.now();
      this.update({ state: 'running', baseUrl, pid: child.pid, problem: undefined });
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
      try {
        const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
        last = `GET /health answered ${response.status}`;
      } catch (error) {
        last = reasonOf(error);
      }
      await pause(50);
    }
    throw new Error(`the server did not become healthy (${last})`);
  }

  /** A child exited: unexpected unless stopping or already replaced. */
  private exited(child: ServerProcess, code: number | null): void {
    if (this.stopping || this.child !== child) return;
    this.child = undefined;
    if (this.current.state !== 'running') return; // a failed launch: whoever launched it handles the failure
    if (Date.now() - this.startedAt >= this.backoff.stableMs) this.attempt = 0;
    this.scheduleRestart(`the server stopped unexpectedly (code ${code ?? 'none'})`);
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
