/**
 * Images in a rendered diff load through the API: a request on the demo's "Welcome to Acme" space edits the page
 * that shows the Acme logo (a file of the revision, `.gitbook/assets/logo.png`); the Changes tab shows the logo,
 * loaded (the sandbox's bytes through the bridge), not a broken image requested from the app's own address.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';

/** The logo's line: the request adds a paragraph right after it, so the image shows as context of the change. */
const LOGO = '![Acme logo](.gitbook/assets/logo.png)';

describe('images in rendered diffs', () => {
  const session = useRig();

  it('loads a revision image of a changed page through the API', async () => {
    const { api, orgId } = session.rig;
    const spaces = await api.call('GET', `/v1/orgs/${orgId}/spaces`, { query: { limit: 100 } });
    const space = (spaces.body as { items: { id: string; title: string }[] }).items.find(
      (item) => item.title === 'Welcome to Acme',
    );
    if (space === undefined) throw new Error('the demo has no space titled Welcome to Acme');
    const requests = changeRequestsApi(api);
    const revision = await requests.spaceRevision(space.id);
    const welcome = revision.pages.find((page) => page.title === 'Welcome');
    if (welcome === undefined) throw new Error('the demo space has no Welcome page');
    expect(revision.files.some((file) => file.name === 'logo.png')).toBe(true);
    const markdown = await requests.mainPageMarkdown(space.id, welcome.id);
    expect(markdown).toContain(LOGO);
    const request = await requests.create(space.id, 'Say hello');
    await requests.edit(space.id, request.id, [
      {
        operation: 'update_page',
        page: welcome.id,
        document: { markdown: markdown.replace(LOGO, `${LOGO}\n\nHello from the diff.`) },
      },
    ]);

    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const page = app.page;
    await page.goto(
      `${new URL(page.url()).origin}/#/p/local/orgs/${orgId}/spaces/${space.id}/change-requests/${request.id}?tab=changes&page=${welcome.id}`,
    );
    const logo = page.locator('.review-page-pane img[alt="Acme logo"]').first();
    await logo.waitFor();
    await expect
      .poll(async () => (await logo.getAttribute('src')) ?? '', eventually)
      .toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(
        async () =>
          logo.evaluate((node) => {
            const image = node as unknown as { complete: boolean; naturalWidth: number };
            return image.complete ? image.naturalWidth : 0;
          }),
        eventually,
      )
      .toBe(16);
  });
});
