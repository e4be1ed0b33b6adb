import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './warm-up.ts';

describe('whenQuiet', () => {
  let now = 0;
  let lastRequestAt = 0;
  /** Moves both the timers and the clock. */
  const pass = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    lastRequestAt = 0;
  });
  afterEach(() => vi.useRealTimers());
  /** Waits for 1 s of quiet; `quiet` turns true once it resolves. */
  const watch = () => {
    const state = { quiet: false };
    void whenQuiet(
      () => lastRequestAt,
      1_000,
      () => now,
    ).then(() => void (state.quiet = true));
    return state;
  };

  it('resolves once no request arrived for the quiet time, and waits while they keep coming', async () => {
    const state = watch();
    for (let i = 0; i < 5; i++) {
      await pass(700);
      lastRequestAt = now;
    }
    expect(state.quiet).toBe(false);
    await pass(999);
    expect(state.quiet).toBe(false);
    await pass(1);
    expect(state.quiet).toBe(true);
  });

  it('resolves after the quiet time when nothing is asked at all', async () => {
    const state = watch();
    await pass(1_000);
    expect(state.quiet).toBe(true);
  });
});
