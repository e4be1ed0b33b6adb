/**
 * What a spec file starts: the app on its own data folder, Chromium, the sandbox API; with `twoUsers`, also a second
 * server (the team's shared API) and two of its demo people, each signed in through a profile of their own.
 */
import type { Browser } from 'playwright-core';
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
 * Registers the hooks every spec of the app uses: one rig per file, a fresh tab per test, a screenshot kept when a
 * test fails. Call it inside `describe`; `twoUsers` signs two people of a second server in as well; `tabPerTest:
 * false` leaves the tabs to the spec (`rig.tab()`, e.g. through `useScreenVisits`), and `session.tab` unset.
 */
export function useRig(options: { twoUsers?: boolean; tabPerTest?: boolean } = {}): RigSession {
  let rig: Rig | undefined;
  let tab: Tab | undefined;
  beforeAll(async () => {
    rig = await startRig(options);
  }, 60_000);
  afterAll(async () => {
    await rig?.stop();
  });
  beforeEach(async () => {
    if (options.tabPerTest !== false) tab = await (rig as Rig).tab();
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
