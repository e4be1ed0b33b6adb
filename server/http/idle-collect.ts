/**
 * A full garbage collection once the server falls idle after a burst of requests. V8 collects when it allocates,
 * so a server that goes quiet after a load keeps the heap the load grew (an old generation at 130–160 MB 10 s
 * after the mixed benchmark, in some runs); one collection when nothing is being asked gives it back.
 *
 * The collection is V8's "last resort" flavour (`gc({ flavor: 'last-resort' })`: the full collections V8 makes
 * under memory pressure, which also shrink the young generation and release empty pages), not a regular one: after
 * a regular one the heap kept 58–61 MB committed for 32 MB used, and RSS stayed 76–83 MB above its start 10 s after
 * the mixed benchmark; after this one the heap kept 34 MB and RSS was 19 MB above. It costs about twice a regular
 * collection (180 ms against 97 ms on a 45 MB heap of small objects), once, when no request has come for `idleMs`.
 *
 * It needs `globalThis.gc` (the server process runs with `--expose-gc`, SERVER_NODE_FLAGS); without it (tests, a
 * plain `node server/cli.ts`) nothing is collected.
 */

export interface IdleCollectOptions {
  /** How long without a request counts as idle. */
  idleMs: number;
  /** Requests answered since the last collection for one to be worth it. */
  minRequests: number;
  /** Collects; `globalThis.gc` by default. */
  collect?: (() => void) | undefined;
  /** Milliseconds on a monotonic clock; `performance.now` by default. */
  now?: () => number;
}

const LAST_RESORT = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

export const IDLE_COLLECT: IdleCollectOptions = { idleMs: 3_000, minRequests: 1_000 };

/** Counts answered requests (`answered()`), and collects once they stop for `idleMs`. */
export class IdleCollector {
  private readonly idleMs: number;
  private readonly minRequests: number;
  private readonly collect: (() => void) | undefined;
  private readonly now: () => number;
  private answeredSince = 0;
  private lastAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: IdleCollectOptions) {
    this.idleMs = options.idleMs;
    this.minRequests = options.minRequests;
    const gc = globalThis.gc;
    this.collect = 'collect' in options ? options.collect : gc && (() => gc(LAST_RESORT));
    this.now = options.now ?? (() => performance.now());
  }

  /** A request was answered. */
  answered(): void {
    if (this.collect === undefined) return;
    this.answeredSince += 1;
    this.lastAt = this.now();
    if (this.timer === undefined && this.answeredSince >= this.minRequests) this.wait(this.idleMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private wait(ms: number): void {
    this.timer = setTimeout(() => this.check(), ms);
    // An idle collection never keeps the process alive.
    this.timer.unref();
  }

  private check(): void {
    const quietFor = this.now() - this.lastAt;
    if (quietFor < this.idleMs) {
      this.wait(this.idleMs - quietFor);
      return;
    }
    this.timer = undefined;
    this.answeredSince = 0;
    this.collect?.();
  }
}
