/** Startup of the app in browser mode: from spawning the process, and from the page starting to load, to the overview. */
import type { Browser } from 'playwright-core';
import { launchApp } from '../e2e/support/app.ts';
import type { PageGlobals } from '../e2e/support/page-globals.ts';
import { profiled } from './page-profile.ts';

/** One cold start on a fresh data directory (so the demo data is seeded, as on a first launch). */
export interface StartupRun {
  /** Spawning browser mode → the launch URL printed. */
  hostReadyMs: number;
  /** Spawning browser mode → the overview's title visible in Chromium (Chromium already running). */
  launchToOverviewMs: number;
  /** The page's navigation start (performance.now() origin) → the overview's title in the DOM. */
  pageToOverviewMs: number;
  /** Navigation start → the HTML document received. */
  documentMs: number;
  /** Navigation start → DOMContentLoaded handled (the scripts ran). */
  domContentLoadedMs: number;
}

/** The demo organization the local sandbox opens on (deterministic seed). */
const DEMO_TITLE = 'Acme Docs';

/** Runs in the page before its scripts: notes when the overview's title first shows the organization's title. */
function recordOverview(expected: string): void {
  const page = globalThis as unknown as PageGlobals;
  const observer = new page.MutationObserver(() => {
    const title = page.document.querySelector('[data-testid="org-title"]');
    if (title?.textContent?.trim() !== expected) return;
    page.overviewRenderedAt = page.performance.now();
    observer.disconnect();
  });
  observer.observe(page.document, { childList: true, subtree: true, characterData: true });
}

/**
 * Launches browser mode on a fresh data directory and opens it in a fresh Chromium context; with `profile`, the
 * page's load (navigation → the overview's title visible) is profiled into `<profile.dir>/<profile.name>.cpuprofile`.
 */
export async function measureStartup(
  browser: Browser,
  profile?: { dir: string | undefined; name: string },
): Promise<StartupRun> {
  const start = performance.now();
  const app = await launchApp();
  const hostReadyMs = performance.now() - start;
  const context = await browser.newContext();
  try {
    await context.addInitScript(recordOverview, DEMO_TITLE);
    const page = await context.newPage();
    await profiled(page, profile?.dir, profile?.name ?? 'app-startup', async () => {
      await page.goto(app.url, { waitUntil: 'commit' });
      await page
        .getByTestId('org-title')
        .filter({ hasText: DEMO_TITLE })
        .waitFor({ state: 'visible', timeout: 30_000 });
    });
    const launchToOverviewMs = performance.now() - start;
    const inPage = await page.evaluate(() => {
      const { performance, overviewRenderedAt } = globalThis as unknown as PageGlobals;
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        overview: overviewRenderedAt ?? Number.NaN,
        document: navigation?.responseEnd ?? Number.NaN,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      };
    });
    return {
      hostReadyMs,
      launchToOverviewMs,
      pageToOverviewMs: inPage.overview,
      documentMs: inPage.document,
      domContentLoadedMs: inPage.domContentLoaded,
    };
  } finally {
    await context.close();
    await app.stop();
  }
}
