/**
 * What a spec file starts: the app on its own data folder, Chromium, the sandbox API; with `twoUsers`, also a second
 * server (the team's shared API) and two of its demo people, each signed in through a profile of their own.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchApp, type RunningApp } from './app.ts';
import { launchBrowser, openTab, type Tab } from './browser.ts';
import { callBridge, openSession } from './http.ts';
import { assertKeychainReachable } from './keychain.ts';
import { startTogether } from './process.ts';
import { sandboxApi, type SandboxApi } from './sandbox-api.ts';
import { keepFailureScreenshot } from './screenshots.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';

/** The demo organization the sandbox opens on. */
export const DEMO_ORG = 'Acme Docs';

/** A viewport large enough for the members table beside the teams panel (and for the screenshots). */
export const WIDE = { width: 1440, height: 900 };

/** One person signed in to the app through a profile of their own. */
export interface RigUser {
  /** Their display name in the demo data. */
  name: string;
  userId: string;
  /** Their profile in the app (a route's `/p/<profileId>/…`). */
  profileId: string;
  /** The API as they reach it: through their profile, with their token. */
  api: SandboxApi;
}

/** The demo people a two-user rig signs in: a change request's author and a reviewer. */
export interface TwoUsers {
  server: SecondServer;
  /** "Acme Docs" on the second server. */
  orgId: string;
  /** Ada Lovelace, an admin of the organization. */
  author: RigUser;
  /** Margaret Hamilton, who has the review role. */
  reviewer: RigUser;
}

/** Who a two-user rig signs in, and with what. */
const TWO_USERS = { author: 'Ada Lovelace', reviewer: 'Margaret Hamilton' } as const;

/** One spec file's running app, browser and API helpers. */
export interface Rig {
  running: RunningApp;
  browser: Browser;
  api: SandboxApi;
  /** The id of the demo organization ("Acme Docs"). */
  orgId: string;
  /** With `twoUsers`: the second server and the two people signed in to it (else `undefined`). */
  users: TwoUsers | undefined;
  /** A fresh context and page at the wide viewport; the caller closes its context. */
  tab(): Promise<Tab>;
  /** Stops what was started (every part that did start, even if another failed). */
  stop(): Promise<void>;
}

/**
 * Adds a profile for `name` (a demo person of `server`) to the running app, with a fresh token of theirs kept for the
 * session only, and answers them as signed in.
 */
async function signIn(app: RunningApp, server: SecondServer, name: string): Promise<RigUser> {
  const email = server.demoTokens.find((entry) =>
    entry.email.startsWith(`${name.toLowerCase().replace(/[^a-z]+/g, '.')}@`),
  )?.email;
  if (email === undefined) throw new Error(`the second server's demo has no ${name}`);
  const token = await server.mintToken(email);
  const added = await callBridge(await openSession(app.url), 'profiles.add', {
    name: `${name} (shared)`,
    baseUrl: server.baseUrl,
    token,
    sessionOnly: true,
  });
  if (!added.ok) throw new Error(`profiles.add for ${name}: ${added.error.message}`);
  const api = await sandboxApi(app.url, added.value.id);
  const me = await api.call('GET', '/v1/user');
  const userId = (me.body as { id?: unknown }).id;
  if (me.status !== 200 || typeof userId !== 'string')
    throw new Error(`GET /v1/user as ${name}: HTTP ${me.status}`);
  return { name, userId, profileId: added.value.id, api };
}

/**
 * Starts browser mode on a fresh data folder and Chromium together (and with `twoUsers` the second server), then
 * opens the sandbox API (and signs the two people in).
 */
export async function startRig(options: { twoUsers?: boolean } = {}): Promise<Rig> {
  assertKeychainReachable();
  let running: RunningApp | undefined;
  let browser: Browser | undefined;
  let server: SecondServer | undefined;
  const stop = async () => {
    await Promise.allSettled([browser?.close(), running?.stop(), server?.stop()]);
  };
  try {
    await startTogether(
      launchApp().then((started) => (running = started)),
      launchBrowser().then((started) => (browser = started)),
      options.twoUsers === true
        ? startSecondServer().then((started) => (server = started))
        : Promise.resolve(),
    );
    const app = running!;
    const chromium = browser!;
    const api = await sandboxApi(app.url);
    const orgId = await api.orgId(DEMO_ORG);
    let users: TwoUsers | undefined;
    if (server !== undefined) {
      const author = await signIn(app, server, TWO_USERS.author);
      const reviewer = await signIn(app, server, TWO_USERS.reviewer);
      users = { server, orgId: await author.api.orgId(DEMO_ORG), author, reviewer };
    }
    return {
      running: app,
      browser: chromium,
      api,
      orgId,
      users,
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

/** The two people of a rig started with `twoUsers`. */
export function twoUsersOf(rig: Rig): TwoUsers {
  if (rig.users === undefined)
    throw new Error('this rig signs in one user: start it with useRig({ twoUsers: true })');
  return rig.users;
}

/**
 * A tab for the next test of a file: a new page in the file's context once that context's cookies, permissions,
 * storage of the app's origin (Web Storage, IndexedDB, Cache Storage…) and HTTP cache are cleared, so that the test
 * finds what a fresh context gives it. Measured on 2 cores (a fresh context, page and opening of the app, then closed,
 * in a loop): Chromium spent 1.3-1.5 CPU-s per test's tab in a fresh context, 0.69 CPU-s in a cleared one. About 120
 * tests take such a tab: some 80 CPU-s of a CI run whose every phase keeps both cores 94-95 % busy (/proc/stat).
 */
async function clearedTab(context: BrowserContext, origin: string): Promise<Tab> {
  // The page first: the storage and cache it clears are its context's; it has shown nothing yet (about:blank).
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.clearCookies();
  await context.clearPermissions();
  return { context, page };
}

/**
 * Registers the hooks every spec of the app uses: one rig per file, a cleared tab per test (clearedTab: a page of the
 * file's one context, as a fresh context would find it; after a failed test, a fresh context), a screenshot kept when
 * a test fails. Call it inside `describe`; `twoUsers` signs two people of a second server in as well; `tabPerTest:
 * false` leaves the tabs to the spec (`rig.tab()`, e.g. through `useScreenVisits`), and `session.tab` unset.
 */
export function useRig(options: { twoUsers?: boolean; tabPerTest?: boolean } = {}): RigSession {
  let rig: Rig | undefined;
  let tab: Tab | undefined;
  /** The context the tests' tabs are pages of (until a test fails). */
  let kept: BrowserContext | undefined;
  beforeAll(async () => {
    rig = await startRig(options);
  }, 60_000);
  afterAll(async () => {
    await kept?.close();
    await rig?.stop();
  });
  beforeEach(async () => {
    if (options.tabPerTest === false) return;
    const started = rig as Rig;
    kept ??= (await started.tab()).context;
    tab = await clearedTab(kept, started.running.origin);
  });
  afterEach(async ({ task }) => {
    if (tab === undefined) return;
    await keepFailureScreenshot(task.result?.state, task.name, tab.page);
    // Every page the test left (a popup too) closes; after a failure the context goes as well, whatever it holds.
    if (task.result?.state === 'fail') {
      kept = undefined;
      await tab.context.close();
    } else {
      await Promise.all(tab.context.pages().map((page) => page.close()));
    }
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
