/** Reading what a probe recorded in the page: the benchmark suites' probes keep their marks in a global object. */
import type { Page } from 'playwright-core';

/** Waits until the page's global `name` has `mark`, then answers every mark it holds (performance.now() values). */
export async function waitForMarks(
  page: Page,
  name: string,
  mark: string,
  timeoutMs = 30_000,
): Promise<Record<string, number>> {
  await page.waitForFunction(
    ({ name, mark }) =>
      (globalThis as unknown as Record<string, Record<string, number> | undefined>)[name]?.[mark] !==
      undefined,
    { name, mark },
    { timeout: timeoutMs, polling: 50 },
  );
  return page.evaluate(
    (name) => ({ ...(globalThis as unknown as Record<string, Record<string, number> | undefined>)[name] }),
    name,
  );
}

/** One `performance` entry of the page (a mark or a measure), as performance.now() values. */
export interface PerformanceEntryFigures {
  startTime: number;
  duration: number;
}

/**
 * Waits until the page's `performance` timeline has an entry (mark or measure) of each name, then answers the first
 * entry of each name: the ones the app sets itself with `performance.mark` / `performance.measure`.
 */
export async function waitForPerformanceEntries(
  page: Page,
  names: readonly string[],
  timeoutMs = 30_000,
): Promise<Record<string, PerformanceEntryFigures>> {
  type Timeline = { performance: { getEntriesByName(name: string): PerformanceEntryFigures[] } };
  await page.waitForFunction(
    (names) =>
      names.every(
        (name) => (globalThis as unknown as Timeline).performance.getEntriesByName(name).length > 0,
      ),
    names,
    { timeout: timeoutMs, polling: 50 },
  );
  return page.evaluate((names) => {
    const found: Record<string, PerformanceEntryFigures> = {};
    for (const name of names) {
      const entry = (globalThis as unknown as Timeline).performance.getEntriesByName(name)[0]!;
      found[name] = { startTime: entry.startTime, duration: entry.duration };
    }
    return found;
  }, names);
}
