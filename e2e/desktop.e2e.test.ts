/** User stories of the desktop app, driven in browser mode with Chromium over page objects. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DocsAdmin } from './pages/docs-admin.ts';
import { launchApp, type RunningApp } from './support/app.ts';
import { launchBrowser, openTab, type Tab } from './support/browser.ts';
import { eventually } from './support/expect.ts';
import { assertKeychainReachable, keychainToken } from './support/keychain.ts';
import { startTogether } from './support/process.ts';
import { startSecondServer, type SecondServer } from './support/second-server.ts';

describe('an administrator using Docs Admin', () => {
  let running: RunningApp;
  let remote: SecondServer;
  let browser: Browser;
  let tab: Tab;

  beforeAll(async () => {
    assertKeychainReachable();
    await startTogether(
      // An empty data folder, not the global setup's seeded copy: the first story is the app's first launch.
      launchApp({ fresh: true }).then((started) => (running = started)),
      startSecondServer().then((started) => (remote = started)),
      launchBrowser().then((started) => (browser = started)),
    );
    await remote.createOrganization('Globex Handbook', remote.adminEmail);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), running?.stop(), remote?.stop()]);
  });
  beforeEach(async () => {
    tab = await openTab(browser);
  });
  afterEach(async () => {
    await tab.context.close();
  });

  it('sees the demo organization with its members and teams on first launch', async () => {
    const app = await DocsAdmin.open(tab.page, running.url);

    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Docs');
    const counts = await app.overview.counts();
    expect(counts.members).toBe(32);
    expect(counts.teams).toBe(6);
    expect(app.route()).toMatch(/^\/p\/local\/orgs\/[^/]+$/);
  });

  it('adds a profile for another API, switches to it, then removes it with its keychain item', async () => {
    const app = await DocsAdmin.open(tab.page, running.url);
    const token = remote.demoTokens.find((entry) => entry.email === remote.adminEmail)!.token;

    await app.profiles.goto();
    const result = await app.profiles.addProfile({ name: 'Globex', baseUrl: remote.baseUrl, token });
    expect(result).toMatch(/Connected as /);
    expect(result).toMatch(/sees 3 organizations/);
    const id = await app.profiles.idOf('Globex');
    expect(keychainToken(id)).toBe(token);
    expect(await app.profiles.testSaved('Globex')).toMatch(/Connected as /);

    await app.sidebar.switchTo('Globex');
    await expect.poll(() => app.route(), eventually).toMatch(new RegExp(`^/p/${id}/`));
    await app.sidebar.openOrganization('Globex Handbook');
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Globex Handbook');
    expect((await app.overview.counts()).members).toBe(1);

    await app.profiles.goto();
    await app.profiles.remove('Globex');
    expect(keychainToken(id)).toBeNull();
    await tab.page.reload();
    await app.profiles.root.waitFor();
    await expect.poll(() => app.profiles.rows().count(), eventually).toBe(1);
    expect(await app.profiles.rows().first().getAttribute('data-profile-id')).toBe('local');
  });

  it('adds a profile with one paste of its token, says whose token it is, switches to it and replaces its token', async () => {
    const app = await DocsAdmin.open(tab.page, running.url);
    const admin = remote.demoTokens.find((entry) => entry.email === remote.adminEmail)!;
    const reader = remote.demoTokens.find((entry) => entry.role === 'read')!;
    await app.profiles.goto();

    await app.profiles.fill({ name: 'Initech', baseUrl: remote.baseUrl, token: 'not-a-token-of-this-api' });
    expect(await app.profiles.testConnection()).toMatch(/The API refused this token/);
    await app.profiles.form.getByTestId('profile-token').fill('');
    await app.profiles.enterToken(admin.token);
    expect(await app.profiles.testConnection()).toMatch(
      new RegExp(`Connected as [^(]+ \\(${admin.email.replace(/\./g, '\\.')}\\)`),
    );
    // The token is still in its field: Save needs no second paste, and switches to the new profile.
    await app.profiles.save('Initech');
    await expect.poll(() => app.route(), eventually).toMatch(/^\/p\/(?!local\b)[^/]+/);
    const id = /^\/p\/([^/]+)/.exec(app.route())![1]!;
    expect(keychainToken(id)).toBe(admin.token);

    await app.profiles.goto();
    expect(await app.profiles.isActive('Initech')).toBe(true);
    expect(await app.profiles.isActive('Local sandbox')).toBe(false);
    expect(await app.profiles.form.getByTestId('profile-token').inputValue()).toBe('');

    expect(await app.profiles.replaceToken('Initech', reader.token)).toMatch(
      new RegExp(`Connected as [^(]+ \\(${reader.email.replace(/\./g, '\\.')}\\)`),
    );
    await expect.poll(() => keychainToken(id), eventually).toBe(reader.token);
    await app.profiles.remove('Initech');
    expect(keychainToken(id)).toBeNull();
  });

  it('reaches every screen through the command palette, by keyboard only', async () => {
    const app = await DocsAdmin.open(tab.page, running.url);
    await app.overview.title.waitFor();

    await app.palette.run('Profiles');
    await app.profiles.root.waitFor();
    for (const title of ['Acme Labs', 'Acme Docs']) {
      await app.palette.run(title);
      await expect.poll(() => app.overview.title.innerText(), eventually).toBe(title);
    }
    await app.palette.open();
    const entries = await app.palette.entries();
    for (const label of ['Profiles', 'Acme Docs', 'Acme Labs'])
      expect(entries.some((entry) => entry.includes(label))).toBe(true);
  });
});
