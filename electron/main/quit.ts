/** Quitting: the core (local server, pending requests) is stopped and awaited before the app really quits. */

/** How long a stop may take before the app quits anyway. */
export const STOP_TIMEOUT_MS = 10_000;

/** The part of Electron's `before-quit` event the guard uses. */
export interface QuitEvent {
  preventDefault(): void;
}

/**
 * A `before-quit` listener: the first quit is held while `stop` runs (at most `timeoutMs`), then `quit` is called
 * again and goes through; quits asked for meanwhile are held too.
 */
export function quitAfterStopping(
  stop: () => Promise<void>,
  quit: () => void,
  timeoutMs = STOP_TIMEOUT_MS,
): (event: QuitEvent) => void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  return (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.warn('the app did not stop in time; quitting anyway');
        resolve();
      }, timeoutMs);
    });
    Promise.race([Promise.resolve().then(stop), timeout])
      .catch((error: unknown) => {
        console.error(`stopping the app failed: ${error instanceof Error ? error.message : 'unknown error'}`);
      })
      .finally(() => {
        clearTimeout(timer);
        state = 'stopped';
        quit();
      });
  };
}

/** The part of a window the quit needs: close it, and hear whether it closed or its page kept it open. */
export interface QuitWindow {
  isDestroyed(): boolean;
  close(): void;
  once(event: 'closed', listener: () => void): unknown;
  removeListener(event: 'closed', listener: () => void): unknown;
  webContents: { once(event: 'will-prevent-unload', listener: () => void): unknown };
}

/**
 * A `before-quit` listener that closes the window first, so that its page may keep it open (unsaved edits: it then
 * asks Save / Discard / Stay itself, and closes the window once answered). Only a window that closed lets the quit
 * go on, to `next` (which stops the core): a quit refused by the page leaves the app and its core running.
 */
export function quitAfterClosing(
  window: () => QuitWindow | null,
  next: (event: QuitEvent) => void,
  quit: () => void,
): (event: QuitEvent) => void {
  let closing = false;
  return (event) => {
    const open = window();
    if (open === null || open.isDestroyed()) return next(event);
    event.preventDefault();
    if (closing) return;
    closing = true;
    const onClosed = () => {
      closing = false;
      quit();
    };
    open.once('closed', onClosed);
    open.webContents.once('will-prevent-unload', () => {
      closing = false;
      open.removeListener('closed', onClosed);
    });
    open.close();
  };
}
