/** User stories of a space's and a collection's settings and actions: rename, default access, transfer, delete. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SpacePage } from './pages/space.ts';
import { TrashPage } from './pages/trash.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

/** The second demo organization, which the demo admin also administers. */
const OTHER_ORG = 'Acme Labs';

describe('an administrator changing a space or a collection', () => {
  const session = useRig();

  /** Opens the app and the screen of a new space made for the test. */
  const openNewSpace = async (prefix: string, parent?: string) => {
    const spaces = spacesApi(session.rig.api);
    const space = await spaces.createSpace(session.rig.orgId, {
      title: uniqueTitle(prefix),
      ...(parent !== undefined ? { parent } : {}),
    });
    // Opened at the space's route: the overview the app opens on otherwise is not part of these stories.
    const app = await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      SpacePage.route(session.rig.orgId, space.id),
    );
    const screen = new SpacePage(session.tab.page);
    await screen.goto(session.rig.orgId, space.id);
    return { app, screen, space, spaces };
  };

  it('renames a space and changes its default access on its screen', async () => {
    const { screen, space, spaces } = await openNewSpace('Rename me');
    const title = uniqueTitle('Renamed');

    await screen.rename(title);
    await expect.poll(async () => (await spaces.space(space.id)).title, eventually).toBe(title);
    await expect
      .poll(() => screen.root.getByRole('heading', { level: 1 }).innerText(), eventually)
      .toContain(title);

    await screen.setDefaultLevel('comment');
    await expect.poll(async () => (await spaces.space(space.id)).defaultLevel, eventually).toBe('comment');
    await screen.setDefaultLevel('none');
    await expect.poll(async () => (await spaces.space(space.id)).defaultLevel, eventually).toBeNull();

    await session.tab.page.reload();
    await screen.title.waitFor();
    await expect.poll(() => screen.title.inputValue(), eventually).toBe(title);
    expect(await screen.defaultLevel.inputValue()).toBe('none');
  });

  it('refuses a title over 50 characters in the form, naming the field, and keeps what was typed', async () => {
    const { screen, space, spaces } = await openNewSpace('Too long');
    const long = 'L'.repeat(51);

    await screen.rename(long);
    const error = screen.fieldError('title');
    await error.waitFor();
    expect(await error.innerText()).toBe('Title can have at most 50 characters.');
    expect(await screen.title.inputValue()).toBe(long);
    expect((await spaces.space(space.id)).title).toBe(space.title);

    // Fixing it saves.
    await screen.rename('L'.repeat(50));
    await expect.poll(async () => (await spaces.space(space.id)).title, eventually).toBe('L'.repeat(50));
  });

  it('transfers a space to another organization', async () => {
    const { screen, space, spaces } = await openNewSpace('Transfer space');
    const labs = await session.rig.api.orgId(OTHER_ORG);

    await screen.transfer(OTHER_ORG);
    await session.tab.page
      .getByTestId('toast')
      .filter({ hasText: `moved to ${OTHER_ORG}` })
      .waitFor();

    expect((await spaces.space(space.id)).organization).toBe(labs);
    expect(await spaces.spaceIds(session.rig.orgId)).not.toContain(space.id);
    expect(await spaces.spaceIds(labs)).toContain(space.id);
  });

  it('transfers a collection with the space inside it', async () => {
    const spaces = spacesApi(session.rig.api);
    const collection = await spaces.createCollection(session.rig.orgId, {
      title: uniqueTitle('Transfer group'),
    });
    const { screen, space } = await openNewSpace('Inside', collection.id);
    const labs = await session.rig.api.orgId(OTHER_ORG);

    const panel = await screen.openCollection(collection.title);
    const said = await (async () => {
      await panel.getByTestId('details-transfer').click();
      return session.tab.page.getByTestId('transfer-dialog').innerText();
    })();
    expect(said).toMatch(/with everything inside it/);
    expect(said).toMatch(/admin rights in both organizations/);
    await session.tab.page.keyboard.press('Escape');
    await screen.transfer(OTHER_ORG, panel);

    await expect
      .poll(async () => (await spaces.collection(collection.id)).organization, eventually)
      .toBe(labs);
    const moved = await spaces.space(space.id);
    expect(moved.organization).toBe(labs);
    expect(moved.parent).toBe(collection.id);
  });

  it('deletes a space, which then waits in the Trash, and restores it from there', async () => {
    const { app, screen, space, spaces } = await openNewSpace('Delete me');

    const said = await screen.delete();
    expect(said).toContain(space.title);
    expect(said).toContain('stays in the Trash for 7 days');
    await screen.deletedBanner.waitFor();
    expect(await screen.deletedBanner.innerText()).toMatch(/In the trash — (7|6) days left/);
    await expect.poll(() => spaces.trashIds(session.rig.orgId), eventually).toContain(space.id);

    const trash = new TrashPage(app.page);
    await trash.goto();
    await trash.row(space.id).waitFor();
    await trash.restore(space.id);

    await expect.poll(async () => (await spaces.space(space.id)).deletedAt, eventually).toBeUndefined();
    expect(await spaces.spaceIds(session.rig.orgId)).toContain(space.id);
    expect(await spaces.trashIds(session.rig.orgId)).not.toContain(space.id);
  });

  it('locks and unlocks a space from its settings', async () => {
    const { screen, space, spaces } = await openNewSpace('Lock me');
    const lock = screen.settings.getByTestId('details-lock');

    await lock.click();
    const dialog = session.tab.page.getByTestId('lock-dialog');
    expect(await dialog.innerText()).toMatch(/edit of its content is refused/);
    await dialog.getByTestId('confirm-button').click();
    await expect.poll(async () => (await spaces.space(space.id)).editMode, eventually).toBe('locked');
    await expect.poll(() => lock.isChecked(), eventually).toBe(true);

    await lock.click();
    await expect.poll(async () => (await spaces.space(space.id)).editMode, eventually).toBe('live');
  });

  it('picks an emoji with the keyboard, then clears it', async () => {
    const { screen, space, spaces } = await openNewSpace('Emoji');
    const page = session.tab.page;

    await screen.settings.getByTestId('details-emoji').click();
    const dialog = page.getByTestId('emoji-dialog');
    await dialog.getByTestId('emoji-input').waitFor();
    await dialog.getByTestId('emoji-option').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await dialog.getByTestId('emoji-input').inputValue()).toBe('📁');
    await dialog.getByTestId('emoji-save').click();
    await expect.poll(async () => (await spaces.space(space.id)).emoji, eventually).toBe('📁');

    await screen.settings.getByTestId('details-emoji').click();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByTestId('emoji-save').click();
    await expect.poll(async () => (await spaces.space(space.id)).emoji, eventually).toBe('');
  });

  it('duplicates a space and opens the copy from the toast', async () => {
    const { app, screen, space, spaces } = await openNewSpace('Original');

    await screen.settings.getByTestId('details-duplicate').click();
    await session.tab.page.getByTestId('open-copy').click();
    await expect.poll(() => app.route(), eventually).toMatch(/\/spaces\/[^/]+$/);
    const copyId = app.route().split('/').pop()!;
    expect(copyId).not.toBe(space.id);
    await expect.poll(() => screen.title.inputValue(), eventually).toBe(`${space.title} (copy)`);
    expect((await spaces.space(copyId)).title).toBe(`${space.title} (copy)`);
  });
});
