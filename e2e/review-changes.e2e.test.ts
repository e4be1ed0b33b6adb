/**
 * User stories of reviewing a change request's changes: the changed pages as a tree with their markers (edited,
 * renamed, moved, added, deleted: a rename and a move are structure changes, not a delete and an add); a rendered
 * diff and a markdown source diff with the edited words highlighted; the layout remembered after a reload; the
 * keyboard path between pages and changes; and a "viewed" mark that goes once the page changes again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../shared/contract/resources/revisions.ts';
import { ChangeRequestPage } from './pages/change-request.ts';
import { ChangesTab } from './pages/changes.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { SCHEMES, screenshotBothSchemes } from './support/screenshots.ts';
import { uniqueTitle } from './support/spaces-api.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';

const INSTALL_BASE =
  '# Install\n\nInstall the tool with npm.\n\nIt needs Node 22 or later.\n\nRun the setup wizard.\n\nThen open the dashboard.\n';
const INSTALL_HEAD =
  '# Install\n\nInstall the tool with pnpm.\n\nIt needs Node 22 or later.\n\nRun the setup wizard.\n\nThen open the console.\n';

function idOf(pages: readonly Page[], title: string): string {
  const page = pages.find((candidate) => candidate.title === title);
  if (page === undefined) throw new Error(`no page "${title}" in ${pages.map((p) => p.title).join(', ')}`);
  return page.id;
}

describe('a reviewer reading the changes of a change request', () => {
  const session = useRig();

  /**
   * A space with five pages and an open request that edits "Install", renames "Overview" to "About", moves
   * "Limits" under "Advanced", deletes "Legacy API" and adds "Changelog".
   */
  const arrange = async () => {
    const requests = changeRequestsApi(session.rig.api);
    const { spaceId } = await requests.createSpaceWithPages(session.rig.orgId, uniqueTitle('Review space'), [
      { title: 'Install', markdown: INSTALL_BASE },
      { title: 'Overview', markdown: '# Overview\n\nWhat the tool does.\n' },
      { title: 'Advanced', markdown: '# Advanced\n\nFor experts.\n' },
      { title: 'Limits', markdown: '# Limits\n\n100 requests a minute.\n' },
      { title: 'Legacy API', markdown: '# Legacy API\n\nDo not use.\n' },
    ]);
    const request = await requests.create(spaceId, uniqueTitle('Rework the guide'));
    const pages = await requests.pages(spaceId, request.id);
    const ids = {
      install: idOf(pages, 'Install'),
      overview: idOf(pages, 'Overview'),
      advanced: idOf(pages, 'Advanced'),
      limits: idOf(pages, 'Limits'),
      legacy: idOf(pages, 'Legacy API'),
    };
    await requests.edit(spaceId, request.id, [
      { operation: 'update_page', page: ids.install, document: { markdown: INSTALL_HEAD } },
      { operation: 'update_page', page: ids.overview, title: 'About' },
      { operation: 'update_page', page: ids.limits, into: ids.advanced },
      { operation: 'delete_page', page: ids.legacy },
      {
        operation: 'insert_page',
        title: 'Changelog',
        document: { markdown: '# Changelog\n\nFirst release.\n' },
      },
    ]);
    const route = ChangeRequestPage.route(session.rig.orgId, spaceId, request.id, 'changes');
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    const screen = new ChangeRequestPage(app.page);
    const changes = new ChangesTab(app.page);
    const open = async () => {
      await screen.goto(session.rig.orgId, spaceId, request.id, 'changes');
      await changes.tree.waitFor();
    };
    await open();
    return { app, requests, spaceId, request, ids, changes, open };
  };

  it('shows the changed pages with their markers, a rendered and a source diff, and structure changes', async () => {
    const { app, changes } = await arrange();

    await expect
      .poll(() => changes.root.getByTestId('review-changed-count').innerText(), eventually)
      .toBe('5 changed pages');
    // Only changed pages (and the ancestors that place them) by default; the deleted page at its base place.
    expect(await changes.rowTitles()).toEqual([
      'Install',
      'About',
      'Advanced',
      'Limits',
      'Legacy API',
      'Changelog',
    ]);
    expect(await changes.kinds('Install')).toEqual(['edited']);
    expect(await changes.kinds('About')).toEqual(['renamed']);
    expect(await changes.kinds('Limits')).toEqual(['moved']);
    expect(await changes.kinds('Legacy API')).toEqual(['deleted']);
    expect(await changes.kinds('Changelog')).toEqual(['added']);
    expect(await changes.kinds('Advanced')).toEqual([]);
    expect(await changes.row('Install').textContent()).toContain('edited');

    // The first changed page is shown: the rendered diff, side by side, with the edited words marked.
    await expect.poll(() => changes.shownTitle(), eventually).toBe('Install');
    await changes.rendered.waitFor();
    expect(await changes.rendered.getAttribute('data-layout')).toBe('split');
    await expect.poll(() => changes.words('del').allInnerTexts(), eventually).toEqual(['npm', 'dashboard']);
    expect(await changes.words('ins').allInnerTexts()).toEqual(['pnpm', 'console']);
    expect(await changes.blocks('del').first().innerText()).toContain('Install the tool with npm');
    expect(await changes.blocks('add').first().innerText()).toContain('Install the tool with pnpm');
    // The diffs were computed by the diff worker, off the page's main thread.
    expect(app.page.workers().some((worker) => worker.url().includes('diff.worker'))).toBe(true);
    // Line counts reach the tree once the background diffs are done.
    await expect
      .poll(() => changes.row('Install').getByTestId('review-counts').innerText(), eventually)
      .toMatch(/\+2\D+2/);

    // The markdown source: removed and added lines, the changed words highlighted inside them.
    await changes.lens('source');
    await changes.source.waitFor();
    expect(await changes.lines('del').allInnerTexts()).toEqual([
      expect.stringContaining('Install the tool with npm.'),
      expect.stringContaining('Then open the dashboard.'),
    ]);
    expect(await changes.words('del').allInnerTexts()).toEqual(['npm', 'dashboard']);
    expect(await changes.words('ins').allInnerTexts()).toEqual(['pnpm', 'console']);

    // A rename and a move are structure changes of the same page, not a deletion plus an addition.
    await changes.open('About');
    await expect
      .poll(() => changes.structure.getByTestId('review-structure-renamed').innerText(), eventually)
      .toBe('Renamed “Overview” → “About”');
    await changes.root.getByTestId('review-body-unchanged').waitFor();
    await changes.open('Limits');
    await expect
      .poll(() => changes.structure.getByTestId('review-structure-moved').innerText(), eventually)
      .toBe('Moved from the top level to Advanced');

    // An added page is all added; a deleted one all removed.
    await changes.lens('rendered');
    await changes.open('Changelog');
    await expect.poll(() => changes.blocks('add').count(), eventually).toBe(2);
    expect(await changes.blocks('del').count()).toBe(0);
    await changes.open('Legacy API');
    await expect.poll(() => changes.blocks('del').count(), eventually).toBe(2);
    expect(await changes.blocks('add').count()).toBe(0);

    // Every page, changed or not (a new space starts with an "Introduction" page).
    await changes.onlyChanged.uncheck();
    await expect.poll(() => changes.rowTitles(), eventually).toContain('Introduction');
    expect(await changes.kinds('Introduction')).toEqual([]);
    expect((await changes.rowTitles()).length).toBe(7);
  });

  it('remembers inline or side by side after a reload', async () => {
    const { app, changes, open } = await arrange();
    await changes.rendered.waitFor();
    await changes.layout('inline');
    await expect.poll(() => changes.rendered.getAttribute('data-layout'), eventually).toBe('inline');
    // Inline: the removed block, then the added one.
    const blocks = await changes.rendered.locator('[data-testid="diff-block"]').all();
    const kinds = await Promise.all(blocks.map((block) => block.getAttribute('data-kind')));
    expect(kinds.indexOf('del')).toBeLessThan(kinds.indexOf('add'));

    await app.page.reload();
    await open();
    await changes.rendered.waitFor();
    expect(await changes.rendered.getAttribute('data-layout')).toBe('inline');
    await changes.layout('split');
    await expect.poll(() => changes.rendered.getAttribute('data-layout'), eventually).toBe('split');
  });

  it('moves between changed pages and between changes by keyboard', async () => {
    const { app, changes, ids } = await arrange();
    const keyboard = app.page.keyboard;
    await expect.poll(() => changes.shownPageId(), eventually).toBe(ids.install);
    await changes.rendered.waitFor();

    // Next and previous change within the page.
    await keyboard.press('n');
    await expect.poll(() => changes.changePosition.innerText(), eventually).toBe('Change 1 of 2');
    expect(await changes.currentChange.innerText()).toContain('npm');
    await keyboard.press('n');
    await expect.poll(() => changes.changePosition.innerText(), eventually).toBe('Change 2 of 2');
    expect(await changes.currentChange.innerText()).toContain('console');
    await keyboard.press('p');
    await expect.poll(() => changes.changePosition.innerText(), eventually).toBe('Change 1 of 2');

    // Next and previous changed page: j / k and Alt+↓ / Alt+↑; the address follows.
    await keyboard.press('j');
    await expect.poll(() => changes.shownPageId(), eventually).toBe(ids.overview);
    expect(app.route()).toContain(`page=${ids.overview}`);
    await keyboard.press('Alt+ArrowDown');
    await expect.poll(() => changes.shownPageId(), eventually).toBe(ids.limits);
    await keyboard.press('k');
    await expect.poll(() => changes.shownPageId(), eventually).toBe(ids.overview);
    await keyboard.press('Alt+ArrowUp');
    await expect.poll(() => changes.shownPageId(), eventually).toBe(ids.install);

    // s and r switch the lens; the tree itself answers arrows and Enter.
    await keyboard.press('s');
    await changes.source.waitFor();
    await keyboard.press('r');
    await changes.rendered.waitFor();
    await changes.row('Install').focus();
    await keyboard.press('ArrowDown');
    await keyboard.press('Enter');
    await expect.poll(() => changes.shownPageId(), eventually).toBe(ids.overview);
  });

  it('marks a page viewed until it changes again', async () => {
    const { app, changes, requests, spaceId, request, ids, open } = await arrange();
    await expect.poll(() => changes.viewedCount.innerText(), eventually).toBe('0 of 5 viewed');
    await changes.viewed.check();
    await expect.poll(() => changes.viewedCount.innerText(), eventually).toBe('1 of 5 viewed');
    expect(await changes.row('Install').getByTestId('review-row-viewed').isChecked()).toBe(true);
    // v marks the page shown too.
    await changes.open('Changelog');
    await app.page.keyboard.press('v');
    await expect.poll(() => changes.viewedCount.innerText(), eventually).toBe('2 of 5 viewed');

    await app.page.reload();
    await open();
    await expect.poll(() => changes.viewedCount.innerText(), eventually).toBe('2 of 5 viewed');

    // The author edits "Install" again: its mark is gone, the other stays.
    await requests.edit(spaceId, request.id, [
      {
        operation: 'update_page',
        page: ids.install,
        document: { markdown: `${INSTALL_HEAD}\nOne more line.\n` },
      },
    ]);
    await app.page.reload();
    await open();
    await expect.poll(() => changes.viewedCount.innerText(), eventually).toBe('1 of 5 viewed');
    expect(await changes.row('Install').getByTestId('review-row-viewed').isChecked()).toBe(false);
    expect(await changes.row('Changelog').getByTestId('review-row-viewed').isChecked()).toBe(true);
  });

  it(
    'reads well to assistive technology in both themes, in every lens',
    async () => {
      const { app, changes } = await arrange();
      const page = app.page;
      await changes.rendered.waitFor();
      await changes.words('ins').first().waitFor();
      await changes.root.getByTestId('review-shortcuts-toggle').click();
      await changes.root.getByTestId('review-shortcuts').waitFor();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await seriousViolations(page), `rendered side by side, ${scheme}`).toEqual([]);
      }
      await screenshotBothSchemes(page, 'review-changes-split');
      await changes.layout('inline');
      await changes.open('Limits');
      await changes.structure.waitFor();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await seriousViolations(page), `inline with a structure change, ${scheme}`).toEqual([]);
      }
      await changes.open('Install');
      await changes.lens('source');
      await changes.source.waitFor();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await seriousViolations(page), `source, ${scheme}`).toEqual([]);
      }
      await screenshotBothSchemes(page, 'review-changes-source');
    },
    AXE_TIMEOUT,
  );
});
