/** User stories of the sites screens: create a site from spaces, change its settings, and the server's refusals. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SitePage, SitesPage } from './pages/sites.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { sitesApi } from './support/sites-api.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

describe('an administrator managing the sites of an organization', () => {
  const session = useRig();

  const open = async () => {
    await DocsAdmin.open(session.tab.page, session.rig.running.url);
    return {
      sites: sitesApi(session.rig.api, session.rig.orgId),
      spaces: spacesApi(session.rig.api),
      list: new SitesPage(session.tab.page),
      screen: new SitePage(session.tab.page),
    };
  };

  it('creates a site from two spaces and lands on its screen', async () => {
    const { sites, spaces, list, screen } = await open();
    const first = await spaces.createSpace(session.rig.orgId, { title: uniqueTitle('Guide') });
    const second = await spaces.createSpace(session.rig.orgId, { title: uniqueTitle('API') });
    const title = uniqueTitle('Handbook');

    await list.goto(session.rig.orgId);
    await list.create(title, [first.title, second.title]);

    await screen.root.waitFor();
    await expect
      .poll(() => screen.root.getByRole('heading', { level: 1 }).innerText(), eventually)
      .toBe(title);
    const siteId = await screen.root.getAttribute('data-site-id');
    expect(siteId).not.toBeNull();
    const site = await sites.site(siteId!);
    expect(site).toMatchObject({ title, siteSpaces: 2, published: false });

    // Back on the list, the row shows the new site, and the "contains space" filter finds it.
    await list.goto(session.rig.orgId);
    const row = list.row(title);
    await row.waitFor();
    expect(await row.getByTestId('site-space-count').innerText()).toBe('2');
    await list.root.getByTestId('sites-filter-space').selectOption(second.id);
    await expect.poll(() => list.root.getByTestId('site-row').count(), eventually).toBe(1);
    await list.root.getByTestId('sites-filter-published').selectOption('yes');
    await list.root.getByText('No site matches these filters').waitFor();
  });

  it('changes the basename and the visibility in the settings', async () => {
    const { sites, spaces, screen } = await open();
    const space = await spaces.createSpace(session.rig.orgId, { title: uniqueTitle('Content') });
    const site = await sites.createSite({ title: uniqueTitle('Settings site'), spaces: [space.id] });
    const basename = `docs-${Date.now().toString(36)}`;

    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('settings');
    await screen.settings.getByTestId('site-basename-input').fill(basename);
    await expect
      .poll(() => screen.settings.getByTestId('site-url-preview').innerText(), eventually)
      .toMatch(new RegExp(`/sites/[^/]+/${basename}/$`));
    await screen.settings.getByTestId('site-visibility').selectOption('unlisted');
    await screen.settings.getByTestId('site-settings-save').click();

    await expect
      .poll(async () => {
        const saved = await sites.site(site.id);
        return { basename: saved.basename, visibility: saved.visibility };
      }, eventually)
      .toEqual({ basename, visibility: 'unlisted' });
    await expect
      .poll(() => screen.root.getByTestId('site-visibility-badge').innerText(), eventually)
      .toBe('Unlisted');

    await session.tab.page.reload();
    await screen.tab('settings');
    await expect
      .poll(() => screen.settings.getByTestId('site-basename-input').inputValue(), eventually)
      .toBe(basename);
  });

  it('shows the server’s refusal of a taken basename on the field and keeps what was typed', async () => {
    const { sites, screen } = await open();
    const taken = await sites.createSite({ title: uniqueTitle('Taken') });
    const site = await sites.createSite({ title: uniqueTitle('Other') });

    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('settings');
    const input = screen.settings.getByTestId('site-basename-input');
    await input.fill(taken.basename!);
    await screen.settings.getByTestId('site-settings-save').click();

    const error = screen.fieldError('basename');
    await error.waitFor();
    expect(await error.innerText()).toContain('basename');
    expect(await error.innerText()).toContain('another site');
    expect(await input.inputValue()).toBe(taken.basename);
    expect((await sites.site(site.id)).basename).toBe(site.basename);
  });

  it('refuses to publish a site without spaces, with the server’s reason', async () => {
    const { sites, screen } = await open();
    const site = await sites.createSite({ title: uniqueTitle('Empty') });

    await screen.goto(session.rig.orgId, site.id);
    await screen.root.getByTestId('site-publish').click();
    const error = screen.root.getByTestId('site-publish-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('add a space before publishing');
    expect((await sites.site(site.id)).published).toBe(false);
  });

  it('declares visitor claims in the list, checks names before sending, and round-trips the raw JSON', async () => {
    const { sites, screen } = await open();
    const site = await sites.createSite({ title: uniqueTitle('Adaptive') });

    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('adaptive');
    const editor = screen.adaptive;
    await editor.getByTestId('claim-add').click();
    await editor.getByTestId('claim-name-input').last().fill('2fast');
    await editor.getByTestId('adaptive-save').click();
    await editor.getByTestId('claim-name-error').waitFor();
    expect(await sites.claimNames(site.id)).toEqual([]);

    await editor.getByTestId('claim-name-input').last().fill('isBetaUser');
    await editor.getByTestId('claim-add').click();
    await editor.getByTestId('claim-name-input').last().fill('darkMode');
    await editor.getByTestId('claim-kind').last().selectOption('unsigned');
    await editor.getByTestId('adaptive-save').click();
    await expect
      .poll(() => sites.claimNames(site.id), eventually)
      .toEqual(['isBetaUser', 'unsigned.darkMode']);
    await session.tab.page.getByTestId('toast').filter({ hasText: 'Adaptive schema saved' }).waitFor();

    // The raw view shows the same schema; an edit there comes back to the list.
    await editor.getByTestId('adaptive-raw-toggle').click();
    const raw = editor.getByTestId('adaptive-raw');
    const schema = JSON.parse(await raw.inputValue()) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(['isBetaUser', 'unsigned']);
    schema.properties['isPartner'] = { type: 'boolean', description: 'A partner' };
    await raw.fill(JSON.stringify(schema));
    await editor.getByTestId('adaptive-raw-toggle').click();
    await editor.locator('[data-testid="claim-row"][data-name="isPartner"]').waitFor();
    await editor.getByTestId('adaptive-save').click();
    await expect
      .poll(() => sites.claimNames(site.id), eventually)
      .toEqual(['isBetaUser', 'isPartner', 'unsigned.darkMode']);
  });
});
