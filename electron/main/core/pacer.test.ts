// The pacer on a clock the test moves: turns wait for the window's reset, spread the last fifth, back off after 429.
import { describe, expect, it } from 'vitest';
import { Pacer, type PacerClock, type RateHeaders, type Turn } from './pacer.ts';

/** A clock and timers that move only when the test says. */
class TestClock implements PacerClock {
  time = 1_000_000_000_000;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private next = 0;
  now(): number {
    return this.time;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  /** Moves to `at`, running every timer due on the way, in order. */
  advanceTo(at: number): void {
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= at).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.run();
    }
    this.time = at;
  }
  advance(ms: number): void {
    this.advanceTo(this.time + ms);
  }
}

const KEY = 'profile';

/** Turns asked for, and which were given so far. */
function ask(pacer: Pacer, count: number, signal?: AbortSignal) {
  const given: (Turn | undefined)[] = [];
  const settled: boolean[] = Array.from({ length: count }, () => false);
  const all = Array.from({ length: count }, (_, index) =>
    pacer.turn(KEY, signal).then((turn) => {
      given[index] = turn;
      settled[index] = true;
      return turn;
    }),
  );
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { given, settled, all, flush, started: () => settled.filter(Boolean).length };
}

function headers(limit: number, remaining: number, resetAt: number, retryAfter?: number): RateHeaders {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
    ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
  };
}

describe('Pacer', () => {
  it('lets every call go at once while the API sends no rate-limit headers', async () => {
    const pacer = new Pacer(new TestClock());
    const calls = ask(pacer, 20);
    await calls.flush();
    expect(calls.started()).toBe(20);
    for (const turn of calls.given) turn!.done(200, {});
    expect(pacer.status(KEY)).toEqual({ queued: 0, waitMs: 0 });
  });

  it('holds calls while the window is spent, and lets them go at its reset', async () => {
    const clock = new TestClock();
    const pacer = new Pacer(clock);
    const first = ask(pacer, 1);
    await first.flush();
    const resetAt = clock.now() + 6_000;
    first.given[0]!.done(200, headers(60, 0, resetAt));
    const waiting = ask(pacer, 3);
    await waiting.flush();
    expect(waiting.started()).toBe(0);
    const status = pacer.status(KEY);
    expect(status).toMatchObject({ queued: 3, limit: 60, remaining: 0, resetAt });
    expect(status.waitMs).toBe(6_250);
    clock.advance(6_000);
    await waiting.flush();
    expect(waiting.started()).toBe(0);
    clock.advance(250);
    await waiting.flush();
    expect(waiting.started()).toBe(3);
  });

  it('counts calls under way as spent, and spreads the last fifth of the window evenly', async () => {
    const clock = new TestClock();
    const pacer = new Pacer(clock);
    const resetAt = clock.now() + 10_000;
    const probe = ask(pacer, 1);
    await probe.flush();
    probe.given[0]!.done(200, headers(10, 5, resetAt));
    // 5 left: 4 go at once (down to 1, under a fifth of 10), the next once half the time left has passed.
    const calls = ask(pacer, 5);
    await calls.flush();
    expect(calls.started()).toBe(4);
    expect(pacer.status(KEY)).toMatchObject({ remaining: 1, queued: 1, waitMs: 5_000 });
    clock.advance(4_999);
    await calls.flush();
    expect(calls.started()).toBe(4);
    clock.advance(1);
    await calls.flush();
    expect(calls.started()).toBe(5);
    expect(pacer.status(KEY).remaining).toBe(0);
  });

  it('after a 429 waits for Retry-After, or the reset, or a second, and a retry keeps its place', async () => {
    const clock = new TestClock();
    const pacer = new Pacer(clock);
    const cases: [() => RateHeaders, number][] = [
      [() => ({ 'retry-after': '3' }), 3_000],
      [() => headers(60, 0, clock.now() + 20_000), 20_250],
      [() => ({}), 1_000],
    ];
    for (const [answerOf, wait] of cases) {
      const call = ask(pacer, 1);
      await call.flush();
      const from = clock.now();
      call.given[0]!.done(429, answerOf());
      const later = ask(pacer, 1);
      const retry = pacer.turn(KEY, undefined, { front: true });
      let retried = false;
      void retry.then(() => (retried = true));
      await later.flush();
      expect(pacer.status(KEY)).toMatchObject({ queued: 2, waitMs: wait });
      clock.advanceTo(from + wait - 1);
      await later.flush();
      expect(retried).toBe(false);
      clock.advanceTo(from + wait);
      await later.flush();
      expect(retried).toBe(true);
      expect(later.started()).toBe(1);
      (await retry)!.done(200, {});
      later.given[0]!.done(200, {});
      clock.advance(60_000);
    }
  });

  it('lets the user\u2019s calls go before a long job\u2019s while the window is spent', async () => {
    const clock = new TestClock();
    const pacer = new Pacer(clock);
    const first = ask(pacer, 1);
    await first.flush();
    first.given[0]!.done(200, headers(60, 0, clock.now() + 5_000));
    const order: string[] = [];
    const queue = (name: string, background: boolean) =>
      pacer.turn(KEY, undefined, { background }).then((turn) => {
        order.push(name);
        turn!.done(200, {});
      });
    const all = [queue('job 1', true), queue('job 2', true), queue('click', false), queue('job 3', true)];
    clock.advance(5_250);
    await Promise.all(all);
    expect(order).toEqual(['click', 'job 1', 'job 2', 'job 3']);
  });

  it('drops a waiting call whose signal aborts, and forgets a lane', async () => {
    const clock = new TestClock();
    const pacer = new Pacer(clock);
    const first = ask(pacer, 1);
    await first.flush();
    first.given[0]!.done(200, headers(5, 0, clock.now() + 5_000));
    const controller = new AbortController();
    const waiting = ask(pacer, 2, controller.signal);
    await waiting.flush();
    controller.abort();
    expect(await Promise.all(waiting.all)).toEqual([undefined, undefined]);
    expect(pacer.status(KEY).queued).toBe(0);
    const orphan = ask(pacer, 1);
    await orphan.flush();
    pacer.forget(KEY);
    expect(await orphan.all[0]).toBeUndefined();
    expect(pacer.status(KEY)).toEqual({ queued: 0, waitMs: 0 });
  });
});
