/** User stories of the members table: find members, change roles one by one and in bulk, and the last-admin rule. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { MembersPage } from './pages/members.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { screenshotBothSchemes } from './support/screenshots.ts';

describe('an administrator managing the members of an organization', () => {
  const session = useRig();

  /** Opens the app on the members table: at its route, or (`from: 'sidebar'`) through the sidebar's link. */
  const open = async (from: 'route' | 'sidebar' = 'route') => {
    const route = from === 'route' ? MembersPage.route(session.rig.orgId) : undefined;
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    if (from === 'route') await app.members.shown();
    else await app.members.goto();
    return app;
  };

  it('finds members by name or email and filters them by role', async () => {
    const { members } = await open('sidebar');
    await expect.poll(() => members.total(), eventually).toBe(32);
    await screenshotBothSchemes(session.tab.page, 'members');

    await members.search('hopper');
    await expect.poll(() => members.names(), eventually).toEqual(['Grace Hopper']);
    expect(await members.total()).toBe(1);

    await members.search('radia.perlman@');
    await expect.poll(() => members.names(), eventually).toEqual(['Radia Perlman']);

    await members.search('');
    await members.filterRole('admin');
    await expect
      .poll(async () => (await members.names()).sort(), eventually)
      .toEqual(['Ada Lovelace', 'Grace Hopper']);
    await members.filterRole('guest');
    await expect
      .poll(async () => (await members.names()).sort(), eventually)
      .toEqual(['Carol Shaw', 'Ken Thompson']);

    await members.filterRole('edit');
    await members.search('john');
    await expect.poll(() => members.names(), eventually).toEqual(['John McCarthy']);
    await members.filterRole('all');
    await members.search('');
    await expect.poll(() => members.total(), eventually).toBe(32);
  });

  it("changes a member's role from the row, and the change is kept", async () => {
    const { members } = await open();
    const dennis = await session.rig.api.memberId(session.rig.orgId, 'Dennis Ritchie');

    await members.search('dennis');
    await expect.poll(() => members.names(), eventually).toEqual(['Dennis Ritchie']);
    await members.changeRole('Dennis Ritchie', 'edit');
    await expect.poll(() => session.rig.api.memberRole(session.rig.orgId, dennis), eventually).toBe('edit');

    await session.tab.page.reload();
    await members.search('dennis');
    await expect.poll(() => members.names(), eventually).toEqual(['Dennis Ritchie']);
    expect(await members.roleOf('Dennis Ritchie')).toBe('edit');
  });

  it("opens a member's details, then removes them after a confirmation naming what they lose", async () => {
    const { members } = await open();
    const whitfield = await session.rig.api.memberId(session.rig.orgId, 'Whitfield Diffie');

    await members.openDetail('Whitfield Diffie');
    const teams = members.detail.getByTestId('member-teams');
    await teams.filter({ hasText: 'Security' }).waitFor();
    expect(await teams.innerText()).toMatch(/Teams \(1 team\)/);
    await session.tab.page.keyboard.press('Escape');
    await members.detail.waitFor({ state: 'hidden' });

    const asked = await members.remove('Whitfield Diffie');
    expect(asked).toMatch(/Remove Whitfield Diffie from the organization\?/);
    expect(asked).toMatch(/loses their membership of 1 team/);
    await members.row('Whitfield Diffie').waitFor({ state: 'detached' });
    await expect.poll(() => members.total(), eventually).toBe(31);
    expect(
      (await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/members/${whitfield}`)).status,
    ).toBe(404);
  });

  it('is told, before anything is sent, that the last admin cannot be demoted, and the role stays', async () => {
    const { members } = await open();
    const [ada, grace] = await Promise.all([
      session.rig.api.memberId(session.rig.orgId, 'Ada Lovelace'),
      session.rig.api.memberId(session.rig.orgId, 'Grace Hopper'),
    ]);
    await members.setOrder('asc');

    await members.changeRole('Grace Hopper', 'read');
    expect(await members.confirm()).toMatch(/Take the Admin role from Grace Hopper\?/);
    await expect.poll(() => session.rig.api.memberRole(session.rig.orgId, grace), eventually).toBe('read');

    // Ada (the signed-in user) is the only admin now: her menu says so and offers nothing lower.
    await members.roleMenu('Ada Lovelace').click();
    const page = session.tab.page;
    await page.getByText('You are the organization’s only admin: make another member Admin first.').waitFor();
    const blocked = page.locator('[data-testid="choice-menu-item"][data-disabled]');
    await expect.poll(() => blocked.count(), eventually).toBe(6);
    await page.keyboard.press('Escape');
    await expect.poll(() => members.roleOf('Ada Lovelace'), eventually).toBe('admin');
    expect(await session.rig.api.memberRole(session.rig.orgId, ada)).toBe('admin');
  });

  it('changes the role of several members at once and sees the one the server refused', async () => {
    const { members } = await open();
    // Given Ada is the only admin left (the previous story demoted Grace; make sure on its own too).
    const [ada, grace, linus, margaret] = await Promise.all(
      ['Ada Lovelace', 'Grace Hopper', 'Linus Pauling', 'Margaret Hamilton'].map((name) =>
        session.rig.api.memberId(session.rig.orgId, name),
      ),
    );
    if ((await session.rig.api.memberRole(session.rig.orgId, grace!)) === 'admin')
      await session.rig.api.call('PATCH', `/v1/orgs/${session.rig.orgId}/members/${grace}`, {
        body: { role: 'read' },
      });
    await members.setOrder('asc');

    await members.shiftSelect('Ada Lovelace', 'Margaret Hamilton');
    await expect
      .poll(async () => (await members.selectedIds()).sort(), eventually)
      .toEqual([ada, grace, linus, margaret].sort());
    const warnings = await members.bulkChangeRole('comment');
    expect(warnings.join('\n')).toMatch(/You are selected: you stop being an admin/);
    expect(warnings.join('\n')).toMatch(/Every admin is selected/);

    const lines = await members.bulkReportLines();
    expect(Object.fromEntries(lines.map((line) => [line.userId, line.ok]))).toEqual({
      [ada!]: false,
      [grace!]: true,
      [linus!]: true,
      [margaret!]: true,
    });
    const failed = lines.find((line) => !line.ok);
    expect(failed?.text).toMatch(/Ada Lovelace is the last admin of the organization/);
    for (const id of [grace, linus, margaret])
      expect(await session.rig.api.memberRole(session.rig.orgId, id!)).toBe('comment');
    expect(await session.rig.api.memberRole(session.rig.orgId, ada!)).toBe('admin');

    await session.tab.page.keyboard.press('Escape');
    await members.bulkReport.waitFor({ state: 'hidden' });
    // The failed row stays selected, ready for another try.
    await expect.poll(() => members.selectedIds(), eventually).toEqual([ada]);
    await expect.poll(() => members.roleOf('Linus Pauling'), eventually).toBe('comment');
  });
});
