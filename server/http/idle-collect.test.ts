import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleCollector } from './idle-collect.ts';

describe('IdleCollector', () => {
  let now = 0;
  let collected = 0;
  let rss = 100;
  const collector = (minRequests = 3) =>
    new IdleCollector({
      idleMs: 1_000,
      minRequests,
      minGrowthBytes: 20,
      collect: () => void (collected += 1),
      now: () => now,
      rss: () => rss,
    });
  /** Moves both the timers and the collector's clock. */
  const pass = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    collected = 0;
    rss = 100;
  });
  afterEach(() => vi.useRealTimers());

  it('collects once when the requests stop for the idle time, and not again while nothing is asked', () => {
    const idle = collector();
    for (let i = 0; i < 3; i++) idle.answered();
    pass(999);
    expect(collected).toBe(0);
    pass(1);
    expect(collected).toBe(1);
    pass(60_000);
    expect(collected).toBe(1);
  });

  it('waits while requests keep coming', () => {
    const idle = collector();
    for (let i = 0; i < 3; i++) idle.answered();
    for (let i = 0; i < 10; i++) {
      pass(600);
      idle.answered();
    }
    expect(collected).toBe(0);
    pass(1_000);
    expect(collected).toBe(1);
  });

  it('does not collect after fewer requests than the minimum, and counts again after a collection', () => {
    const idle = collector();
    idle.answered();
    idle.answered();
    pass(5_000);
    expect(collected).toBe(0);
    idle.answered();
    pass(1_000);
    expect(collected).toBe(1);
    idle.answered();
    pass(5_000);
    expect(collected).toBe(1);
  });

  it('collects after a few requests that grew RSS, and measures the next growth from where it left RSS', () => {
    const idle = new IdleCollector({
      idleMs: 1_000,
      minRequests: 1_000,
      minGrowthBytes: 20,
      collect: () => {
        collected += 1;
        rss = 110;
      },
      now: () => now,
      rss: () => rss,
    });
    idle.answered();
    rss = 119;
    pass(1_000);
    expect(collected).toBe(0);
    idle.answered();
    rss = 120;
    pass(1_000);
    expect(collected).toBe(1);
    idle.answered();
    rss = 125;
    pass(1_000);
    expect(collected).toBe(1);
    idle.answered();
    rss = 130;
    pass(1_000);
    expect(collected).toBe(2);
  });

  it('measures growth from the lowest RSS seen when idle, not from a peak', () => {
    const idle = collector(1_000);
    rss = 80;
    idle.answered();
    pass(1_000);
    expect(collected).toBe(0);
    rss = 100;
    idle.answered();
    pass(1_000);
    expect(collected).toBe(1);
  });

  it('stops: a collection pending is dropped', () => {
    const idle = collector(1);
    idle.answered();
    idle.stop();
    pass(5_000);
    expect(collected).toBe(0);
  });

  it('does nothing without a collector', () => {
    const idle = new IdleCollector({
      idleMs: 1_000,
      minRequests: 1,
      minGrowthBytes: 20,
      collect: undefined,
      now: () => now,
      rss: () => rss,
    });
    idle.answered();
    pass(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("by default makes V8's last-resort collection, the one that also gives the empty pages back", () => {
    const calls: unknown[] = [];
    vi.stubGlobal('gc', (options: unknown) => void calls.push(options));
    try {
      const idle = new IdleCollector({ idleMs: 1_000, minRequests: 1, minGrowthBytes: 20, now: () => now });
      idle.answered();
      pass(1_000);
      expect(calls).toEqual([{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
