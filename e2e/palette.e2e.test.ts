/**
 * The command palette finds things, not only screens, and acts on them: a person by name (ranked first, above
 * screens whose keywords merely hold the letters) whose role is changed and who is added to a team from the
 * palette (the role change undone from its toast); a space moved to another collection and moved back by Undo; a
 * change request by its subject, opened. Every change is checked through the API. When people arrive after the
 * commands are shown, the highlight follows the best match, unless the user moved it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { undoFromToast } from './pages/unsaved.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

/** A gate a held request waits on. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** Holds the palette's people search (the members read with a search) until the returned gate opens. */
async function holdPeopleSearch(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  const held = gate();
  let asked = false;
  await page.route('**/bridge/api.request', async (route) => {
    const request = route.request().postDataJSON() as { path?: string; query?: { search?: unknown } };
    if (request.path?.endsWith('/members') === true && request.query?.search !== undefined) {
      asked = true;
      await held.wait;
    }
    await route.continue();
  });
  return { asked: () => asked, release: held.open };
}

/** Highlights the palette entry named `name` with the arrow keys and presses Enter. */
async function choose(page: Page, name: string): Promise<void> {
  const palette = page.getByTestId('command-palette');
  const wanted = palette.getByRole('option', { name, exact: true });
  await wanted.waitFor();
  const count = await palette.getByRole('option').count();
  for (let moves = 0; moves < count && (await wanted.getAttribute('aria-selected')) !== 'true'; moves++)
    await page.keyboard.press('ArrowDown');
  expect(await wanted.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
}

describe('the command palette finds and acts', () => {
  const session = useRig();

  it('finds a person first by name, changes their role and adds them to a team', async () => {
    const { api, orgId } = session.rig;
    const carol = await api.memberId(orgId, 'Carol Shaw');
    const before = await api.memberRole(orgId, carol);
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.overview.title.waitFor();
    const page = app.page;

    await app.palette.open();
    await page.keyboard.type('carol');
    const options = app.palette.root.getByRole('option');
    await expect
      .poll(async () => (await options.first().getAttribute('aria-label')) ?? '', eventually)
      .toBe('Carol Shaw (member)');
    await page.keyboard.press('Enter');
    await choose(page, 'Change role…');
    const target = before === 'review' ? 'Editor' : 'Reviewer';
    await choose(page, target);
    await app.palette.root.waitFor({ state: 'hidden' });
    await expect
      .poll(() => api.memberRole(orgId, carol), eventually)
      .toBe(target === 'Reviewer' ? 'review' : 'edit');
    // The palette's role change has the same Undo as the members screen's.
    await undoFromToast(page, `Carol Shaw is now ${target}`);
    await expect.poll(() => api.memberRole(orgId, carol), eventually).toBe(before);

    const team = await api.teamId(orgId, 'Security');
    expect((await api.teamMembers(orgId, team)).some((member) => member.name === 'Carol Shaw')).toBe(false);
    await app.palette.open();
    await page.keyboard.type('Carol Shaw');
    await choose(page, 'Carol Shaw (member)');
    await choose(page, 'Add to team…');
    await page.keyboard.type('secu');
    await choose(page, 'Security (team)');
    await expect
      .poll(
        async () => (await api.teamMembers(orgId, team)).some((member) => member.name === 'Carol Shaw'),
        eventually,
      )
      .toBe(true);
  });

  it('moves a space to another collection and undoes the move from its toast', async () => {
    const { api, orgId } = session.rig;
    const spaces = spacesApi(api);
    const tag = uniqueTitle('Palette move');
    const home = await spaces.createCollection(orgId, { title: `${tag} home` });
    const away = await spaces.createCollection(orgId, { title: `${tag} away` });
    const created = [];
    for (const name of ['first', 'middle', 'last'])
      created.push(await spaces.createSpace(orgId, { title: `${tag} ${name}`, parent: home.id }));
    const moved = created[1]!;
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.overview.title.waitFor();
    const page = app.page;

    await app.palette.open();
    await page.keyboard.type(moved.title);
    await choose(page, `${moved.title} (space)`);
    await choose(page, 'Move to…');
    await page.keyboard.type(away.title);
    await choose(page, `${away.title} (collection)`);
    await expect.poll(async () => (await spaces.space(moved.id)).parent, eventually).toBe(away.id);

    await undoFromToast(page, `${moved.title} moved to ${away.title}`);
    await expect.poll(async () => (await spaces.space(moved.id)).parent, eventually).toBe(home.id);
    expect((await api.childTitles(orgId, home.id)).spaces).toEqual(created.map((space) => space.title));
  });

  it('finds a change request by its subject and opens it', async () => {
    const { api, orgId } = session.rig;
    const listed = await api.call('GET', `/v1/orgs/${orgId}/change-requests`, {
      query: { status: 'open', limit: 50 },
    });
    const requests = (listed.body as { items: { id: string; number: number; subject: string }[] }).items;
    const request = requests.find((item) => item.subject.length > 8);
    if (request === undefined) throw new Error('the demo has no open change request with a subject');
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.overview.title.waitFor();

    await app.palette.open();
    await app.page.keyboard.type(request.subject);
    await choose(app.page, `#${request.number} ${request.subject} (change request)`);
    await app.palette.root.waitFor({ state: 'hidden' });
    await app.page.getByTestId('change-request-screen').waitFor();
    expect(app.route()).toContain(`/change-requests/${request.id}`);
    expect(await app.page.getByTestId('change-request-screen').getAttribute('data-change-request')).toBe(
      request.id,
    );
  });

  describe('when people arrive after other matches', () => {
    const SPACES = ['Carol Shaw handbook', 'Carol Shaw onboarding'];
    const optionOf = (page: Page, label: string) =>
      page.getByTestId('command-palette').getByRole('option', { name: label, exact: true });

    beforeAll(async () => {
      const { api, orgId } = session.rig;
      for (const title of SPACES) await spacesApi(api).createSpace(orgId, { title });
    });

    /** Opens the palette with the people search held and types Carol's name: the two spaces are the matches shown. */
    async function typeWithPeopleHeld(): Promise<{ app: DocsAdmin; release: () => void }> {
      const page = session.tab.page;
      const people = await holdPeopleSearch(page);
      const app = await DocsAdmin.open(page, session.rig.running.url);
      await app.overview.title.waitFor();
      await app.palette.open();
      await page.keyboard.type('Carol Shaw');
      await expect.poll(people.asked, eventually).toBe(true);
      for (const title of SPACES) await optionOf(page, `${title} (space)`).waitFor();
      expect(await optionOf(page, 'Carol Shaw (member)').count()).toBe(0);
      return { app, release: people.release };
    }

    it('moves the highlight to the best match, and Enter opens it', async () => {
      const { app, release } = await typeWithPeopleHeld();
      const options = app.palette.root.getByRole('option');
      expect(await options.first().getAttribute('aria-selected')).toBe('true');

      release();
      await expect
        .poll(async () => (await options.first().getAttribute('aria-label')) ?? '', eventually)
        .toBe('Carol Shaw (member)');
      const carol = optionOf(app.page, 'Carol Shaw (member)');
      await expect.poll(async () => await carol.getAttribute('aria-selected'), eventually).toBe('true');
      await app.page.keyboard.press('Enter');
      await app.palette.root.getByRole('option', { name: 'Change role…', exact: true }).waitFor();
    });

    it('keeps a highlight the user moved', async () => {
      const { app, release } = await typeWithPeopleHeld();
      const options = app.palette.root.getByRole('option');
      await app.page.keyboard.press('ArrowDown');
      const second = options.nth(1);
      await expect.poll(async () => await second.getAttribute('aria-selected'), eventually).toBe('true');
      const chosen = (await second.getAttribute('aria-label')) ?? '';

      release();
      await expect
        .poll(async () => (await options.first().getAttribute('aria-label')) ?? '', eventually)
        .toBe('Carol Shaw (member)');
      expect(await optionOf(app.page, chosen).getAttribute('aria-selected')).toBe('true');
      expect(await optionOf(app.page, 'Carol Shaw (member)').getAttribute('aria-selected')).toBe('false');
    });
  });
});
