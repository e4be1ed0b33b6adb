/** Debian's Chromium driven by playwright-core (browsers are never downloaded), a fresh context per test. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/** Launches headless Chromium with flags that keep it quiet and container-friendly. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** A fresh context (no cookies, no storage) and one page in it. */
export interface Tab {
  context: BrowserContext;
  page: Page;
}

/** Opens a fresh context and page (at Playwright's default viewport unless given); callers close the context. */
export async function openTab(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Tab> {
  const context = await browser.newContext(
    options.viewport === undefined ? {} : { viewport: options.viewport },
  );
  // Fail a missing element well inside the test's own time limit, with Playwright's message.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}
