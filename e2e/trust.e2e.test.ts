/**
 * User stories of explicit, reversible admin changes: a role changes only on an explicit choice, changing one's own
 * role asks first, and Undo reverses a role change, a move in the content tree, a move between teams and sending a
 * space to the Trash, each checked through the API.
 */
import { describe, expect, it } from 'vitest';
import { chooseByKeyboard, chooseByMouse, openChoices } from './pages/choice-menu.ts';
import { ContentTreePage } from './pages/content-tree.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { InvitesPage } from './pages/invites.ts';
import { MembersPage } from './pages/members.ts';
import { SpacePage } from './pages/space.ts';
import { undoFromToast } from './pages/unsaved.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';
import { recordWrites } from './support/writes.ts';

describe('an administrator whose changes are explicit and reversible', () => {
  const session = useRig();

  /** Opens the app at a screen's route (these stories are about the changes made there, not the way to it). */
  const open = (route: string) => DocsAdmin.open(session.tab.page, session.rig.running.url, route);

  const openMembers = async (search: string, name: string) => {
    const app = await open(MembersPage.route(session.rig.orgId));
    await app.members.shown();
    await app.members.search(search);
    await expect.poll(() => app.members.names(), eventually).toEqual([name]);
    return app;
  };

  it('changes nothing with arrow keys on a role menu; only a choice with Enter sends the change', async () => {
    const { members } = await openMembers('barbara', 'Barbara Liskov');
    const page = session.tab.page;
    const barbara = await session.rig.api.memberId(session.rig.orgId, 'Barbara Liskov');
    const writes = recordWrites(page);
    const menu = members.roleMenu('Barbara Liskov');

    await menu.focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'Escape'])
      await page.keyboard.press(key);
    await openChoices(page).first().waitFor({ state: 'detached' });
    expect(await members.roleOf('Barbara Liskov')).toBe('comment');

    // The highlight moves over Editor and stays there: still nothing sent until Enter.
    await chooseByKeyboard(page, menu, 'edit', async () => {
      expect(writes).toEqual([]);
      expect(await session.rig.api.memberRole(session.rig.orgId, barbara)).toBe('comment');
    });
    await expect.poll(() => session.rig.api.memberRole(session.rig.orgId, barbara), eventually).toBe('edit');
    expect(writes).toEqual([`PATCH /v1/orgs/${session.rig.orgId}/members/${barbara}`]);
  });

  it('marks the signed-in user and asks before they demote themselves; cancelling sends nothing', async () => {
    const { members } = await openMembers('lovelace', 'Ada Lovelace');
    const ada = await session.rig.api.memberId(session.rig.orgId, 'Ada Lovelace');
    const writes = recordWrites(session.tab.page);
    expect(await members.row('Ada Lovelace').getByTestId('member-you').innerText()).toBe('(you)');

    await members.changeRole('Ada Lovelace', 'read');
    const dialog = members.confirmation();
    await dialog.waitFor();
    const said = await dialog.innerText();
    expect(said).toMatch(/Make yourself Reader\?/);
    expect(said).toMatch(/you cannot undo this yourself: another admin has to make you Admin again/);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(writes).toEqual([]);
    expect(await session.rig.api.memberRole(session.rig.orgId, ada)).toBe('admin');
    expect(await members.roleOf('Ada Lovelace')).toBe('admin');
  });

  it('asks before granting the Admin role, then undoes a role change from its toast', async () => {
    const { members } = await openMembers('knuth', 'Donald Knuth');
    const knuth = await session.rig.api.memberId(session.rig.orgId, 'Donald Knuth');

    await members.changeRole('Donald Knuth', 'admin');
    expect(await members.confirm()).toMatch(/Make Donald Knuth an admin\?/);
    await expect.poll(() => session.rig.api.memberRole(session.rig.orgId, knuth), eventually).toBe('admin');

    const said = await undoFromToast(session.tab.page, 'Donald Knuth is now Admin');
    expect(said).toMatch(/Was Reviewer/);
    await expect.poll(() => session.rig.api.memberRole(session.rig.orgId, knuth), eventually).toBe('review');
    await expect.poll(() => members.roleOf('Donald Knuth'), eventually).toBe('review');
  });

  it('undoes a move of members from one team to another', async () => {
    const { orgId, api } = session.rig;
    const app = await open(MembersPage.route(orgId));
    const [security, support] = await Promise.all([
      api.teamId(orgId, 'Security'),
      api.teamId(orgId, 'Support'),
    ]);
    const names = async (teamId: string) =>
      (await api.teamMembers(orgId, teamId)).map((member) => member.name);
    await app.members.shown();
    await app.teams.open('Security');
    await app.team.row('Shafi Goldwasser').waitFor();

    await app.team.moveToTeamByKeyboard(['Shafi Goldwasser'], 'Support');
    await expect.poll(() => names(support), eventually).toContain('Shafi Goldwasser');
    // A move is an add then a remove: the member leaves Security once the second request is done.
    await expect.poll(() => names(security), eventually).not.toContain('Shafi Goldwasser');

    await undoFromToast(session.tab.page, 'Moved 1 member to Support');
    await expect.poll(() => names(security), eventually).toContain('Shafi Goldwasser');
    await expect.poll(() => names(support), eventually).not.toContain('Shafi Goldwasser');
    await app.team.row('Shafi Goldwasser').waitFor();
  });

  it('undoes a move in the content tree: the space is back in its collection, in its place', async () => {
    const spaces = spacesApi(session.rig.api);
    const { orgId, api } = session.rig;
    const tag = uniqueTitle('Undo');
    const home = await spaces.createCollection(orgId, { title: `${tag} home` });
    const away = await spaces.createCollection(orgId, { title: `${tag} away` });
    const created = [];
    for (const name of ['first', 'middle', 'last'])
      created.push(await spaces.createSpace(orgId, { title: `${tag} ${name}`, parent: home.id }));
    const titles = created.map((space) => space.title);
    const moved = created[1]!;
    await open(ContentTreePage.route(orgId));
    const content = new ContentTreePage(session.tab.page);
    await content.shown();
    await content.filter(tag);
    await content.row(moved.title).waitFor();

    await content.moveWithDialog(moved.title, away.title);
    await expect.poll(async () => (await spaces.space(moved.id)).parent, eventually).toBe(away.id);

    await undoFromToast(session.tab.page, `Moved “${moved.title}”`);
    await expect.poll(async () => (await spaces.space(moved.id)).parent, eventually).toBe(home.id);
    expect((await api.childTitles(orgId, home.id)).spaces).toEqual(titles);
    await content.settled();
  });

  it('undoes sending a space to the Trash', async () => {
    const spaces = spacesApi(session.rig.api);
    const space = await spaces.createSpace(session.rig.orgId, { title: uniqueTitle('Undo trash') });
    await open(SpacePage.route(session.rig.orgId, space.id));
    const screen = new SpacePage(session.tab.page);
    await screen.goto(session.rig.orgId, space.id);

    await screen.delete();
    await expect.poll(() => spaces.trashIds(session.rig.orgId), eventually).toContain(space.id);
    await undoFromToast(session.tab.page, 'moved to the Trash');
    await expect.poll(async () => (await spaces.space(space.id)).deletedAt, eventually).toBeUndefined();
    expect(await spaces.spaceIds(session.rig.orgId)).toContain(space.id);
    expect(await spaces.trashIds(session.rig.orgId)).not.toContain(space.id);
  });

  it('undoes a change of the role an invite link grants', async () => {
    const { invites } = await open(InvitesPage.route(session.rig.orgId));
    await invites.shown();
    const id = await invites.createLink('read');
    const roleOfLink = async () =>
      (await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/link-invites/${id}`)).body;

    await chooseByMouse(session.tab.page, invites.row(id).getByTestId('invite-row-role'), 'edit');
    await expect
      .poll(async () => (await roleOfLink()) as { role: string }, eventually)
      .toMatchObject({
        role: 'edit',
      });
    await undoFromToast(session.tab.page, 'Link now grants Editor');
    await expect
      .poll(async () => (await roleOfLink()) as { role: string }, eventually)
      .toMatchObject({
        role: 'read',
      });
    expect(await invites.root.innerText()).not.toMatch(/Redundant|POST|join address/);
  });
});
