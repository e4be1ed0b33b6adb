/**
 * Token confinement, end to end: after a user adds, tests, switches to, uses and removes profiles (and keeps one),
 * neither token appears anywhere the page can reach, nor on disk in the app's data folder, nor in its logs.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Response } from 'playwright-core';
import { DocsAdmin } from './pages/docs-admin.ts';
import { launchApp, type RunningApp } from './support/app.ts';
import { launchBrowser, openTab, type Tab } from './support/browser.ts';
import { eventually } from './support/expect.ts';
import { readTree } from './support/files.ts';
import { retainingPaths, takeHeapSnapshot } from './support/heap.ts';
import { assertKeychainReachable, forgetKeychainItem, keychainToken } from './support/keychain.ts';
import { dumpCacheStorage, dumpDom, dumpIndexedDb, dumpWebStorage } from './support/page-storage.ts';
import { startTogether } from './support/process.ts';
import { startSecondServer, type SecondServer } from './support/second-server.ts';

describe('a token given to Docs Admin never reaches the page', () => {
  let running: RunningApp;
  let remote: SecondServer;
  let browser: Browser;
  let tab: Tab;
  let removedToken: string;
  let keptToken: string;
  let removedId: string;
  let keptId: string;
  const responses: Promise<{ url: string; body: string }>[] = [];

  /** Each token, its random part and its base64 form: the ways a leak could be spelled. */
  const needles = () =>
    [removedToken, keptToken].flatMap((token) => [
      token,
      token.replace(/^gb_api_/, ''),
      Buffer.from(token).toString('base64'),
    ]);
  /** The needles found in a text (empty when it is clean). */
  const leaks = (text: string) => needles().filter((needle) => text.includes(needle));

  beforeAll(async () => {
    assertKeychainReachable();
    await startTogether(
      launchApp().then((started) => (running = started)),
      startSecondServer().then((started) => (remote = started)),
      launchBrowser().then((started) => (browser = started)),
    );
    await remote.createOrganization('Globex Handbook', remote.adminEmail);
    removedToken = await remote.mintToken(remote.adminEmail);
    keptToken = await remote.mintToken(remote.demoTokens.find((t) => t.email !== remote.adminEmail)!.email);
    tab = await openTab(browser);
    tab.page.on('response', (response: Response) =>
      responses.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          () => ({ url: response.url(), body: '' }),
        ),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([tab?.context.close()]);
    await Promise.allSettled([browser?.close(), running?.stop(), remote?.stop()]);
    // The kept profile's item would outlive the app's temporary data folder.
    if (keptId !== undefined) forgetKeychainItem(keptId);
  });

  it('lets a user add, test, switch to, use and remove profiles', async () => {
    const app = await DocsAdmin.open(tab.page, running.url);
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Docs');

    await app.profiles.goto();
    for (const [name, token] of [
      ['Globex', removedToken],
      ['Globex reader', keptToken],
    ] as const) {
      expect(await app.profiles.addProfile({ name, baseUrl: remote.baseUrl, token })).toMatch(
        /Connected as /,
      );
    }
    removedId = await app.profiles.idOf('Globex');
    keptId = await app.profiles.idOf('Globex reader');
    expect(await app.profiles.testSaved('Globex')).toMatch(/Connected as /);

    await app.sidebar.switchTo('Globex');
    await app.sidebar.openOrganization('Globex Handbook');
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Globex Handbook');
    await app.overview.counts();
    await app.palette.run('Acme Labs');
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Labs');

    await app.profiles.goto();
    await app.profiles.remove('Globex');
    await app.sidebar.switchTo('Globex reader');
    await expect.poll(() => app.route(), eventually).toMatch(new RegExp(`^/p/${keptId}/orgs/`));
    await app.overview.counts();

    expect(keychainToken(removedId)).toBeNull();
    expect(keychainToken(keptId)).toBe(keptToken);
  });

  it('keeps no token in the JS heap of the page', async () => {
    // A canary shaped like a token, held by page script: proves the snapshot search sees such strings.
    const canary = `gb_api_canary${randomBytes(16).toString('base64url')}`;
    await tab.page.evaluate((value) => {
      (globalThis as unknown as { canary: string[] }).canary = [value];
    }, canary);
    const snapshot = await takeHeapSnapshot(tab.context, tab.page);
    expect(snapshot.includes(canary)).toBe(true);
    const found = leaks(snapshot);
    const where = found.flatMap((needle) => retainingPaths(snapshot, needle));
    expect(found, `retained by:\n${where.join('\n')}`).toEqual([]);
  });

  it('shows no token in the DOM or any form field', async () => {
    expect(leaks(await dumpDom(tab.page))).toEqual([]);
  });

  it('stores no token in Web Storage, IndexedDB, the Cache API or cookies', async () => {
    expect(leaks(await dumpWebStorage(tab.page))).toEqual([]);
    expect(leaks(await dumpIndexedDb(tab.page))).toEqual([]);
    expect(leaks(await dumpCacheStorage(tab.page))).toEqual([]);
    expect(leaks(JSON.stringify(await tab.context.cookies()))).toEqual([]);
  });

  it('answers no token in any bridge response (nor any other response)', async () => {
    const received = await Promise.all(responses);
    const bridge = received.filter((r) => new URL(r.url).pathname.startsWith('/bridge/'));
    expect(bridge.length).toBeGreaterThan(5);
    const leaking = received.filter((r) => leaks(r.body).length > 0).map((r) => r.url);
    expect(leaking).toEqual([]);
  });

  it('writes no token to the data folder (profiles.json included) nor to its logs', () => {
    const files = readTree(running.dataDir);
    expect(files.some((file) => file.path.endsWith('profiles.json'))).toBe(true);
    expect(files.filter((file) => leaks(file.text).length > 0).map((file) => file.path)).toEqual([]);
    expect(leaks(running.output())).toEqual([]);
  });
});
