/**
 * The job runner: heavy and untrusted work (tasks.ts) runs on worker threads, never on the thread that answers
 * requests, each task within a wall-clock budget and a heap cap.
 *
 * Rules:
 * - At most `maxWorkers` threads (default 3); tasks beyond wait in order. A heap cap is at least 16 MB (V8 cannot
 *   start an isolate in much less, and that failure would end the process). A worker runs one task at a time and is
 *   reused by tasks of the same heap cap (fixed when it starts); an idle worker ends after `idleMs` (default 1 s),
 *   so an idle server holds none.
 * - A task that outlives its budget (counted from its dispatch to a worker) is a `JobLimitError` with reason `time`,
 *   and its worker is terminated; a worker that runs out of heap is `memory`; one that dies otherwise is `crashed`.
 *   Either way the worker is replaced by a fresh one for the next task, and the main thread never waited.
 * - A task that throws is a `JobTaskError` carrying its message; the worker stays.
 * - `close()` terminates every worker; the tasks running or waiting fail with reason `stopped`.
 */
import { Worker, type TransferListItem } from 'node:worker_threads';
import { DEFAULT_BUDGETS, type Budget, type TaskInput, type TaskName, type TaskOutput } from './tasks.ts';
import type { TaskAnswer, TaskRequest } from './worker.ts';

export type JobLimitReason = 'time' | 'memory' | 'crashed' | 'stopped';

/** A task stopped by the runner: over its budget, out of memory, its worker dead, or the runner closed. */
export class JobLimitError extends Error {
  readonly reason: JobLimitReason;
  constructor(reason: JobLimitReason, message: string) {
    super(message);
    this.name = 'JobLimitError';
    this.reason = reason;
  }
}

/** A task that threw (the worker is fine). */
export class JobTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobTaskError';
  }
}

export interface JobRunnerOptions {
  maxWorkers?: number;
  idleMs?: number;
  /** Budgets replacing the defaults of some tasks (tests lower them). */
  budgets?: Partial<Record<TaskName, Partial<Budget>>>;
  /** The worker entry (the built app names its bundled one); default: worker.ts beside this file. */
  workerUrl?: URL;
}

interface Pending {
  id: number;
  name: TaskName;
  input: unknown;
  transfer: TransferListItem[];
  budget: Budget;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  memoryMb: number;
  task: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/** Smallest heap a worker gets: below a few MB, V8 cannot even start the isolate, and that failure is fatal. */
const MIN_MEMORY_MB = 16;

/** The worker beside this module, named through a variable (bundlers must not rewrite it into an asset). */
const WORKER_FILE = './worker.ts';

const describeBudget = (name: TaskName, budget: Budget, reason: JobLimitReason): string =>
  reason === 'time'
    ? `${name} took longer than its ${budget.timeMs} ms budget and was stopped`
    : reason === 'memory'
      ? `${name} needed more than its ${budget.memoryMb} MB of memory and was stopped`
      : reason === 'stopped'
        ? `${name} was stopped: the server is shutting down`
        : `${name} stopped: its worker thread died`;

export class JobRunner {
  private readonly maxWorkers: number;
  private readonly idleMs: number;
  private readonly budgets: Readonly<Record<TaskName, Budget>>;
  private readonly workerUrl: URL;
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: JobRunnerOptions = {}) {
    this.maxWorkers = options.maxWorkers ?? 3;
    this.idleMs = options.idleMs ?? 1_000;
    this.workerUrl = options.workerUrl ?? new URL(WORKER_FILE, import.meta.url);
    const budgets = { ...DEFAULT_BUDGETS };
    for (const [name, budget] of Object.entries(options.budgets ?? {}) as [TaskName, Partial<Budget>][]) {
      const merged = { ...budgets[name], ...budget };
      budgets[name] = { ...merged, memoryMb: Math.max(MIN_MEMORY_MB, merged.memoryMb) };
    }
    this.budgets = budgets;
  }

  /** Runs a task on a worker thread; `transfer` lists buffers of the input moved rather than copied. */
  run<N extends TaskName>(
    name: N,
    input: TaskInput<N>,
    options: { transfer?: TransferListItem[] } = {},
  ): Promise<TaskOutput<N>> {
    if (this.closed)
      return Promise.reject(
        new JobLimitError('stopped', describeBudget(name, this.budgets[name], 'stopped')),
      );
    return new Promise<TaskOutput<N>>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        name,
        input,
        transfer: options.transfer ?? [],
        budget: this.budgets[name],
        resolve: resolve as (output: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Threads alive now (busy or idle). */
  get workers(): number {
    return this.slots.size;
  }

  /** Terminates every worker; running and waiting tasks fail with reason `stopped`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      task.reject(new JobLimitError('stopped', describeBudget(task.name, task.budget, 'stopped')));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, 'stopped')));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const task = this.queue[0]!;
      let slot = [...this.slots].find((s) => s.task === undefined && s.memoryMb === task.budget.memoryMb);
      if (slot === undefined && this.slots.size >= this.maxWorkers) {
        // Every thread is taken: an idle one with another heap cap makes room, else the task waits.
        const idle = [...this.slots].find((s) => s.task === undefined);
        if (idle === undefined) return;
        void this.retire(idle, undefined);
      }
      slot ??= this.spawn(task.budget);
      this.queue.shift();
      this.start(slot, task);
    }
  }

  private spawn({ memoryMb }: Budget): Slot {
    const worker = new Worker(this.workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, memoryMb, task: undefined, timer: undefined, idleTimer: undefined };
    this.slots.add(slot);
    worker.on('message', (answer: TaskAnswer) => this.answered(slot, answer));
    worker.on('error', (error: Error & { code?: string }) =>
      this.fail(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'),
    );
    worker.on('exit', () => this.fail(slot, 'crashed'));
    return slot;
  }

  private start(slot: Slot, task: Pending): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.fail(slot, 'time'), task.budget.timeMs);
    const request: TaskRequest = { id: task.id, name: task.name, input: task.input };
    slot.worker.postMessage(request, task.transfer);
  }

  private answered(slot: Slot, answer: TaskAnswer): void {
    const task = slot.task;
    if (task === undefined || task.id !== answer.id) return;
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.retire(slot, undefined), this.idleMs);
    slot.idleTimer.unref();
    if (answer.ok) task.resolve(answer.output);
    else task.reject(new JobTaskError(`${task.name} failed: ${answer.error.message}`));
    this.dispatch();
  }

  /** The slot's task fails for `reason` and its worker goes. */
  private fail(slot: Slot, reason: JobLimitReason): void {
    if (!this.slots.has(slot)) return;
    void this.retire(slot, reason);
    if (!this.closed) this.dispatch();
  }

  /** Terminates a worker; its task (if any) fails for `reason`. */
  private async retire(slot: Slot, reason: JobLimitReason | undefined): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = undefined;
    if (task !== undefined)
      task.reject(
        new JobLimitError(reason ?? 'stopped', describeBudget(task.name, task.budget, reason ?? 'stopped')),
      );
    slot.worker.removeAllListeners('message');
    slot.worker.removeAllListeners('exit');
    // A late 'error' after terminate must not be unhandled.
    slot.worker.removeAllListeners('error');
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate();
  }
}
