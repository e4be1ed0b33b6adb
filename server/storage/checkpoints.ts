/**
 * Checkpoints of the write-ahead log, off the thread that answers requests.
 *
 * SQLite copies the log into the database file (and syncs both to disk) at the commit that takes the log past its
 * auto-checkpoint size: on the server's only connection, that commit held the event loop for the copy and two
 * fsyncs (tens to hundreds of ms on a busy disk; a 5 MB OpenAPI text made one commit cost a third of a second).
 *
 * Rules:
 * - While a server runs, its connection never checkpoints by itself (`wal_autocheckpoint = 0`). Every `intervalMs`
 *   the log file is looked at; once past `thresholdBytes` and changed since, a passive checkpoint runs as the
 *   `db.checkpoint` task on a worker thread (checkpoint-task.ts), one at a time. It copies the log into the
 *   database, but under a steady stream of writes it never copies all of it (the server commits while it runs), and
 *   SQLite starts the log again only after a checkpoint that did: so the log grows.
 * - After a worker's checkpoint that copied all it saw, once the log holds a quarter of `hardCapBytes` or more, the
 *   server's own connection checkpoints what is left (`finish`): only the pages committed since the worker's last
 *   pass, a few milliseconds. That one completes (nothing commits meanwhile), and the next write starts the log
 *   again. Under a steady load this keeps the log to a few megabytes, and the request thread copies little:
 *   letting the log grow to the hard cap (below) held it 10–50 ms about once a second.
 * - Once the log holds more than `hardCapBytes` (checkpoints that never complete, failing, or the worker held up),
 *   the server's own connection checkpoints what is left, as SQLite would have: that one completes (nothing commits
 *   meanwhile, and the worker has copied nearly everything), the next write starts the log again, and it stays
 *   bounded whatever happens.
 * - The log file is kept at up to `hardCapBytes` when SQLite starts it again (`journal_size_limit`), not shrunk:
 *   cutting tens of megabytes off the file held that first commit (on the request thread) 35–45 ms, every few
 *   seconds under a steady load. Its size past the cap is what says the log must start again. A file no larger than
 *   a complete checkpoint left it (kept at the cap, or at what the log held when it was finished) no longer says
 *   how much the log holds since: there, a worker's checkpoint waits until the connection has changed
 *   `thresholdBytes / 4096` rows since the last one (SQLite's `total_changes()`), so that a lone write does not
 *   start a worker thread.
 * - A worker's checkpoint starts whether or not a transaction of the store is open on the server's connection (it
 *   has a connection of its own). The checkpoints on the server's connection (`finish`, the hard cap's) wait for
 *   the store's open transactions to end (`SqliteStore.outsideTransactions`), as a statement outside transactions
 *   does: under concurrent writes, the store's group commit keeps a transaction open almost all the time, and
 *   checks that skipped while one was open let the log grow by hundreds of megabytes a second, never copied.
 * - `stop()` waits for a checkpoint in flight and gives the connection its auto-checkpoint back (closing the
 *   database then checkpoints what is left). An in-memory database has no log: nothing is started.
 */
import { statSync } from 'node:fs';
import type { JobRunner } from '../jobs/runner.ts';
import type { TaskOutput } from '../jobs/tasks.ts';
import { passiveCheckpoint } from './checkpoint-task.ts';
import type { Database } from './database.ts';
import { SqliteStore } from './store/sqlite-store.ts';

export interface CheckpointOptions {
  intervalMs?: number;
  thresholdBytes?: number;
  hardCapBytes?: number;
  /** Where failures are reported (default: console.error). */
  log?: (message: string) => void;
}

/** SQLite's own default: a checkpoint once the log holds 1,000 pages. */
const SQLITE_AUTO_CHECKPOINT_PAGES = 1000;

export class WalCheckpointer {
  private readonly db: Database;
  private readonly runner: Pick<JobRunner, 'run'>;
  private readonly file: string | null;
  private readonly intervalMs: number;
  private readonly thresholdBytes: number;
  private readonly hardCapBytes: number;
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  /** The log file as the last complete checkpoint left it: unchanged since, it holds nothing new. */
  private settled: { size: number; mtimeMs: number } | undefined;
  /** Rows the connection had changed when the last checkpoint started. */
  private changesAtCheckpoint = 0;
  /** The database's page size, read at `start` (a log frame holds one page). */
  private pageSize = 4096;
  /** A worker's checkpoint left a log long enough to finish on the server's connection (`finish`). */
  private finishDue = false;

