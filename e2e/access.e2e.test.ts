/**
 * User stories of the Access tab, at the smallest window the app supports (1024×700): an administrator gives a team
 * a role on a space by dragging it onto the list, another on the space's collection by keyboard, and a person a
 * role on a site; sees each member's level with the path that grants it; changes a role and undoes it, takes a
 * grant back and undoes that; finds every change in GitBook's permission operations, and the team's grant in
 * "Inspect access" with its reason.
 */
import { describe, expect, it } from 'vitest';
import { AccessTabPage } from './pages/access.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { InspectAccessPage } from './pages/inspect-access.ts';
import { SitePage } from './pages/sites.ts';
import { SpacePage } from './pages/space.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';
import { eventually } from './support/expect.ts';
import { twoUsersOf, useRig, type RigUser } from './support/rig.ts';
import type { SandboxApi } from './support/sandbox-api.ts';
import { sitesApi } from './support/sites-api.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

/** The smallest window the app supports. */
const SMALL = { width: 1024, height: 700 };

/** A demo member whose organization role is Reader. */
const READER = 'Dennis Ritchie';

/** The roles given on an item, by team id or user id, as GitBook's list operations answer. */
async function grants(
  api: SandboxApi,
  path: string,
  kind: 'teams' | 'users',
): Promise<Map<string, string | null>> {
  const answer = await api.call('GET', `${path}/permissions/${kind}`, { query: { limit: 1000 } });
  if (answer.status !== 200) throw new Error(`${path}/permissions/${kind}: HTTP ${answer.status}`);
  const body = answer.body as {
    items: { permission: string | null; team?: { id: string }; user?: { id: string } }[];
  };
  return new Map(body.items.map((item) => [(item.team ?? item.user)!.id, item.permission]));
}

