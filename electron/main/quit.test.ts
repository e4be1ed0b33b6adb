import { afterEach, describe, expect, it, vi } from 'vitest';
import { quitAfterStopping } from './quit.ts';

const quitEvent = () => ({ preventDefault: vi.fn() });

afterEach(() => vi.useRealTimers());

describe('quitAfterStopping', () => {
  it('holds the first quit until the core has stopped, then quits for real', async () => {
    let finish!: () => void;
    const stop = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const quit = vi.fn();
    const onBeforeQuit = quitAfterStopping(stop, quit);
    const first = quitEvent();
    onBeforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    const second = quitEvent();
    onBeforeQuit(second);
    expect(second.preventDefault).toHaveBeenCalled();
    await Promise.resolve();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(quit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    const last = quitEvent();
    onBeforeQuit(last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });

  it('quits even when stopping fails or hangs', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = vi.fn();
    quitAfterStopping(() => Promise.reject(new Error('nope')), failing)(quitEvent());
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalled();

    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hanging = vi.fn();
    quitAfterStopping(() => new Promise<void>(() => undefined), hanging, 1_000)(quitEvent());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hanging).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
  });
});
