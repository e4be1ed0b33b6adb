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
