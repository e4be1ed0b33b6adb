/** User stories of the Trash: deleted spaces listed with their time left, restored one by one or together. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SpacePage } from './pages/space.ts';
import { TrashPage } from './pages/trash.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

describe('an administrator restoring deleted spaces', () => {
  const session = useRig();

  /** Creates spaces and deletes them through the API. */
  const deletedSpaces = async (count: number) => {
    const spaces = spacesApi(session.rig.api);
    const made = [];
    for (let index = 0; index < count; index += 1) {
      const space = await spaces.createSpace(session.rig.orgId, {
        title: uniqueTitle('Trashed'),
        emoji: '🧪',
      });
      await spaces.deleteSpace(space.id);
      made.push(space);
    }
    return { spaces, made };
  };

  it('lists a deleted space with the days left and restores it', async () => {
    const { spaces, made } = await deletedSpaces(1);
    const space = made[0]!;
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const trash = new TrashPage(app.page);
    await trash.goto();

    await trash.row(space.id).waitFor();
    expect(await trash.row(space.id).innerText()).toContain(space.title);
    expect(await trash.timeLeft(space.id)).toMatch(/^(7|6) days left$/);

    await trash.restore(space.id);
    await expect.poll(async () => (await spaces.space(space.id)).deletedAt, eventually).toBeUndefined();
    expect(await spaces.spaceIds(session.rig.orgId)).toContain(space.id);
  });

  it('restores a selection of deleted spaces together', async () => {
    const { spaces, made } = await deletedSpaces(2);
    const ids = made.map((space) => space.id);
    const app = await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      TrashPage.route(session.rig.orgId),
    );
    const trash = new TrashPage(app.page);
    await trash.shown();

    await trash.restoreSelected(ids);
    await session.tab.page.getByTestId('toast').filter({ hasText: '2 spaces restored' }).waitFor();
    const active = await spaces.spaceIds(session.rig.orgId);
    for (const id of ids) expect(active).toContain(id);
    const left = await spaces.trashIds(session.rig.orgId);
    for (const id of ids) expect(left).not.toContain(id);
  });

  it('shows a deleted space on its screen as in the trash, and restores it from there', async () => {
    const { spaces, made } = await deletedSpaces(1);
    const space = made[0]!;
    await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      SpacePage.route(session.rig.orgId, space.id),
    );
    const screen = new SpacePage(session.tab.page);
    await screen.goto(session.rig.orgId, space.id);

    await screen.deletedBanner.waitFor();
    expect(await screen.deletedBanner.innerText()).toMatch(/In the trash — (7|6) days left/);
    expect(await screen.settings.getByTestId('details-delete').count()).toBe(0);

    await screen.restore();
    await expect.poll(async () => (await spaces.space(space.id)).deletedAt, eventually).toBeUndefined();
  });
});
