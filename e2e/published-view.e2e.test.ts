/**
 * The sandbox serves what the app links to: "open published site" opens a real page of a demo site, and a share
 * link opens its share-link site, which without the key is not found. What the pages show is checked against the
 * API (the site's title and its sections).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';

interface SiteSummary {
  id: string;
  title: string;
  visibility: string;
  published: boolean;
  urls: { published?: string };
}

/** Clicks a link that opens in a new tab and answers that tab, loaded. */
async function follow(page: Page, click: () => Promise<void>): Promise<Page> {
  const [opened] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await opened.waitForLoadState();
  return opened;
}

describe('the published view of sandbox sites', () => {
  const session = useRig();

  const sites = async (): Promise<SiteSummary[]> => {
    const { api, orgId } = session.rig;
    const answer = await api.call('GET', `/v1/orgs/${orgId}/sites`, { query: { limit: 100 } });
    return (answer.body as { items: SiteSummary[] }).items;
  };

  it("opens a demo site's published page from the Sites screen, with its sections", async () => {
    const { api, orgId } = session.rig;
    const site = (await sites()).find((item) => item.title === 'Acme Docs' && item.published);
    if (site === undefined) throw new Error('the demo has no published site titled Acme Docs');
    const sections = await api.call('GET', `/v1/orgs/${orgId}/sites/${site.id}/sections`, {
      query: { limit: 100 },
    });
    const titles = (sections.body as { items: { title: string }[] }).items.map((section) => section.title);
    expect(titles.length).toBeGreaterThan(0);

    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.page.getByTestId('nav-sites').click();
    const row = app.page.getByTestId('site-row').filter({ hasText: 'Acme Docs' }).first();
    const opened = await follow(app.page, () => row.getByTestId('site-url').click());
    expect(opened.url()).toBe(site.urls.published);
    expect(await opened.locator('header.site .title').innerText()).toBe('Acme Docs');
    expect(await opened.locator('nav.sections a').allInnerTexts()).toEqual(titles);
    expect(await opened.locator('h1.page-title').count()).toBe(1);
  });

  it('opens a share-link site through its share link, and not without the key', async () => {
    const { api, orgId } = session.rig;
    const site = (await sites()).find((item) => item.visibility === 'share-link');
    if (site === undefined) throw new Error('the demo has no share-link site');
    const params = `/v1/orgs/${orgId}/sites/${site.id}`;
    expect((await api.call('POST', `${params}/publish`)).status).toBe(200);
    const created = await api.call('POST', `${params}/share-links`, { body: { name: 'Partners' } });
    expect(created.status).toBe(201);
    const published = (await api.call('GET', params)).body as SiteSummary;

    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.page.goto(`${new URL(app.page.url()).origin}/#/p/local/orgs/${orgId}/sites/${site.id}`);
    await app.page.getByTestId('site-tab-share-links').click();
    const link = app.page
      .locator('[data-testid="share-link-row"][data-name="Partners"]')
      .getByTestId('share-link-url');
    const opened = await follow(app.page, () => link.click());
    expect(opened.url()).toContain('/~s/');
    expect(await opened.locator('header.site .title').innerText()).toBe(site.title);

    const without = await opened.goto(published.urls.published!);
    expect(without?.status()).toBe(404);
    expect(await opened.locator('h1').innerText()).toBe('Not available');
  });
});
