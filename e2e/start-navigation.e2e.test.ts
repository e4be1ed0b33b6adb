/**
 * An address opened while the app is still starting (a link followed, a deep link, a typed address) is the one the
 * app shows: the start's redirect to the last organization must not take the user back once the organizations
 * arrive. The organizations' request and the site screen's code are held back by the test, so the order of events is
 * fixed: the address changes while both are pending, then the organizations arrive, then the screen's code.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SitePage } from './pages/sites.ts';
import { useRig } from './support/rig.ts';

/** A gate a held request waits on. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('an address opened while the app starts', () => {
  const session = useRig();

  it('is kept when the organizations arrive after it', async () => {
    const { api, orgId } = session.rig;
    const sites = await api.call('GET', `/v1/orgs/${orgId}/sites`, { query: { limit: 1 } });
    const siteId = (sites.body as { items: { id: string }[] }).items[0]!.id;
    const page = session.tab.page;

    const orgs = gate();
    const screenCode = gate();
    let orgsAsked = false;
    await page.route('**/bridge/api.request', async (route) => {
      const request = route.request().postDataJSON() as { method?: string; path?: string };
      if (request.method === 'GET' && request.path === '/v1/orgs') {
        orgsAsked = true;
        await orgs.wait;
      }
      await route.continue();
    });
    await page.route('**/assets/siteScreen-*.js', async (route) => {
      await screenCode.wait;
      await route.continue();
    });

    const app = await DocsAdmin.open(page, session.rig.running.url);
    const loadingOrgs = page.locator('#main [aria-label="Loading organizations"]');
    await loadingOrgs.waitFor();
    expect(orgsAsked).toBe(true);

    const route = SitePage.route(orgId, siteId);
    await page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    orgs.open();
    // The organizations are in: the start's redirect has run, or has declined to.
    await loadingOrgs.waitFor({ state: 'detached' });
    expect(app.route()).toBe(route);
    screenCode.open();

    const screen = new SitePage(page);
    await screen.root.and(page.locator(`[data-site-id="${siteId}"]`)).waitFor();
    expect(app.route()).toBe(route);
  });
});

describe("the app's code failing to load", () => {
  const session = useRig();

  it('shows what happened and a Reload that starts the app once the code loads', async () => {
    const page = session.tab.page;
    // The app's chunk (start.tsx, preloaded by index.html and imported by main.tsx) is refused.
    await page.route('**/assets/start-*.js', (route) => route.abort());
    await page.goto(session.rig.running.url);
    const failure = page.getByRole('alert').filter({ hasText: 'Docs Admin could not start' });
    await failure.waitFor();
    const reload = failure.getByRole('button', { name: 'Reload' });
    // The keyboard reaches it at once: Enter reloads.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe(await reload.textContent());

    await page.unroute('**/assets/start-*.js');
    await page.keyboard.press('Enter');
    const app = new DocsAdmin(page);
    await app.sidebar.root.waitFor();
    expect(await failure.count()).toBe(0);
  });
});
