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
