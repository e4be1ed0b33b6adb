/**
 * What a spec file starts: the app on its own data folder, Chromium, the sandbox API; with `twoUsers`, also a second
 * server (the team's shared API) and two of its demo people, each signed in through a profile of their own.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** The file's one context for its tests' tabs, and the page that keeps it (and its renderer) alive between them. */
interface KeptContext {
  context: BrowserContext;
  keeper: Page;
}

/**
 * Opens the context a file's tests take their tabs in, with a keeper page on the app's origin (its icon) that stays
 * open until the file ends or a test fails. While the keeper is open, each test's new page reuses the context and,
 * with `--process-per-site` (browser.ts), the keeper's warm renderer process. Measured on 2 cores (a tab, the app
 * opened, the tab closed, 8 times, issue 20): a fresh context 1.30-1.34 CPU-s of Chromium
 * per test, a page of a kept context 1.22-1.34 once its last page had closed, 0.66 with the keeper open, 0.45-0.47
 * with the keeper and `--process-per-site`. f3e3284 tried a kept context without a keeper (it closed every page of
 * the context after each test): that is the 1.22-1.34 case, hence no gain in full runs.
 */
async function keepContext(rig: Rig): Promise<KeptContext> {
  const { context, page: keeper } = await rig.tab();
  await keeper.goto(new URL('/favicon.svg', rig.running.origin).href);
  return { context, keeper };
}

/**
 * A tab for the next test of a file: a new page of the file's kept context, once that context's cookies, permissions,
 * routes and offline state and every kind of storage of the app's origin (Web Storage, IndexedDB, Cache Storage, service workers…)
 * are cleared, so that the test finds what a fresh context gives it. The HTTP cache is kept: the app's host answers
 * `no-store` to everything but the renderer's files, and of those the hashed assets are immutable
 * (core/browser-host.ts), so all a test can find in it is the same bytes the host would send.
 */
async function clearedTab(kept: KeptContext, origin: string): Promise<Tab> {
  const { context, keeper } = kept;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(keeper);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
  await context.clearCookies();
  await context.clearPermissions();
  // What a test can set on the context itself rather than on its page: routes and the network's state.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  return { context, page };
}

/**
 * Registers the hooks every spec of the app uses: one rig per file, a cleared tab per test (clearedTab: a new page of
 * the file's kept context, as a fresh context would find it; after a failed test, a new context), a screenshot kept
 * when a test fails. Call it inside `describe`; `twoUsers` signs two people of a second server in as well; `tabPerTest:
 * false` leaves the tabs to the spec (`rig.tab()`, e.g. through `useScreenVisits`), and `session.tab` unset.
 */
export function useRig(options: { twoUsers?: boolean; tabPerTest?: boolean } = {}): RigSession {
  let rig: Rig | undefined;
  let tab: Tab | undefined;
  /** The context the tests' tabs are pages of, with its keeper (until a test fails). */
  let kept: KeptContext | undefined;
  beforeAll(async () => {
    rig = await startRig(options);
  }, 60_000);
  afterAll(async () => {
    await kept?.context.close();
    await rig?.stop();
  });
  beforeEach(async () => {
    if (options.tabPerTest === false) return;
    const started = rig as Rig;
    kept ??= await keepContext(started);
    tab = await clearedTab(kept, started.running.origin);
  });
  afterEach(async ({ task }) => {
    if (tab === undefined) return;
    const ended = tab;
    await keepFailureScreenshot(task.result?.state, task.name, ended.page);
    // Every page the test left (a popup too) closes, the keeper stays; after a failure the context goes as well,
    // whatever it holds, and the next test starts in a new one.
    if (task.result?.state === 'fail' || kept === undefined || kept.keeper.isClosed()) {
      const failed = kept;
      kept = undefined;
      await (failed?.context ?? ended.context).close();
    } else {
      const { keeper } = kept;
      await Promise.all(
        ended.context
          .pages()
          .filter((page) => page !== keeper)
          .map((page) => page.close()),
      );
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
