/**
 * The local sandbox heals itself: frozen with SIGSTOP (it holds its port but answers nothing and handles no
 * signal), it is noticed by the health probe, killed and restarted; the app says so and works again; and quitting
 * the app still ends a frozen sandbox. The probe is made quick by flags; nothing here asserts a time.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { launchApp, type RunningApp } from './support/app.ts';
import { launchBrowser, openTab, type Tab } from './support/browser.ts';
import { eventually } from './support/expect.ts';
import { startTogether } from './support/process.ts';

/** Waiting for a restart: detection, a fresh server process (which loads the whole server) and the page's poll. */
const RESTARTED = { timeout: 90_000, interval: 100 };

const RUNNING = /the local sandbox is running at http:\/\/127\.0\.0\.1:\d+ \(pid (\d+)\)/g;

/** Every sandbox process the app has logged as running, oldest first. */
const sandboxPids = (output: string) => [...output.matchAll(RUNNING)].map((match) => Number(match[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a local sandbox that stops answering', () => {
  let running: RunningApp;
  let browser: Browser;
  let tab: Tab;
  const frozen: number[] = [];
  const freeze = (pid: number) => {
    frozen.push(pid);
    process.kill(pid, 'SIGSTOP');
  };

  beforeAll(async () => {
    await startTogether(
      // Quicker than the default (every 5 s, 3 misses), yet slow enough that a busy machine's healthy server is not
      // taken for a frozen one: it may miss a probe or two while it compiles its routes.
      launchApp({ args: ['--sandbox-probe-ms', '2000', '--sandbox-probe-misses', '3'] }).then(
        (started) => (running = started),
      ),
      launchBrowser().then((started) => (browser = started)),
    );
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), running?.stop()]);
    // Whatever happened above, no frozen process is left behind.
    for (const pid of frozen) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
  beforeEach(async () => {
    tab = await openTab(browser);
  });
  afterEach(async () => {
    await tab.context.close();
  });

  it('is killed and restarted, and the app shows a banner and works again', async () => {
    const app = await DocsAdmin.open(tab.page, running.url);
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Docs');
    const [hung] = sandboxPids(running.output());
    expect(hung).toBeDefined();

    freeze(hung!);
    const banner = tab.page.getByTestId('sandbox-restart-banner');
    await banner.waitFor({ timeout: RESTARTED.timeout });
    expect(await banner.innerText()).toContain('The local sandbox stopped answering and was restarted.');
    expect(alive(hung!)).toBe(false);
    expect(running.output()).toContain(
      `the local sandbox stopped answering (3 health probes missed in a row); killing it (pid ${hung}) and restarting it`,
    );
    expect(sandboxPids(running.output()).at(-1)).not.toBe(hung);

    // The app works again, against the new server: another organization opens with its data.
    await app.sidebar.openOrganization('Acme Labs');
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Labs');
    await expect.poll(async () => (await app.overview.counts()).members, eventually).toBeGreaterThan(0);
    expect(await app.overview.unreachableBanner.count()).toBe(0);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => banner.count(), eventually).toBe(0);
  }, 150_000);

  it('still ends a frozen sandbox when the app quits', async () => {
    const current = sandboxPids(running.output()).at(-1)!;
    freeze(current);
    // A generous grace: the app must end by itself, however busy the machine is.
    await running.stop(45_000);
    // The app ended by itself (it was not killed after the grace period), having ended its sandbox.
    expect(running.ended()).toEqual({ code: 0, signal: null });
    // Every sandbox the app started is gone, the frozen one included (a restart may have begun meanwhile).
    for (const pid of sandboxPids(running.output())) expect(alive(pid), `pid ${pid}`).toBe(false);
  }, 60_000);
});