describe('an administrator giving access to a space, a collection and a site', () => {
  const session = useRig();

  /** A team holding the Reader, and a space in a collection of its own. */
  const prepare = async () => {
    const { api, orgId } = session.rig;
    const teamTitle = uniqueTitle('Access team');
    const created = await api.call('PUT', `/v1/orgs/${orgId}/teams`, { body: { title: teamTitle } });
    expect(created.status).toBe(201);
    const teamId = await api.teamId(orgId, teamTitle);
    const readerId = await api.memberId(orgId, READER);
    const joined = await api.call('PUT', `/v1/orgs/${orgId}/teams/${teamId}/members/${readerId}`, {
      body: { role: 'member' },
    });
    expect(joined.status).toBe(204);
    const spaces = spacesApi(api);
    const collection = await spaces.createCollection(orgId, { title: uniqueTitle('Access collection') });
    const space = await spaces.createSpace(orgId, {
      title: uniqueTitle('Access space'),
      parent: collection.id,
    });
    return { teamTitle, teamId, readerId, collection, space };
  };

  /** Opens the app at the route of the screen the story starts on. */
  const open = async (route: string) => {
    await session.tab.page.setViewportSize(SMALL);
    return DocsAdmin.open(session.tab.page, session.rig.running.url, route);
  };

  it(
    'gives a team a role on a space by drag, shows the path, changes the role and undoes it',
    async () => {
      const { api, orgId } = session.rig;
      const { teamTitle, teamId, space } = await prepare();
      const app = await open(SpacePage.route(orgId, space.id));
      const page = app.page;
      const screen = new SpacePage(page);
      await screen.goto(orgId, space.id);
      await screen.root.getByTestId('space-tab-access').click();
      const access = new AccessTabPage(page, screen.root);
      await access.row(READER).waitFor();
      // Nothing given here yet: the Reader reaches the space through their organization role.
      await access.root.getByTestId('access-empty').waitFor();
      expect(await access.level(READER)).toBe('read');
      expect(await access.path(READER)).toContain('Organization role: read');
      expect(await seriousViolations(page)).toEqual([]);

      // The role to give, then the team dragged from the side list onto the list.
      await access.role.selectOption('edit');
      await access.root.getByTestId('access-source-filter').fill(teamTitle);
      await access.dragOntoList(teamTitle);
      await access.row(teamTitle).waitFor();
      await expect.poll(() => access.level(READER), eventually).toBe('edit');
      expect(await access.path(READER)).toContain(
        `edit on space “${space.title}”, given to team “${teamTitle}”`,
      );
      await page
        .getByTestId('toast')
        .filter({ hasText: `team “${teamTitle}” given Editor` })
        .waitFor();
      const spacePath = `/v1/spaces/${space.id}`;
      expect((await grants(api, spacePath, 'teams')).get(teamId)).toBe('edit');

      // Change the team's role, then undo it from the toast.
      await access.changeRole(teamTitle, 'review');
      await expect
        .poll(async () => (await grants(api, spacePath, 'teams')).get(teamId), eventually)
        .toBe('review');
      await expect.poll(() => access.level(READER), eventually).toBe('review');
      const toast = page.getByTestId('toast').filter({ hasText: 'Editor → Reviewer' });
      await toast.getByTestId('toast-undo').click();
      await expect
        .poll(async () => (await grants(api, spacePath, 'teams')).get(teamId), eventually)
        .toBe('edit');
      await expect.poll(() => access.given(teamTitle), eventually).toBe('edit');
      await expect.poll(() => access.level(READER), eventually).toBe('edit');

      // The grant made by drag, in "Inspect access": the Reader reaches the space through the team, and says why.
      const inspect = new InspectAccessPage(page);
      await inspect.goto();
      await inspect.pick(READER, READER);
      await inspect.loaded();
      await inspect.filterText(space.title);
      const row = inspect.row(space.id);
      await row.waitFor();
      expect(await row.getAttribute('data-level')).toBe('edit');
      expect(await row.innerText()).toContain(`edit on space “${space.title}”, given to team “${teamTitle}”`);
    },
    AXE_TIMEOUT,
  );

  it('gives a team a role on the space’s collection by keyboard, takes it back and undoes that', async () => {
    const { api, orgId } = session.rig;
    const { teamTitle, teamId, collection, space } = await prepare();
    const app = await open(SpacePage.route(orgId, space.id));
    const page = app.page;
    const screen = new SpacePage(page);
    await screen.goto(orgId, space.id);
    const panel = await screen.openCollection(collection.title);
    const tab = panel.getByTestId('collection-tab-access');
    await tab.focus();
    await page.keyboard.press('Enter');
    const access = new AccessTabPage(page, panel);

    // Type, arrows, Enter to pick; the role by keyboard; Enter in the empty field gives access.
    await access.search.focus();
    await page.keyboard.type(teamTitle.slice(0, 20));
    await access.root.getByTestId('access-option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await access.root.getByTestId('access-picked-chip').filter({ hasText: teamTitle }).waitFor();
    await access.role.focus();
    await access.role.selectOption('comment');
    await access.search.focus();
    await page.keyboard.press('Enter');
    await access.row(teamTitle).waitFor();
    const collectionPath = `/v1/collections/${collection.id}`;
    expect((await grants(api, collectionPath, 'teams')).get(teamId)).toBe('comment');
    // The team's Commenter on the collection reaches the space inside it: its Access tab says so.
    await expect.poll(() => access.level(READER), eventually).toBe('comment');
    expect(await access.path(READER)).toContain(`given to team “${teamTitle}”`);
    await page.keyboard.press('Escape');
    await screen.root.getByTestId('space-tab-access').click();
    const spaceAccess = new AccessTabPage(page, screen.root);
    await expect.poll(() => spaceAccess.level(READER), eventually).toBe('comment');
    expect(await spaceAccess.path(READER)).toContain(
      `inherits from collection “${collection.title}” → comment on collection “${collection.title}”`,
    );
    // The open tab is in the address: Back returns to the overview, Forward to Access.
    expect(new URL(page.url()).hash).toMatch(/[?&]tab=access(&|$)/); // hash history: the route is after `#`
    await page.goBack();
    await expect
      .poll(() => screen.root.getByTestId('space-tab-overview').getAttribute('aria-selected'), eventually)
      .toBe('true');
    await page.goForward();
    await expect.poll(() => spaceAccess.level(READER), eventually).toBe('comment');

    // Take it back from the collection's panel, then undo.
    const again = await screen.openCollection(collection.title);
    await again.getByTestId('collection-tab-access').click();
    const panelAccess = new AccessTabPage(page, again);
    await panelAccess.row(teamTitle).getByTestId('access-row-remove').click();
    await expect
      .poll(async () => (await grants(api, collectionPath, 'teams')).has(teamId), eventually)
      .toBe(false);
    await panelAccess.row(teamTitle).waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: 'taken back' }).getByTestId('toast-undo').click();
    await expect
      .poll(async () => (await grants(api, collectionPath, 'teams')).get(teamId), eventually)
      .toBe('comment');
    await panelAccess.row(teamTitle).waitFor();
  });

  it(
    'gives a person a role on a site by keyboard and explains it',
    async () => {
      const { api, orgId } = session.rig;
      const { readerId, space } = await prepare();
      const site = await sitesApi(api, orgId).createSite({
        title: uniqueTitle('Access site'),
        spaces: [space.id],
      });
      const app = await open(SitePage.route(orgId, site.id));
      const page = app.page;
      const screen = new SitePage(page);
      await screen.goto(orgId, site.id);
      await screen.tab('access');
      const access = new AccessTabPage(page, screen.root);
      await access.search.waitFor();
      await access.search.fill(READER);
      await access.root.getByTestId('access-option').first().waitFor();
      await access.search.press('Enter');
      await access.role.selectOption('review');
      await access.give.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => access.given(READER), eventually).toBe('review');
      expect(await access.level(READER)).toBe('review');
      expect(await access.path(READER)).toContain(`review on site “${site.title}”, given directly`);
      const sitePath = `/v1/orgs/${orgId}/sites/${site.id}`;
      expect((await grants(api, sitePath, 'users')).get(readerId)).toBe('review');
      expect(await seriousViolations(page)).toEqual([]);

      // The site's grant reaches the space it publishes (site permissions precede the organization's).
      const spaceScreen = new SpacePage(page);
      await spaceScreen.goto(orgId, space.id);
      await spaceScreen.root.getByTestId('space-tab-access').click();
      const spaceAccess = new AccessTabPage(page, spaceScreen.root);
      await expect.poll(() => spaceAccess.level(READER), eventually).toBe('review');
      expect(await spaceAccess.path(READER)).toContain(`review on site “${site.title}”, which publishes`);
    },
    AXE_TIMEOUT,
  );
});

