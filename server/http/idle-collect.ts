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
 * A burst is either many requests (`minRequests`) or a few heavy ones: one 5 MB OpenAPI text, its parse, checks and
 * stored parts grew RSS by 44–62 MB with fewer than a hundred requests around it, and nothing gave it back. So the
 * collector also collects, when idle, once the process's RSS is `minGrowthBytes` above where the previous collection
 * left it (read when the server falls idle: `process.memoryUsage.rss()`, a cheap call).
 *
 * It needs `globalThis.gc` (the server process runs with `--expose-gc`, SERVER_NODE_FLAGS); without it (tests, a
 * plain `node server/cli.ts`) nothing is collected.
 */

export interface IdleCollectOptions {
  /** How long without a request counts as idle. */
  idleMs: number;
  /** Requests answered since the last collection for one to be worth it. */
  minRequests: number;
  /** RSS growth since the last collection (or the start) for one to be worth it, whatever the request count. */
  minGrowthBytes: number;
  /** The process's resident set size in bytes; `process.memoryUsage.rss` by default. */
  rss?: () => number;
  /** Collects; `globalThis.gc` by default. */
  collect?: (() => void) | undefined;
  /** Milliseconds on a monotonic clock; `performance.now` by default. */
  now?: () => number;
}

const LAST_RESORT = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

export const IDLE_COLLECT: IdleCollectOptions = {
  idleMs: 3_000,
  minRequests: 1_000,
  minGrowthBytes: 24 * 1024 * 1024,
};

/**
 * Counts answered requests (`answered()`), and collects once they stop for `idleMs`, if they were many or RSS grew.
 */
export class IdleCollector {
  private readonly idleMs: number;
  private readonly minRequests: number;
  private readonly collect: (() => void) | undefined;
  private readonly now: () => number;
  private readonly minGrowthBytes: number;
  private readonly rss: () => number;
  /** RSS when the last collection ended (or when the collector was made). */
  private rssAfterCollect: number;
  private answeredSince = 0;
  private lastAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: IdleCollectOptions) {
    this.idleMs = options.idleMs;
    this.minRequests = options.minRequests;
    const gc = globalThis.gc;
    this.collect = 'collect' in options ? options.collect : gc && (() => gc(LAST_RESORT));
    this.now = options.now ?? (() => performance.now());
    this.minGrowthBytes = options.minGrowthBytes;
    this.rss = options.rss ?? (() => process.memoryUsage.rss());
    this.rssAfterCollect = this.collect === undefined ? 0 : this.rss();
  }

  /** A request was answered. */
  answered(): void {
    if (this.collect === undefined) return;
    this.answeredSince += 1;
    this.lastAt = this.now();
    // Armed after every burst, however small: whether a collection is worth it is decided when idle.
    if (this.timer === undefined) this.wait(this.idleMs);
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
    const worth =
      this.answeredSince >= this.minRequests || this.rss() - this.rssAfterCollect >= this.minGrowthBytes;
    if (!worth) {
      // RSS that fell since (a job thread ended, say) lowers the mark the next growth is measured from.
      this.rssAfterCollect = Math.min(this.rssAfterCollect, this.rss());
      return;
    }
    this.answeredSince = 0;
    this.collect?.();
    this.rssAfterCollect = this.rss();
  }
}
