/**
 * Deep links: every screen the main process lets a `docs-admin://open/…` link open (electron/main/deep-link.ts) is a
 * screen of the app's router, reached the way the main process reaches it (the window's URL with the route as its
 * fragment), and a link opened in a running window changes its screen without reloading the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEEP_LINK_ROUTES, deepLinkRoute, windowUrlFor } from '../electron/main/deep-link.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';

/** What the router shows for a URL it does not know (renderer/src/layout/NotFoundScreen.tsx). */
const NOT_FOUND = 'There is no such screen';

describe('a deep link opens the screen it names', () => {
  const session = useRig();
  const params: Record<string, string> = {
    profileId: 'local',
    // The router is what is checked here: a request id the server does not know still routes to its screen.
    changeRequestId: 'cr0000000000000000001',
  };
  beforeAll(async () => {
    const { api, orgId } = session.rig;
    params['orgId'] = orgId;
    params['teamId'] = await api.teamId(orgId, 'Engineering');
    const first = async (path: string) => {
      const answer = await api.call('GET', path, { query: { limit: 1 } });
      const id = (answer.body as { items: { id: string }[] }).items[0]?.id;
      if (id === undefined) throw new Error(`${path} lists nothing`);
      return id;
    };
    params['spaceId'] = await first(`/v1/orgs/${orgId}/spaces`);
    params['siteId'] = await first(`/v1/orgs/${orgId}/sites`);
  });

  it('every known screen, from a link the parser accepts, without reloading the page', async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const page = app.page;
    const notFound = page.getByText(NOT_FOUND);
    // A mark on the document: it survives fragment changes and is gone after a reload.
    await page.evaluate(() => Object.assign(globalThis, { deepLinkMark: 'same document' }));

    for (const route of DEEP_LINK_ROUTES) {
      const path = route.path.replace(/\$(\w+)/g, (_, name: string) => params[name]!);
      const query = route.query === undefined ? '' : `?${route.query[0]}=x1`;
      const opened = deepLinkRoute(`docs-admin://open${path}${query}`);
      expect(opened, route.path).toBe(`${path}${query}`);

      await page.goto(windowUrlFor(page.url(), '/no-such-screen'));
      await notFound.waitFor();
      await page.goto(windowUrlFor(page.url(), opened!));
      await notFound.waitFor({ state: 'detached' }).catch((error: Error) => {
        throw new Error(`the router does not know ${route.path} (${opened}): ${error.message}`);
      });
      await page.locator('#main').waitFor();
    }
    expect(await page.evaluate(() => (globalThis as { deepLinkMark?: string }).deepLinkMark)).toBe(
      'same document',
    );
  }, 120_000);
});
