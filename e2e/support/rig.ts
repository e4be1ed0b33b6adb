/** What a people, teams or organization spec file starts: the app on its own data folder, Chromium, the sandbox API. */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchApp, type RunningApp } from './app.ts';
import { launchBrowser, openTab, type Tab } from './browser.ts';
import { assertKeychainReachable } from './keychain.ts';
import { startTogether } from './process.ts';
import { sandboxApi, type SandboxApi } from './sandbox-api.ts';
import { keepFailureScreenshot } from './screenshots.ts';

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

/** A spec file's rig and the current test's tab, as hooks set them. */
export interface RigSession {
  readonly rig: Rig;
  readonly tab: Tab;
}

/**
 * Registers the hooks every people, teams and organization spec uses: one rig per file, a fresh tab per test, a
 * screenshot kept when a test fails. Call it inside `describe`.
 */
export function useRig(): RigSession {
  let rig: Rig | undefined;
  let tab: Tab | undefined;
  beforeAll(async () => {
    rig = await startRig();
  }, 60_000);
  afterAll(async () => {
    await rig?.stop();
  });
  beforeEach(async () => {
    tab = await (rig as Rig).tab();
  });
  afterEach(async ({ task }) => {
    if (tab === undefined) return;
    await keepFailureScreenshot(task.result?.state, task.name, tab.page);
    await tab.context.close();
  });
  return {
    get rig() {
      if (rig === undefined) throw new Error('the rig is not started yet (use it inside a test or hook)');
      return rig;
    },
    get tab() {
      if (tab === undefined) throw new Error('no tab yet (use it inside a test)');
      return tab;
    },
  };
}
