/**
 * User stories of the organization search: find a word of a demo page from the sidebar's box, see the results
 * grouped by space with the matching sections, open one by keyboard and read the page in its space; queries full
 * of quotes and symbols show results or the empty state, never an error. Screenshots: `test-results/`
 * `search-results-{light,dark}.png` (the results panel, one option active) and `page-reader-{light,dark}.png`.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { focusedTestId, PageReader, SearchBox } from './pages/search.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { SANDBOX_PROFILE } from './support/sandbox-api.ts';
import { screenshotBothSchemes } from './support/screenshots.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';

describe('searching the content of an organization', () => {
  const session = useRig();

  const open = async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    return { app, search: new SearchBox(session.tab.page), reader: new PageReader(session.tab.page) };
  };

  it(
    'finds a demo page by a word of its body and opens it in its space by keyboard',
    async () => {
      const { app, search, reader } = await open();
      const page = session.tab.page;

      await search.focusByShortcut();
      await expect.poll(() => focusedTestId(page), eventually).toBe('search-input');
      await search.type('first proj');

      // Grouped by space: the Quickstart page of "Getting Started", with its matching section's excerpt.
      const quickstart = search.option('Getting Started', 'Quickstart');
      await quickstart.waitFor();
      expect(await search.results.getByRole('group').count()).toBeGreaterThan(0);
      const section = quickstart
        .getByTestId('search-section')
        .filter({ hasText: 'Create your first project' });
      await section.waitFor();
      expect(await quickstart.locator('.search-page-path').innerText()).toBe('quickstart');
      // Excerpts are plain text: no markdown syntax, no HTML.
      expect(await quickstart.locator('a, code, strong, em, script').count()).toBe(0);

      // ↓ until Quickstart is active, then Enter.
      expect(await search.arrowTo(quickstart)).toBe(true);
      expect(await quickstart.getAttribute('aria-selected')).toBe('true');
      // Checked before the screenshots: their scheme switches start colour transitions axe would measure.
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotBothSchemes(page, 'search-results');
      const pageId = await quickstart.getAttribute('data-page-id');
      const spaceId = await search.space('Getting Started').first().getAttribute('data-space-id');
      await search.input.press('Enter');

      await search.panel.waitFor({ state: 'detached' });
      await expect
        .poll(() => app.route(), eventually)
        .toBe(`/p/${SANDBOX_PROFILE}/orgs/${session.rig.orgId}/spaces/${spaceId}?page=${pageId}`);
      await page.locator(`[data-testid="space-screen"][data-space-id="${spaceId}"]`).waitFor();
      await expect.poll(() => reader.title.innerText(), eventually).toBe('Quickstart');
      await expect
        .poll(
          () => reader.body.getByRole('heading', { name: 'Create your first project' }).count(),
          eventually,
        )
        .toBe(1);
      // The markdown is rendered (code blocks, links) and the tree marks the page shown.
      expect(await reader.body.locator('pre code').count()).toBeGreaterThan(0);
      expect(await reader.current().innerText()).toContain('Quickstart');
      // The focus lands on the page's title, for whoever came by keyboard.
      await expect.poll(() => focusedTestId(page), eventually).toBe('page-reader-title');
      // Checked before the screenshots: their scheme switches start colour transitions axe would measure.
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotBothSchemes(page, 'page-reader');

      // Another page from the tree replaces the reader's page, and the address follows.
      await reader.tree.getByRole('link', { name: 'Installation', exact: true }).click();
      await expect.poll(() => reader.title.innerText(), eventually).toBe('Installation');
      expect(app.route()).toMatch(/\?page=/);
    },
    AXE_TIMEOUT,
  );

  it('treats quotes and symbols as text: results or the empty state, never an error', async () => {
    const { search } = await open();
    await search.input.click();

    await search.fill(`"first" project's <script>alert(1)</script> && OR *`);
    await expect
      .poll(async () => (await search.results.count()) + (await search.empty.count()), eventually)
      .toBe(1);
    expect(await search.panel.getByRole('alert').count()).toBe(0);
    expect(await search.panel.locator('.banner').count()).toBe(0);

    const symbols = `"*^() -- ; 🦓`;
    await search.fill(symbols);
    await search.empty.waitFor();
    expect(await search.empty.innerText()).toBe(`No pages match “${symbols}”`);

    await search.fill('zqxjvbnonexistentword');
    await expect
      .poll(() => search.empty.innerText(), eventually)
      .toBe('No pages match “zqxjvbnonexistentword”');
    expect(await search.panel.locator('.banner').count()).toBe(0);

    // Escape closes the panel, then clears the box.
    await search.input.press('Escape');
    await search.panel.waitFor({ state: 'detached' });
    await search.input.press('Escape');
    expect(await search.input.inputValue()).toBe('');
  });
});
