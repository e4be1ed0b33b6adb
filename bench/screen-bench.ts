/**
 * What the `tree` and `sites` suites share: opening a screen of the app in Chromium with a first-render probe,
 * naming the measurement that failed, scrolling a list through, loading one endpoint of the server alone, and the
 * figures' formatting.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningApp } from '../e2e/support/app.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { startChild } from './children.ts';
import { load, probe, type LoadOptions, type LoadResult, type Target } from './load.ts';
import { scrollToEnd, type ScrollFigures, type ScrollRequest } from './scroll-probe.ts';
import { probeFirstRender, type FirstRenderWatch } from './ui-probes.ts';

/** A page of the app in its own browser, past the start-up redirect, with the first-render probe installed. */
export interface OpenedApp {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Launches Chromium on the app, with `watch` as the first-render probe of every load. */
export async function openApp(app: RunningApp, watch: FirstRenderWatch): Promise<OpenedApp> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(probeFirstRender, watch);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(app.url);
    await page.getByTestId('sidebar').waitFor({ timeout: 30_000 });
    // The start redirects to the last organization: let it land, or it may overtake the suite's own navigation.
    await page.waitForURL(/#\/p\/[^/]+\/orgs\/[^/]+/, { timeout: 30_000 });
    return { browser, context, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Runs one measurement; a failure names it, with the probes' marks and a screenshot (`test-results/`). */
export async function step<T>(page: Page, suite: string, name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const marks = await page
      .evaluate(() => {
        const g = globalThis as unknown as Record<string, unknown>;
        return {
          first: g['treeFirst'],
          expand: g['treeExpand'],
          drop: g['treeDrop'],
          url: (g['location'] as { href: string }).href,
        };
      })
      .catch(() => ({}));
    await page.screenshot({ path: `test-results/bench-${suite}-failure.png` }).catch(() => undefined);
    throw new Error(`${name}: ${(error as Error).message} ${JSON.stringify(marks)}`);
  }
}

/**
 * Loads `makeTarget`'s endpoint on the server alone (a child on `<dataDir>/sandbox`): one request that must answer
 * 200, a short warm-up, then the measured load.
 */
export async function loadServerAlone(
  dataDir: string,
  makeTarget: (baseUrl: string) => Target,
  options: LoadOptions,
): Promise<LoadResult> {
  const server = await startChild(
    join(import.meta.dirname, 'serve-child.ts'),
    [join(dataDir, 'sandbox')],
    [...SERVER_NODE_FLAGS],
  );
  try {
    const target = makeTarget(server.baseUrl);
    const { status, body } = await probe(target);
    if (status !== 200) throw new Error(`warm-up: ${target.label} answered ${status}: ${body.slice(0, 300)}`);
    await load(target, { connections: options.connections, duration: Math.min(2, options.duration) });
    console.log(`measuring ${target.label} (${options.connections} connections, ${options.duration} s)…`);
    return await load(target, options);
  } finally {
    await server.stop();
  }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const runsOf = (values: number[]) => values.map(ms).join(', ');
/** A figure against its target, "met" or "not met" (information only). */
export const verdict = (value: number, target: number) =>
  `${ms(value)} (target < ${target} ms: ${value < target ? 'met' : 'not met'})`;

/** The one-row table of a loaded endpoint. */
export function loadRow(label: string, run: LoadResult): string[] {
  return [
    label,
    run.result.requests.average.toFixed(0),
    run.p50Ms.toFixed(2),
    run.p99Ms.toFixed(2),
    String(run.result.non2xx),
    String(run.result.errors),
  ];
}
export const LOAD_HEADER = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];

/** Scrolls a list of the page from its top to its end, one viewport (its height) per frame. */
export async function scrollThrough(
  page: Page,
  request: Omit<ScrollRequest, 'step' | 'limitMs'>,
): Promise<{ scroll: ScrollFigures; step: number }> {
  const step = await page.locator(request.container).evaluate((element) => {
    const list = element as unknown as { scrollTop: number; clientHeight: number };
    list.scrollTop = 0;
    return list.clientHeight;
  });
  // Two frames, so that the list has drawn its top before the first timed frame.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const g = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
        g.requestAnimationFrame(() => g.requestAnimationFrame(() => resolve(undefined)));
      }),
  );
  const scroll = await page.evaluate(scrollToEnd, { ...request, step, limitMs: 300_000 });
  return { scroll, step };
}

/** Requests in flight per page opened by `openApp`, and when that count last changed (for `settle`). */
const traffic = new WeakMap<Page, { inFlight: number; lastChange: number }>();

function trackRequests(page: Page): void {
  const state = { inFlight: 0, lastChange: performance.now() };
  traffic.set(page, state);
  page.on('request', () => {
    state.inFlight++;
    state.lastChange = performance.now();
  });
  const ended = () => {
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.lastChange = performance.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Resolves once a page opened by `openApp` has had no request in flight for `quietMs` (true), or after `timeoutMs`
 * (false): the reads its screen sends in the background are done. The organization Overview, where the app opens, has
 * its to-do list check outdated requests' merges one after another (300–450 ms of the server each on the `review`
 * suite's requests, seven of them). A suite that measures a later load waits for it: the browser drops a left page's
 * requests, but the host and the server finish them, and the measured load then shared the server with them.
 */
export async function settle(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<boolean> {
  const state = traffic.get(page);
  if (state === undefined) throw new Error('settle: the page was not opened by openApp');
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (state.inFlight === 0 && performance.now() - state.lastChange >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
