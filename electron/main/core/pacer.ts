/**
 * Pacing of API calls by the API's own rate-limit headers, one lane per profile (its API and token): GitBook's
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (epoch seconds) on every answer, and
 * `Retry-After` (seconds) with a 429. Calls wait their turn in the lane's queue, in order (a long job's calls after
 * the user's own):
 * - while the window is spent (nothing left, its reset still ahead), until the reset;
 * - when less than a fifth of the window is left, spread evenly over what remains of it;
 * - after a 429, until `Retry-After` or the reset, whichever the API gave (a second if neither).
 * The estimate of what is left counts the calls under way as spent. An API without these headers is not paced.
 * The lane's wait is what the renderer shows ("waiting for the API's rate limit (12 s)").
 */

/** The rate-limit headers of an answer, as sent (lower-case names). */
export type RateHeaders = Partial<
  Record<'x-ratelimit-limit' | 'x-ratelimit-remaining' | 'x-ratelimit-reset' | 'retry-after', string>
>;

/** Time as the pacer sees it (tests drive their own). */
export interface PacerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: PacerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a lane says about itself (the `api.pacing` channel). */
export interface PacingStatus {
  /** Calls waiting for their turn. */
  queued: number;
  /** How long the first of them still waits, in ms (0 when nothing waits). */
  waitMs: number;
  /** The API's limit per window, once an answer told it. */
  limit?: number;
  /** What is left of the window, by the pacer's estimate. */
  remaining?: number;
  /** When the window resets, epoch ms. */
  resetAt?: number;
}

/** Below this share of the window, calls are spaced over what remains of it. */
const SPACING_SHARE = 0.2;
/** Waiting for a reset adds this much: the reset is given in whole seconds. */
const RESET_MARGIN_MS = 250;
/** After a 429 that says nothing of when to come back. */
const DEFAULT_BACKOFF_MS = 1_000;

interface Waiter {
  background: boolean;
  start: () => void;
  cancel: () => void;
}

class Lane {
  limit: number | undefined;
  remaining: number | undefined;
  resetAt: number | undefined;
  blockedUntil = 0;
  nextSlot = 0;
  inFlight = 0;
  readonly queue: Waiter[] = [];
  timer: unknown;
  wakeAt = 0;
}

/** One admitted call: report its answer's headers (or nothing, for a call that failed to reach the API). */
export interface Turn {
  done(status: number | undefined, headers: RateHeaders): void;
}

