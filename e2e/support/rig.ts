/** What a people, teams or organization spec file starts: the app on its own data folder, Chromium, the sandbox API. */
import type { Browser } from 'playwright-core';
import { launchApp, type RunningApp } from './app.ts';
import { launchBrowser, openTab, type Tab } from './browser.ts';
import { assertKeychainReachable } from './keychain.ts';
import { startTogether } from './process.ts';
import { sandboxApi, type SandboxApi } from './sandbox-api.ts';

/** The demo organization the sandbox opens on. */
export const DEMO_ORG = 'Acme Docs';

/** A viewport large enough for the members table beside the teams panel (and for the screenshots). */
export const WIDE = { width: 1440, height: 900 };

/** One spec file's running app, browser and API helpers. */
export interface Rig {
  running: RunningApp;
  browser: Browser;
  api: SandboxApi;
  /** The id of the demo organization ("Acme Docs"). */
  orgId: string;
  /** A fresh context and page at the wide viewport; the caller closes its context. */
  tab(): Promise<Tab>;
  /** Stops what was started (every part that did start, even if another failed). */
  stop(): Promise<void>;
}

/** Starts browser mode on a fresh data folder and Chromium together, then opens the sandbox API. */
export async function startRig(): Promise<Rig> {
  assertKeychainReachable();
  let running: RunningApp | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await Promise.allSettled([browser?.close(), running?.stop()]);
  };
  try {
    await startTogether(
      launchApp().then((started) => (running = started)),
      launchBrowser().then((started) => (browser = started)),
    );
    const app = running!;
    const chromium = browser!;
    const api = await sandboxApi(app.url);
    const orgId = await api.orgId(DEMO_ORG);
    return {
      running: app,
      browser: chromium,
      api,
      orgId,
      tab: () => openTab(chromium, { viewport: WIDE }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
