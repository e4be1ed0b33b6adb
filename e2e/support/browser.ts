/** Debian's Chromium driven by playwright-core (browsers are never downloaded), a fresh context per test. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell` (the same Chromium release, built as the headless shell without the browser's
 * own UI: Playwright's own choice for headless runs). The end-to-end files' shared Chromium is this one when it is
 * installed (.ci/run installs it), else `CHROMIUM`. The whole e2e project on 2 cores, under the CPU lock, 292 tests
 * passed both ways: Chromium's CPU 285.0 → 197.7 CPU-s (renderers 168.6 → 126.3, browser process 77.4 → 40.7), the
 * run's own 452.0 → 359.8 CPU-s, 272.6 → 225.4 s. The benchmarks keep the full Chromium (`launchBrowser` without the
 * shared one): their figures are the app's in the browser people use.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Headless Chromium with flags that keep it quiet and container-friendly. `--process-per-site`: the pages of one
 * site in one context share a renderer process, so a spec file's tests, each a new page of the file's kept context
 * (rig.ts), reuse the warm renderer of its keeper page rather than start one each (0.66 → 0.45-0.47 CPU-s of
 * Chromium per test's opening of the app, rig.ts). Contexts never share a renderer, so files never do.
 */
const LAUNCH = {
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
    '--process-per-site',
  ],
};

/**
 * The environment variable through which the end-to-end global setup hands its Chromium's endpoint to the test
 * files (forked after the setup ran, they inherit it).
 */
export const SHARED_CHROMIUM = 'DOCS_ADMIN_E2E_CHROMIUM';

/**
 * Launches the Chromium the end-to-end files share (the global setup does, once per run; the headless shell when
 * installed) and answers its endpoint: a launch costs about a second of CPU per file, and each file still works in
 * contexts of its own.
 */
export async function launchSharedBrowser(): Promise<BrowserServer> {
  return chromium.launchServer(
    existsSync(CHROMIUM_HEADLESS_SHELL) ? { ...LAUNCH, executablePath: CHROMIUM_HEADLESS_SHELL } : LAUNCH,
  );
}

/**
 * A Chromium for one spec file: a connection to the shared one when the global setup started it (closing it closes
 * the contexts this file opened, and only those), else a Chromium of its own (a benchmark, a file run outside
 * Vitest).
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[SHARED_CHROMIUM];
  return endpoint === undefined || endpoint === '' ? chromium.launch(LAUNCH) : chromium.connect(endpoint);
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
