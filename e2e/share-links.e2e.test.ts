/** User stories of share links: create one, turn it off, delete it, and what the published view answers meanwhile. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SitePage } from './pages/sites.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { shareKeyOf, sitesApi } from './support/sites-api.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

describe('an administrator managing the share links of a site', () => {
  const session = useRig();

  it('creates a link that opens the published site, turns it off, then deletes it', async () => {
    const sites = sitesApi(session.rig.api, session.rig.orgId);
    const space = await spacesApi(session.rig.api).createSpace(session.rig.orgId, {
      title: uniqueTitle('Partner docs'),
    });
    const site = await sites.createSite({
      title: uniqueTitle('Partner portal'),
      visibility: 'share-link',
      spaces: [space.id],
    });
    await sites.publish(site.id);
    // Without a key, a share-link site's published view is not found.
    expect(await sites.publishedStatus(site.id)).toBe(404);

    await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const screen = new SitePage(session.tab.page);
    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('share-links');
    await screen.shareLinks.waitFor();
    expect(await screen.shareLinks.getByTestId('share-links-visibility').count()).toBe(0);

    const name = 'Reviewers at Acme';
    await screen.createShareLink(name);
    const row = screen.shareLinkRow(name);
    await row.waitFor();
    await expect.poll(async () => (await sites.shareLinks(site.id)).length, eventually).toBe(1);
    const [link] = await sites.shareLinks(site.id);
    const key = shareKeyOf(link!);
    expect(await row.getAttribute('data-id')).toBe(link!.id);
    expect(await row.getByTestId('share-link-url').innerText()).toBe(link!.urls!.published);
    expect(await sites.publishedStatus(site.id, key)).toBe(200);

    // Off: the key stops opening the site.
    await row.getByTestId('share-link-active').click();
    await expect.poll(() => row.getAttribute('data-active'), eventually).toBe('false');
    await expect.poll(() => sites.publishedStatus(site.id, key), eventually).toBe(404);
    expect((await sites.shareLinks(site.id))[0]!.active).toBe(false);

    // On again, then deleted for good.
    await row.getByTestId('share-link-active').click();
    await expect.poll(() => sites.publishedStatus(site.id, key), eventually).toBe(200);
    await row.getByTestId('share-link-delete').click();
    await screen.confirm();
    await row.waitFor({ state: 'detached' });
    await expect.poll(async () => (await sites.shareLinks(site.id)).length, eventually).toBe(0);
    expect(await sites.publishedStatus(site.id, key)).toBe(404);
  });

  it('refuses a name over 50 characters before sending, and says links only matter for share-link sites', async () => {
    const sites = sitesApi(session.rig.api, session.rig.orgId);
    const site = await sites.createSite({ title: uniqueTitle('Public site') });

    await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const screen = new SitePage(session.tab.page);
    await screen.goto(session.rig.orgId, site.id);
    await screen.tab('share-links');
    await screen.shareLinks.getByTestId('share-links-visibility').waitFor();

    await screen.createShareLink('N'.repeat(51));
    const error = screen.shareLinks.getByTestId('share-link-name-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('A name can have at most 50 characters.');
    expect(await screen.shareLinks.getByTestId('share-link-name-input').inputValue()).toBe('N'.repeat(51));
    expect(await sites.shareLinks(site.id)).toEqual([]);
  });
});
