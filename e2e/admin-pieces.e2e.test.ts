/**
 * User stories of what administrators look for: pending invites (resend, revoke), actions in the member detail
 * panel, "Add members" on a team, sorting by column header with the filters kept in the URL across a reload, and the
 * Trash's "deleted by" and permanent delete, each checked through the API.
 */
import { describe, expect, it } from 'vitest';
import { chooseByMouse } from './pages/choice-menu.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { InvitesPage } from './pages/invites.ts';
import { MembersPage } from './pages/members.ts';
import { TrashPage } from './pages/trash.ts';
import { dismissToasts, toastWith } from './pages/unsaved.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

interface PendingInvite {
  email: string;
  sentCount: number;
}

describe('an administrator finding what they look for', () => {
  const session = useRig();
  /** Opens the app on the overview, or at a screen's route (the stories that start there skip the overview). */
  const open = (route?: string) => DocsAdmin.open(session.tab.page, session.rig.running.url, route);
  const pendingInvites = async () =>
    (
      (await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/email-invites`)).body as {
        items: PendingInvite[];
      }
    ).items;

  it('resends and revokes a pending email invite', async () => {
    const { invites } = await open(InvitesPage.route(session.rig.orgId));
    await invites.shown();
    const email = `${uniqueTitle('pending').replace(/\W+/g, '.').toLowerCase()}@example.com`;
    expect((await invites.inviteByEmail(email)).map((line) => line.status)).toEqual(['invited']);
    await invites.pending(email).waitFor();
    // The demo's members who never came are pending too.
    expect(await invites.pending('dennis.ritchie@acme.test').count()).toBe(1);

    await invites.resend(email);
    await expect
      .poll(
        async () => (await pendingInvites()).find((invite) => invite.email === email)?.sentCount,
        eventually,
      )
      .toBe(2);

    expect(await invites.revokePending(email)).toMatch(/leaves the organization/);
    expect((await pendingInvites()).map((invite) => invite.email)).not.toContain(email);
    const members = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/members`, {
      query: { search: email },
    });
    expect((members.body as { count: number }).count).toBe(0);
  });

  it("counts pending invites on the Overview's to-do list, whose card opens them", async () => {
    const app = await open();
    const pending = (await pendingInvites()).length;
    expect(pending).toBeGreaterThan(0);
    const card = app.overview.todoCard('todo-invites');
    expect(await card.innerText()).toMatch(new RegExp(`${pending} invites? awaiting a first visit`));

    await card.click();
    await expect.poll(() => app.route(), eventually).toMatch(/\/invites$/);
    await app.invites.pending('dennis.ritchie@acme.test').waitFor();
  });

  it("counts the outdated requests and those in conflict on the Overview's to-do list", async () => {
    const { orgId, api } = session.rig;
    const requests = changeRequestsApi(api);
    const { spaceId } = await requests.createSpaceWithPages(orgId, uniqueTitle('To-do conflicts'), [
      { title: 'Guide', markdown: '# Guide\n\nThe shared sentence.\n' },
      { title: 'Other', markdown: '# Other\n\nAnother sentence.\n' },
    ]);
    const [guide, other] = (await requests.spaceRevision(spaceId)).pages.map((page) => page.id);
    const edit = async (subject: string, page: string | undefined, markdown: string) => {
      const request = await requests.create(spaceId, subject);
      await requests.edit(spaceId, request.id, [
        { operation: 'update_page', page: page!, document: { markdown } },
      ]);
      return request.id;
    };
    const merged = await edit('Merged first', guide, '# Guide\n\nThe sentence, merged first.\n');
    await edit('Said otherwise', guide, '# Guide\n\nThe sentence, said otherwise.\n');
    await edit('Said a third way', guide, '# Guide\n\nThe sentence, said a third way.\n');
    await edit('Elsewhere', other, '# Other\n\nAnother sentence, edited.\n');
    await requests.merge(spaceId, merged);

    // The organization's outdated requests and, by the server's merge check, those in conflict (the list checks them
    // one at a time: every check must still come in).
    const listed = (
      await api.call('GET', `/v1/orgs/${orgId}/change-requests`, { query: { status: 'open', limit: 100 } })
    ).body as { items: { id: string; outdated: boolean; space: string }[] };
    const outdated = listed.items.filter((request) => request.outdated);
    let conflicting = 0;
    for (const request of outdated) {
      const check = await api.call(
        'GET',
        `/v1/spaces/${request.space}/change-requests/${request.id}/merge-check`,
      );
      if ((check.body as { conflicts: unknown[] }).conflicts.length > 0) conflicting++;
    }
    expect(conflicting).toBeGreaterThanOrEqual(2);
    expect(outdated.length).toBeGreaterThan(conflicting);
    // The list checks at most ten; past them it counts no conflicts.
    expect(outdated.length).toBeLessThanOrEqual(10);

    const app = await open();
    const card = app.overview.todoCard('todo-outdated');
    await expect
      .poll(() => card.innerText(), eventually)
      .toContain(`${outdated.length} requests behind the main content, ${conflicting} in conflict.`);
  });

  it("changes a member's role and teams from the detail panel, then removes them", async () => {
    const { orgId, api } = session.rig;
    const { members } = await open(MembersPage.route(orgId));
    const leslie = await api.memberId(orgId, 'Leslie Lamport');
    const design = await api.teamId(orgId, 'Design');
    await members.shown();
    await members.search('lamport');
    await expect.poll(() => members.names(), eventually).toEqual(['Leslie Lamport']);
    await members.openDetail('Leslie Lamport');

    await chooseByMouse(session.tab.page, members.detail.getByTestId('member-detail-role'), 'review');
    await expect.poll(() => api.memberRole(orgId, leslie), eventually).toBe('review');

    await members.detail.getByTestId('member-add-to-team').click();
    await session.tab.page.getByTestId('member-add-to-team-option').filter({ hasText: 'Design' }).click();
    await expect
      .poll(async () => (await api.teamMembers(orgId, design)).map((member) => member.name), eventually)
      .toContain('Leslie Lamport');
    const team = members.detail.locator(`[data-testid="member-team"][data-team-id="${design}"]`);
    await team.getByTestId('member-team-remove').click();
    await expect
      .poll(async () => (await api.teamMembers(orgId, design)).map((member) => member.name), eventually)
      .not.toContain('Leslie Lamport');

    // The changes' toasts cover the panel's Remove: once the last one is shown, they are dismissed.
    await toastWith(session.tab.page, 'Leslie Lamport left Design').waitFor();
    await dismissToasts(session.tab.page);
    await members.detail.getByTestId('member-detail-remove').click();
    expect(await members.confirm()).toMatch(/Remove Leslie Lamport from the organization\?/);
    await expect
      .poll(async () => (await api.call('GET', `/v1/orgs/${orgId}/members/${leslie}`)).status, eventually)
      .toBe(404);
  });

  it('adds members to a team from its own screen', async () => {
    const { orgId, api } = session.rig;
    const app = await open(MembersPage.route(orgId));
    const security = await api.teamId(orgId, 'Security');
    await app.members.shown();
    await app.teams.open('Security');
    await app.team.addMembers('wirth', ['Niklaus Wirth']);
    await expect
      .poll(async () => (await api.teamMembers(orgId, security)).map((member) => member.name), eventually)
      .toContain('Niklaus Wirth');
    await app.team.row('Niklaus Wirth').waitFor();
  });

  it('sorts members by a column header and keeps the search and sort across a reload', async () => {
    const app = await open(MembersPage.route(session.rig.orgId));
    const { members } = app;
    await members.shown();
    await members.sortByHeader('name');
    await expect
      .poll(async () => (await members.names()).slice(0, 2), eventually)
      .toEqual(['Ada Lovelace', 'Adele Goldberg']);
    await members.sortByHeader('name');
    await expect.poll(() => app.route(), eventually).toMatch(/sort=name/);
    await expect
      .poll(
        () => members.root.getByTestId('members-sort-name').locator('..').getAttribute('aria-sort'),
        eventually,
      )
      .toBe('descending');
    // While the re-sorted list loads, the count above the table says so in words: wait for its number.
    let everyone = 0;
    await expect
      .poll(async () => (everyone = await members.total().catch(() => 0)), eventually)
      .toBeGreaterThan(0);
    await members.search('an');
    await expect.poll(() => app.route(), eventually).toMatch(/q=an/);
    await expect.poll(() => members.total(), eventually).toBeLessThan(everyone);
    await expect.poll(async () => (await members.names()).length, eventually).toBe(await members.total());
    const shown = await members.names();
    const folded = (name: string) => name.toLowerCase();
    expect(shown).toEqual([...shown].sort((a, b) => (folded(a) < folded(b) ? 1 : -1)));

    await session.tab.page.reload();
    await members.rows().first().waitFor();
    expect(await members.searchBox.inputValue()).toBe('an');
    await expect.poll(() => members.names(), eventually).toEqual(shown);
    expect(await members.root.getByTestId('members-sort-name').locator('..').getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('shows who deleted a space in the Trash, and deletes it for good after confirming', async () => {
    const spaces = spacesApi(session.rig.api);
    const space = await spaces.createSpace(session.rig.orgId, { title: uniqueTitle('Gone for good') });
    await spaces.deleteSpace(space.id);
    // Only then the app opens, at the Trash.
    const app = await open(TrashPage.route(session.rig.orgId));
    const trash = new TrashPage(app.page);
    await trash.shown();
    await trash.row(space.id).waitFor();
    expect(await trash.deletedBy(space.id)).toBe('Ada Lovelace');

    const said = await trash.purge(space.id);
    expect(said).toMatch(/cannot be restored/);
    await expect
      .poll(async () => (await session.rig.api.call('GET', `/v1/spaces/${space.id}`)).status, eventually)
      .toBe(404);
    expect(await spaces.trashIds(session.rig.orgId)).not.toContain(space.id);
  });
});