function number(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

/** Queues and spaces calls per key. */
export class Pacer {
  private readonly clock: PacerClock;
  private readonly lanes = new Map<string, Lane>();

  constructor(clock: PacerClock = systemClock) {
    this.clock = clock;
  }

  /**
   * Waits for the turn of a call on `key`, in order of asking, except that a `background` call (part of a long job)
   * lets the others go first, and `front` puts a call first (a retry keeps its place). Resolves `undefined` when
   * `signal` aborts first.
   */
  turn(
    key: string,
    signal?: AbortSignal,
    place: { front?: boolean; background?: boolean } = {},
  ): Promise<Turn | undefined> {
    const lane = this.lane(key);
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(undefined);
      const onAbort = () => waiter.cancel();
      const waiter: Waiter = {
        background: place.background === true,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.admitted(lane));
        },
        cancel: () => {
          const index = lane.queue.indexOf(waiter);
          if (index >= 0) lane.queue.splice(index, 1);
          signal?.removeEventListener('abort', onAbort);
          resolve(undefined);
          this.pump(lane);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (place.front === true) lane.queue.unshift(waiter);
      else if (waiter.background) lane.queue.push(waiter);
      else {
        const firstBackground = lane.queue.findIndex((queued) => queued.background);
        lane.queue.splice(firstBackground < 0 ? lane.queue.length : firstBackground, 0, waiter);
      }
      this.pump(lane);
    });
  }

  /** Where the lane of `key` stands. */
  status(key: string): PacingStatus {
    const lane = this.lanes.get(key);
    if (lane === undefined) return { queued: 0, waitMs: 0 };
    const now = this.clock.now();
    return {
      queued: lane.queue.length,
      waitMs: lane.queue.length > 0 ? Math.max(0, this.delay(lane, now)) : 0,
      ...(lane.limit !== undefined ? { limit: lane.limit } : {}),
      ...(lane.remaining !== undefined ? { remaining: lane.remaining } : {}),
      ...(lane.resetAt !== undefined ? { resetAt: lane.resetAt } : {}),
    };
  }

  /** Forgets a lane (its profile was removed). */
  forget(key: string): void {
    const lane = this.lanes.get(key);
    if (lane === undefined) return;
    if (lane.timer !== undefined) this.clock.clearTimeout(lane.timer);
    for (const waiter of [...lane.queue]) waiter.cancel();
    this.lanes.delete(key);
  }

  private lane(key: string): Lane {
    let lane = this.lanes.get(key);
    if (lane === undefined) {
      lane = new Lane();
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private admitted(lane: Lane): Turn {
    let reported = false;
    return {
      done: (status, headers) => {
        if (reported) return;
        reported = true;
        lane.inFlight--;
        this.learn(lane, status, headers);
        this.pump(lane);
      },
    };
  }

  /** Updates the lane from an answer's headers. */
  private learn(lane: Lane, status: number | undefined, headers: RateHeaders): void {
    const now = this.clock.now();
    const limit = number(headers['x-ratelimit-limit']);
    const remaining = number(headers['x-ratelimit-remaining']);
    const resetSeconds = number(headers['x-ratelimit-reset']);
    const resetAt = resetSeconds === undefined ? undefined : resetSeconds * 1000;
    if (limit !== undefined) lane.limit = limit;
    if (remaining !== undefined && resetAt !== undefined) {
      // Calls still under way may not be counted in this answer yet: count them as spent.
      const estimate = Math.max(0, remaining - lane.inFlight);
      const sameWindow = lane.resetAt !== undefined && resetAt <= lane.resetAt;
      lane.remaining =
        sameWindow && lane.remaining !== undefined ? Math.min(lane.remaining, estimate) : estimate;
      if (!sameWindow) lane.resetAt = resetAt;
    }
    if (status === 429) {
      const retryAfter = number(headers['retry-after']);
      const until =
        retryAfter !== undefined
          ? now + retryAfter * 1000
          : resetAt !== undefined && resetAt > now
            ? resetAt + RESET_MARGIN_MS
            : now + DEFAULT_BACKOFF_MS;
      lane.blockedUntil = Math.max(lane.blockedUntil, until);
      lane.remaining = 0;
    }
  }

  /** How long the head of the queue must still wait (≤ 0: it may go now). */
  private delay(lane: Lane, now: number): number {
    if (lane.resetAt !== undefined && now >= lane.resetAt) {
      // The window is over: trust the next answer's headers, and until then assume a full window.
      lane.resetAt = undefined;
      lane.remaining = lane.limit;
      lane.nextSlot = 0;
    }
    let until = Math.max(lane.blockedUntil, lane.nextSlot);
    if (lane.remaining !== undefined && lane.remaining <= 0 && lane.resetAt !== undefined)
      until = Math.max(until, lane.resetAt + RESET_MARGIN_MS);
    return until - now;
  }

  /** Starts what may start now, then sleeps until the next may. */
  private pump(lane: Lane): void {
    for (;;) {
      const head = lane.queue[0];
      if (head === undefined) return;
      const now = this.clock.now();
      const wait = this.delay(lane, now);
      if (wait > 0) return this.sleep(lane, now + wait);
      lane.queue.shift();
      lane.inFlight++;
      if (lane.remaining !== undefined) lane.remaining = Math.max(0, lane.remaining - 1);
      lane.nextSlot = now + this.spacing(lane, now);
      head.start();
    }
  }

  /** The gap before the next call: none while a fifth of the window is left, else the rest spread evenly. */
  private spacing(lane: Lane, now: number): number {
    if (lane.limit === undefined || lane.remaining === undefined || lane.resetAt === undefined) return 0;
    if (lane.remaining >= Math.max(1, lane.limit * SPACING_SHARE)) return 0;
    return Math.max(0, lane.resetAt - now) / (lane.remaining + 1);
  }

  private sleep(lane: Lane, at: number): void {
    if (lane.timer !== undefined) {
      if (lane.wakeAt <= at) return;
      this.clock.clearTimeout(lane.timer);
    }
    lane.wakeAt = at;
    lane.timer = this.clock.setTimeout(
      () => {
        lane.timer = undefined;
        this.pump(lane);
      },
      Math.max(0, at - this.clock.now()),
    );
  }
}
