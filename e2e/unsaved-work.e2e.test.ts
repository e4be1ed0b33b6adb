/**
 * User stories of unsaved work: an edited form asks Save / Discard / Stay before a tab switch or a navigation (a
 * screen, an organization switch) would drop it, and each answer does what it says, checked through the API.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SitePage } from './pages/sites.ts';
import { UnsavedDialog } from './pages/unsaved.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { sitesApi } from './support/sites-api.ts';
import { uniqueTitle } from './support/spaces-api.ts';

describe('an administrator whose unsaved edits are never dropped silently', () => {
  const session = useRig();

  it("keeps a site's edited settings across a tab switch until told to discard them", async () => {
    const sites = sitesApi(session.rig.api, session.rig.orgId);
    const site = await sites.createSite({ title: uniqueTitle('Guarded site') });
    await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const screen = new SitePage(session.tab.page);
    const question = new UnsavedDialog(session.tab.page);
    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('settings');
    const title = screen.settings.getByTestId('site-title-input');
    const edited = uniqueTitle('Edited site');
    await title.fill(edited);

    await screen.tab('share-links');
    expect(await question.text()).toMatch(/unsaved changes in the site settings/);
    await question.answer('stay');
    expect(await title.inputValue()).toBe(edited);
    await expect
      .poll(() => screen.root.getByTestId('site-tab-settings').getAttribute('aria-selected'))
      .toBe('true');

    await screen.tab('share-links');
    await question.answer('discard');
    await screen.shareLinks.waitFor();
    expect((await sites.site(site.id)).title).toBe(site.title);
    await screen.tab('settings');
    await expect.poll(() => title.inputValue(), eventually).toBe(site.title);
  });

  it('saves edited site settings when asked on the way to another screen, then goes there', async () => {
    const sites = sitesApi(session.rig.api, session.rig.orgId);
    const site = await sites.createSite({ title: uniqueTitle('Saved on leaving') });
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const screen = new SitePage(session.tab.page);
    const question = new UnsavedDialog(session.tab.page);
    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('settings');
    const edited = uniqueTitle('Saved title');
    await screen.settings.getByTestId('site-title-input').fill(edited);

    await session.tab.page.getByTestId('nav-people').click();
    expect(await question.text()).toMatch(/Save your changes\?/);
    await question.answer('save');
    await app.members.rows().first().waitFor();
    await expect.poll(async () => (await sites.site(site.id)).title, eventually).toBe(edited);
  });

  it('asks before an organization switch drops edited organization settings, and stays when told', async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const question = new UnsavedDialog(session.tab.page);
    const { orgId, api } = session.rig;
    const before = ((await api.call('GET', `/v1/orgs/${orgId}`)).body as { title: string }).title;
    await app.settings.goto();
    await app.settings.fill('title', 'Acme Docs (draft)');

    await app.sidebar.openOrganization('Acme Labs');
    expect(await question.text()).toMatch(/the organization settings/);
    await question.answer('stay');
    expect(app.route()).toMatch(new RegExp(`/orgs/${orgId}/settings$`));
    expect(await app.settings.valueOf('title')).toBe('Acme Docs (draft)');

    await app.sidebar.openOrganization('Acme Labs');
    await question.answer('discard');
    await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Labs');
    expect(((await api.call('GET', `/v1/orgs/${orgId}`)).body as { title: string }).title).toBe(before);
  });
});