describe('people who may not change access', () => {
  const session = useRig({ twoUsers: true });
  const users = () => twoUsersOf(session.rig);

  /** The app on a space's Access tab, as `user` sees it. */
  const openSpaceAs = async (user: RigUser, spaceId: string) => {
    await session.tab.page.setViewportSize(SMALL);
    const route = DocsAdmin.screenRoute(users().orgId, `spaces/${spaceId}`, user.profileId);
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    const screen = app.page.locator(`[data-testid="space-screen"][data-space-id="${spaceId}"]`);
    await screen.getByTestId('space-tab-access').click();
    return new AccessTabPage(app.page, app.page.getByTestId('space-screen'));
  };

  it('shows a reviewer who has access, without the controls that change it', async () => {
    const { author, reviewer, orgId } = users();
    const space = await spacesApi(author.api).createSpace(orgId, { title: uniqueTitle('Read-only access') });
    const access = await openSpaceAs(reviewer, space.id);
    // The list is virtualized: Ada's row is among the first.
    await access.row(author.name).waitFor();
    expect(await access.level(author.name)).toBe('admin');
    expect(await access.path(author.name)).toBe('Organization admin: admin everywhere');
    expect(await access.search.count()).toBe(0);
    expect(await access.root.getByTestId('access-row-role').count()).toBe(0);
  });

  it('tells a guest given a space that they may not see its access list (403)', async () => {
    const { author, reviewer, orgId } = users();
    const space = await spacesApi(author.api).createSpace(orgId, { title: uniqueTitle('Guest access') });
    const member = `/v1/orgs/${orgId}/members/${reviewer.userId}`;
    const given = await author.api.call('POST', `/v1/spaces/${space.id}/permissions`, {
      body: { role: 'read', users: [reviewer.userId] },
    });
    expect(given.status).toBe(204);
    expect((await author.api.call('PATCH', member, { body: { role: null } })).status).toBe(200);
    try {
      const access = await openSpaceAs(reviewer, space.id);
      await access.root.waitFor({ state: 'detached' });
      await session.tab.page.getByText('You may not see who has access').waitFor();
      const listed = await reviewer.api.call('GET', `/v1/spaces/${space.id}/permissions/aggregate`);
      expect(listed.status).toBe(403);
    } finally {
      expect((await author.api.call('PATCH', member, { body: { role: 'review' } })).status).toBe(200);
    }
  });
});
