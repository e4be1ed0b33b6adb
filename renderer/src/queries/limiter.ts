/**
 * Runs tasks with at most `limit` at a time, the others waiting their turn in order; a task run with `later` waits
 * behind every task that is not (a background job does not hold up what the screen shows).
 */
export function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const waitingLater: (() => void)[] = [];
  return async <T>(task: () => Promise<T>, later = false): Promise<T> => {
    if (running >= limit)
      await new Promise<void>((resolve) => (later ? waitingLater : waiting).push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      (waiting.shift() ?? waitingLater.shift())?.();
    }
  };
}
