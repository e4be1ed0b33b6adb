/**
 * Drag previews stay under the pointer in the three virtualized lists (members, content tree, site structure), for
 * a row far down its list: once the list is scrolled to its end, the last row is picked up with the mouse and the
 * preview must lie within 48 px of the pointer. (Rows are placed with transforms; the preview once started as many
 * rows above the pointer as the row's index.) Each drag is cancelled with Escape: nothing is dropped.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';

/** The farthest the preview may be from the pointer. */
const NEAR = 48;

/** Distance from a point to a box (0 inside it). */
function distance(
  point: { x: number; y: number },
  box: { x: number; y: number; width: number; height: number },
) {
  const dx = Math.max(box.x - point.x, 0, point.x - (box.x + box.width));
  const dy = Math.max(box.y - point.y, 0, point.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

/** Scrolls `list` to its end with the mouse wheel, then answers its last row (scrolled into view). */
async function lastRow(page: Page, list: Locator, rows: Locator): Promise<Locator> {
  const box = await list.boundingBox();
  if (box === null) throw new Error('the list has no box on the screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let turn = 0; turn < 20; turn++) await page.mouse.wheel(0, 2000);
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))');
  // While a list scrolls, its rows are mounted by slot rather than in the order shown (ui/slots.ts, mountOrder): the
  // last row in the DOM is the last one on the screen once it is at rest again.
  await list.locator('[data-scrolling]').waitFor({ state: 'detached' });
  const row = rows.last();
  await row.scrollIntoViewIfNeeded();
  return row;
}

/**
 * Picks up `grip` with the mouse, moves it away in steps, and measures the preview `preview` from the pointer;
 * then cancels the drag. Answers the distance.
 */
async function previewDistance(page: Page, grip: Locator, preview: Locator): Promise<number> {
  const box = await grip.boundingBox();
  if (box === null) throw new Error('the grip has no box on the screen');
  const start = { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const end = { x: start.x + 60, y: start.y - 120 };
  await page.mouse.move(start.x + 8, start.y - 4, { steps: 3 });
  await page.mouse.move(end.x, end.y, { steps: 10 });
  try {
    await preview.waitFor();
    const shown = await preview.boundingBox();
    if (shown === null) throw new Error('the preview has no box on the screen');
    return distance(end, shown);
  } finally {
    await page.keyboard.press('Escape');
    await page.mouse.up();
  }
}

describe('drag previews stay under the pointer', () => {
  const session = useRig();

  it('in the members table, for its last member', async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.members.goto();
    const page = session.tab.page;
    const row = await lastRow(page, page.locator('.members-grid'), page.getByTestId('member-row'));
    expect(Number(await row.getAttribute('data-index'))).toBeGreaterThanOrEqual(20);
    const away = await previewDistance(
      page,
      row.getByTestId('member-drag-handle'),
      page.getByTestId('drag-overlay'),
    );
    expect(away).toBeLessThanOrEqual(NEAR);
  });

  it('in the content tree, for its last row with every collection open', async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.page.getByTestId('nav-content').click();
    const page = session.tab.page;
    await page.getByTestId('content-tree').waitFor();
    await page.getByTestId('content-expand-all').click();
    const row = await lastRow(page, page.getByTestId('content-tree'), page.getByTestId('tree-row'));
    expect(Number(await row.getAttribute('data-index'))).toBeGreaterThanOrEqual(20);
    const away = await previewDistance(page, row, page.getByTestId('drag-overlay'));
    expect(away).toBeLessThanOrEqual(NEAR);
  });

  it("in a site's structure, for its last row", async () => {
    const { api, orgId } = session.rig;
    const sites = await api.call('GET', `/v1/orgs/${orgId}/sites`, { query: { limit: 100 } });
    const site = (sites.body as { items: { id: string; title: string }[] }).items.find(
      (item) => item.title === 'Acme Docs',
    );
    if (site === undefined) throw new Error('the demo has no site titled Acme Docs');
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const page = app.page;
    await page.goto(`${new URL(page.url()).origin}/#/p/local/orgs/${orgId}/sites/${site.id}`);
    await page.getByTestId('site-tab-structure').click();
    const rows = page.getByTestId('structure-row');
    await rows.first().waitFor();
    const row = await lastRow(page, page.getByTestId('structure-tree'), rows);
    expect(await rows.count()).toBeGreaterThanOrEqual(10);
    const away = await previewDistance(page, row, page.getByTestId('structure-drag-overlay'));
    expect(away).toBeLessThanOrEqual(NEAR);
  });
});