  constructor(db: Database, runner: Pick<JobRunner, 'run'>, options: CheckpointOptions = {}) {
    this.db = db;
    this.runner = runner;
    const location = db.sqlite.location();
    this.file = location === null || location === '' ? null : location;
    this.intervalMs = options.intervalMs ?? 250;
    this.thresholdBytes = options.thresholdBytes ?? 4 * 1024 * 1024;
    this.hardCapBytes = options.hardCapBytes ?? 64 * 1024 * 1024;
    this.log = options.log ?? ((message) => console.error(message));
  }

  /** Takes checkpoints over from the connection. */
  start(): void {
    if (this.file === null || this.timer !== undefined) return;
    this.db.sqlite.exec(`PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = ${this.hardCapBytes};`);
    this.pageSize = Number(this.db.sqlite.prepare('PRAGMA page_size').get()?.page_size);
    this.timer = setInterval(() => this.check(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops checking, waits for a checkpoint in flight, and gives the connection its auto-checkpoint back. */
  async stop(): Promise<void> {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight;
    if (this.db.sqlite.isOpen)
      this.db.sqlite.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTO_CHECKPOINT_PAGES}`);
  }

  /**
   * Checks the log now, as the timer would, and waits for the checkpoints that starts (a worker's, and the finish
   * after it): tests need not wait for the timer.
   */
  async checkNow(): Promise<void> {
    this.check();
    await this.inFlight;
    if (this.finishDue) this.check();
  }

  /** Remembers the log file as a complete checkpoint left it. */
  private checkpointed(file: string, result: TaskOutput<'db.checkpoint'>): void {
    if (!result.busy && result.checkpointedFrames === result.logFrames) this.settled = this.logFile(file);
  }

  /** After a worker's complete checkpoint: whether the log it saw is long enough to finish (`finish`). */
  private workerCheckpointed(file: string, result: TaskOutput<'db.checkpoint'>): void {
    this.checkpointed(file, result);
    const complete = !result.busy && result.checkpointedFrames === result.logFrames;
    this.finishDue = complete && result.logFrames * this.pageSize >= this.hardCapBytes / 4;
  }

  /**
   * Copies, on the server's connection, the pages committed since the worker's last pass: this checkpoint
   * completes, so the next write starts the log again. Not inside a transaction of the connection (SQLite refuses
   * a checkpoint there): the next check tries again.
   */
  private finish(file: string): void {
    if (this.db.sqlite.isTransaction) return;
    this.finishDue = false;
    this.checkpointed(file, passiveCheckpoint(this.db.sqlite));
  }

  /** The log file's size and time of change (size 0 when there is none). */
  private logFile(file: string): { size: number; mtimeMs: number } {
    const stats = statSync(`${file}-wal`, { throwIfNoEntry: false });
    return { size: stats?.size ?? 0, mtimeMs: stats?.mtimeMs ?? 0 };
  }

  /** Rows changed on the server's connection since it opened. */
  private changes(): number {
    return Number(this.db.statement('SELECT total_changes() AS n').get()?.n);
  }

  /**
   * Runs a checkpoint on the server's connection: at once when no transaction of the store is open on it, else once
   * the open ones have ended (the check waits for it as for a worker's).
   */
  private onConnection(step: () => void): void {
    if (!this.db.fenced) {
      step();
      return;
    }
    this.inFlight = SqliteStore.of(this.db)
      .outsideTransactions(() => {
        if (this.db.sqlite.isOpen) step();
      })
      .catch((error: unknown) => this.log(`checkpoint of ${String(this.file)}: ${String(error)}`))
      .finally(() => {
        this.inFlight = undefined;
      });
  }

  private check(): void {
    const file = this.file;
    if (file === null || this.inFlight !== undefined || !this.db.sqlite.isOpen) return;
    if (this.finishDue) {
      this.onConnection(() => this.finish(file));
      return;
    }
    const now = this.logFile(file);
    if (now.size < this.thresholdBytes) return;
    if (this.settled?.size === now.size && this.settled.mtimeMs === now.mtimeMs) return;
    if (now.size > this.hardCapBytes) {
      this.onConnection(() => this.checkpointed(file, passiveCheckpoint(this.db.sqlite)));
      return;
    }
    const changes = this.changes();
    const kept =
      now.size === this.hardCapBytes || (this.settled !== undefined && now.size <= this.settled.size);
    if (kept && changes - this.changesAtCheckpoint < this.thresholdBytes / 4096) return;
    this.changesAtCheckpoint = changes;
    this.inFlight = this.runner
      .run('db.checkpoint', { file })
      .then(
        (result) => this.workerCheckpointed(file, result),
        (error: unknown) => this.log(`checkpoint of ${file}: ${String(error)}`),
      )
      .finally(() => {
        this.inFlight = undefined;
        // At once: each turn of the event loop adds pages the finish must copy.
        if (this.finishDue && this.timer !== undefined) this.check();
      });
  }
}
