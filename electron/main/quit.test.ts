import { afterEach, describe, expect, it, vi } from 'vitest';
import { quitAfterClosing, quitAfterStopping } from './quit.ts';

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

describe('quitAfterClosing', () => {
  /** A window whose page keeps it open (`keep`) or lets it close. */
  function fakeWindow(keep: boolean) {
    const closed = new Set<() => void>();
    let prevented: (() => void) | undefined;
    let destroyed = false;
    return {
      isDestroyed: () => destroyed,
      close: vi.fn(() => {
        if (keep) return prevented?.();
        destroyed = true;
        for (const listener of closed) listener();
      }),
      once: (_event: 'closed', listener: () => void) => closed.add(listener),
      removeListener: (_event: 'closed', listener: () => void) => closed.delete(listener),
      webContents: { once: (_event: 'will-prevent-unload', listener: () => void) => (prevented = listener) },
      closedListeners: closed,
    };
  }

  it('closes the window first, then quits again, and only then lets the core stop', () => {
    const window = fakeWindow(false);
    const next = vi.fn();
    const quit = vi.fn();
    const onBeforeQuit = quitAfterClosing(() => window, next, quit);
    const first = quitEvent();
    onBeforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(window.close).toHaveBeenCalledTimes(1);
    expect(quit).toHaveBeenCalledTimes(1);
    expect(next).not.toHaveBeenCalled();
    const second = quitEvent();
    onBeforeQuit(second);
    expect(next).toHaveBeenCalledWith(second);
  });

  it('leaves the app running when the page keeps its window open, and tries again on the next quit', () => {
    const window = fakeWindow(true);
    const next = vi.fn();
    const quit = vi.fn();
    const onBeforeQuit = quitAfterClosing(() => window, next, quit);
    onBeforeQuit(quitEvent());
    expect(quit).not.toHaveBeenCalled();
    expect(next).not.toHaveBeenCalled();
    expect(window.closedListeners.size).toBe(0);
    onBeforeQuit(quitEvent());
    expect(window.close).toHaveBeenCalledTimes(2);
  });

  it('goes straight on when no window is open', () => {
    const next = vi.fn();
    const event = quitEvent();
    quitAfterClosing(() => null, next, vi.fn())(event);
    expect(next).toHaveBeenCalledWith(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
