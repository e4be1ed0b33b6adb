/**
 * User stories of the content tree: rearranging collections and spaces by drag and drop and by keyboard, moves
 * the server refuses, several items at once. Every test makes its own items (unique titles) and filters the tree
 * down to them; every effect is checked through the API as well as on the screen.
 */
import { describe, expect, it } from 'vitest';
import { ContentTreePage } from './pages/content-tree.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

describe('an administrator rearranging the content tree', () => {
  const session = useRig();

  const api = () => spacesApi(session.rig.api);
  const orgId = () => session.rig.orgId;
  const parentOfSpace = async (id: string) => (await api().space(id)).parent ?? null;
  const parentOfCollection = async (id: string) => (await api().collection(id)).parent ?? null;
  /** The titles of the spaces in `parent` that belong to this test (carry its tag), in the server's order. */
  const spacesIn = async (parent: string | null, tag: string) =>
    (await session.rig.api.childTitles(orgId(), parent)).spaces.filter((title) => title.startsWith(tag));

  /**
   * Opens the app on the Content screen, filtered to the test's items: at its route, or (`from: 'sidebar'`) on the
   * overview and through the sidebar's link.
   */
  const open = async (tag: string, from: 'route' | 'sidebar' = 'route') => {
    const route = from === 'route' ? ContentTreePage.route(orgId()) : undefined;
    await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    const content = new ContentTreePage(session.tab.page);
    if (from === 'route') await content.shown();
    else await content.goto();
    await content.filter(tag);
    return content;
  };

  it('drags a space into a collection, then back out to the top level', async () => {
    const tag = uniqueTitle('Drag');
    const box = await api().createCollection(orgId(), { title: `${tag} box` });
    const alpha = await api().createSpace(orgId(), { title: `${tag} alpha` });
    const omega = await api().createSpace(orgId(), { title: `${tag} omega` });
    const content = await open(tag);
    await content.row(alpha.title).waitFor();

    await content.drag(alpha.title, box.title, 'inside', async () => {
      const overlay = session.tab.page.getByTestId('drag-overlay');
      await overlay.waitFor();
      expect(await overlay.innerText()).toContain(alpha.title);
    });
    await expect.poll(() => parentOfSpace(alpha.id), eventually).toBe(box.id);
    await expect.poll(() => content.depth(alpha.title), eventually).toBe(1);
    await content.settled();

    await content.drag(alpha.title, omega.title, 'after');
    await expect.poll(() => parentOfSpace(alpha.id), eventually).toBeNull();
    await expect.poll(() => spacesIn(null, tag), eventually).toEqual([omega.title, alpha.title]);
    await expect.poll(() => content.depth(alpha.title), eventually).toBe(0);
    await content.settled();
    expect(await content.titles()).toEqual([box.title, omega.title, alpha.title]);
  });

  it('reorders spaces of a collection by drag', async () => {
    const tag = uniqueTitle('Order');
    const box = await api().createCollection(orgId(), { title: `${tag} box` });
    const first = await api().createSpace(orgId(), { title: `${tag} a`, parent: box.id });
    const second = await api().createSpace(orgId(), { title: `${tag} b`, parent: box.id });
    const third = await api().createSpace(orgId(), { title: `${tag} c`, parent: box.id });
    const content = await open(tag);
    await content.row(third.title).waitFor();

    await content.drag(third.title, first.title, 'before');
    await expect
      .poll(() => spacesIn(box.id, tag), eventually)
      .toEqual([third.title, first.title, second.title]);
    await content.settled();
    expect(await content.titles()).toEqual([box.title, third.title, first.title, second.title]);

    await content.drag(third.title, second.title, 'after');
    await expect
      .poll(() => spacesIn(box.id, tag), eventually)
      .toEqual([first.title, second.title, third.title]);
  });

  it('moves a collection with everything in it', async () => {
    const tag = uniqueTitle('Nest');
    const from = await api().createCollection(orgId(), { title: `${tag} from` });
    const to = await api().createCollection(orgId(), { title: `${tag} to` });
    const inner = await api().createCollection(orgId(), { title: `${tag} inner`, parent: from.id });
    const leaf = await api().createSpace(orgId(), { title: `${tag} leaf`, parent: inner.id });
    const content = await open(tag);
    await content.row(leaf.title).waitFor();
    expect(await content.depth(leaf.title)).toBe(2);

    await content.drag(inner.title, to.title, 'inside');
    await expect.poll(() => parentOfCollection(inner.id), eventually).toBe(to.id);
    expect(await parentOfSpace(leaf.id)).toBe(inner.id);
    await content.settled();
    await expect
      .poll(() => content.titles(), eventually)
      .toEqual([from.title, to.title, inner.title, leaf.title]);
    expect(await content.depth(inner.title)).toBe(1);
    expect(await content.depth(leaf.title)).toBe(2);
  });

  it('moves by keyboard: “Move to…” (M) into a collection, Alt+Arrow Up among siblings, back to the top level', async () => {
    const tag = uniqueTitle('Keys');
    const box = await api().createCollection(orgId(), { title: `${tag} box` });
    const x = await api().createSpace(orgId(), { title: `${tag} x`, parent: box.id });
    const y = await api().createSpace(orgId(), { title: `${tag} y`, parent: box.id });
    const mover = await api().createSpace(orgId(), { title: `${tag} mover` });
    const content = await open(tag);
    await content.row(mover.title).waitFor();

    await content.moveWithDialog(mover.title, box.title);
    await expect.poll(() => parentOfSpace(mover.id), eventually).toBe(box.id);
    await expect.poll(() => spacesIn(box.id, tag), eventually).toEqual([x.title, y.title, mover.title]);
    await content.settled();

    await content.press(mover.title, 'Alt+ArrowUp');
    await expect.poll(() => spacesIn(box.id, tag), eventually).toEqual([x.title, mover.title, y.title]);
    await expect.poll(() => content.announcer.innerText(), eventually).toContain('Moved up');
    await content.settled();
    expect(await content.titles()).toEqual([box.title, x.title, mover.title, y.title]);

    await content.moveWithDialog(mover.title, 'Top level');
    await expect.poll(() => parentOfSpace(mover.id), eventually).toBeNull();
    await expect.poll(() => content.depth(mover.title), eventually).toBe(0);
  });

  it('refuses a collection into its own sub-collection without asking the server', async () => {
    const tag = uniqueTitle('Loop');
    const outer = await api().createCollection(orgId(), { title: `${tag} outer` });
    const inner = await api().createCollection(orgId(), { title: `${tag} inner`, parent: outer.id });
    const content = await open(tag);
    await content.row(inner.title).waitFor();

    await content.drag(outer.title, inner.title, 'inside', async () => {
      await session.tab.page.locator('[data-testid="drop-indicator"][data-refused="true"]').waitFor();
    });
    await expect.poll(() => content.lastToast(), eventually).toContain('cannot go inside');
    expect(await content.pending()).toBe(0);
    expect(await parentOfCollection(outer.id)).toBeNull();
    expect(await parentOfCollection(inner.id)).toBe(outer.id);
    expect(await content.depth(inner.title)).toBe(1);
  });

  it('puts a move back, with the server’s message, when the server refuses it', async () => {
    const tag = uniqueTitle('Refused');
    const box = await api().createCollection(orgId(), { title: `${tag} box` });
    const stays = await api().createSpace(orgId(), { title: `${tag} stays` });
    const gone = await api().createSpace(orgId(), { title: `${tag} gone` });
    const content = await open(tag);
    await content.row(gone.title).waitFor();
    // Behind the screen's back: the sibling the drop will name is no longer at the top level.
    const moved = await session.rig.api.call('POST', `/v1/spaces/${gone.id}/move`, {
      body: { parent: box.id },
    });
    expect(moved.status).toBe(200);

    await content.drag(stays.title, gone.title, 'after');
    await expect.poll(() => content.lastToast(), eventually).toMatch(/not moved[\s\S]*position\.after/);
    await content.settled();
    expect(await parentOfSpace(stays.id)).toBeNull();
    // Put back, then refreshed from the server: the sibling shows where it really is.
    await expect.poll(() => content.depth(gone.title), eventually).toBe(1);
    expect(await content.depth(stays.title)).toBe(0);
  });

  it('drags two selected spaces together into a collection', async () => {
    const tag = uniqueTitle('Pair');
    const box = await api().createCollection(orgId(), { title: `${tag} box` });
    const one = await api().createSpace(orgId(), { title: `${tag} one` });
    const two = await api().createSpace(orgId(), { title: `${tag} two` });
    const three = await api().createSpace(orgId(), { title: `${tag} three` });
    const content = await open(tag);
    await content.row(three.title).waitFor();

    await content.click(one.title);
    await content.click(three.title, 'Control');
    await expect.poll(() => content.selectedTitles(), eventually).toEqual([one.title, three.title]);

    await content.drag(three.title, box.title, 'inside', async () => {
      expect(await session.tab.page.getByTestId('drag-overlay').innerText()).toContain('2 items');
    });
    await expect.poll(() => spacesIn(box.id, tag), eventually).toEqual([one.title, three.title]);
    expect(await parentOfSpace(two.id)).toBeNull();
    await content.settled();
    expect(await content.titles()).toEqual([box.title, one.title, three.title, two.title]);
  });

  it('creates a collection and a space in it, renames inline with F2, and remembers what is open after a reload', async () => {
    const tag = uniqueTitle('New');
    const content = await open(tag, 'sidebar');
    const page = session.tab.page;

    await page.getByTestId('new-collection').click();
    await page.getByTestId('new-item-title').fill(`${tag} folder`);
    await page.getByTestId('new-item-create').click();
    await content.row(`${tag} folder`).waitFor();
    // The new collection is selected: a new space goes inside it.
    await page.getByTestId('new-space').click();
    await page.getByTestId('new-item-title').fill(`${tag} draft`);
    await page.getByTestId('new-item-create').click();
    await content.row(`${tag} draft`).waitFor();
    const folderId = await content.row(`${tag} folder`).getAttribute('data-id');
    await expect.poll(() => spacesIn(folderId, tag), eventually).toEqual([`${tag} draft`]);

    await content.press(`${tag} draft`, 'F2');
    await page.getByTestId('tree-rename-input').fill(`${tag} final`);
    await page.keyboard.press('Enter');
    await expect.poll(() => spacesIn(folderId, tag), eventually).toEqual([`${tag} final`]);
    await content.row(`${tag} final`).waitFor();

    await content.filter('');
    await content.expand(`${tag} folder`);
    await page.reload();
    await content.tree.waitFor();
    await content.filter(tag);
    await content.row(`${tag} final`).waitFor();
    await content.filter('');
    await expect
      .poll(() => content.row(`${tag} folder`).getAttribute('aria-expanded'), eventually)
      .toBe('true');
  });
});
