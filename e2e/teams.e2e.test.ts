/** User stories of teams: create one, fill it by drag and drop, move members by drag and by keyboard, rename, delete. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { ADD_TO_TEAM } from './pages/members.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { screenshotBothSchemes } from './support/screenshots.ts';

describe('an administrator organizing members into teams', () => {
  const session = useRig();

  const open = async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await app.members.goto();
    await app.teams.rows().first().waitFor();
    return app;
  };
  const membersOf = async (title: string) =>
    session.rig.api.teamMembers(session.rig.orgId, await session.rig.api.teamId(session.rig.orgId, title));
  const namesIn = async (title: string) => (await membersOf(title)).map((member) => member.name).sort();

  it('creates a team, drags two members onto it, then moves one to another team by drag and one by keyboard', async () => {
    const app = await open();
    const { members, teams, team } = app;

    await teams.create('Onboarding');
    await teams.create('Mentors');
    expect(await teams.memberCount('Onboarding')).toBe(0);

    await members.dragMembersToTeam(['Ward Cunningham', 'Adele Goldberg'], 'Onboarding', async () => {
      await session.tab.page.getByTestId('drag-overlay').waitFor();
      await screenshotBothSchemes(session.tab.page, 'drag');
    });
    await expect.poll(() => teams.memberCount('Onboarding'), eventually).toBe(2);
    await expect.poll(() => namesIn('Onboarding'), eventually).toEqual(['Adele Goldberg', 'Ward Cunningham']);

    await teams.open('Onboarding');
    await expect.poll(() => team.title.innerText(), eventually).toBe('Onboarding');
    await expect
      .poll(async () => (await team.names()).sort(), eventually)
      .toEqual(['Adele Goldberg', 'Ward Cunningham']);
    await screenshotBothSchemes(session.tab.page, 'team');

    // By drag: from this team's list onto another team of the panel.
    await team.dragMemberToTeam('Ward Cunningham', 'Mentors');
    await expect.poll(() => team.names(), eventually).toEqual(['Adele Goldberg']);
    await expect.poll(() => teams.memberCount('Mentors'), eventually).toBe(1);
    await expect.poll(() => namesIn('Mentors'), eventually).toEqual(['Ward Cunningham']);
    await expect.poll(() => namesIn('Onboarding'), eventually).toEqual(['Adele Goldberg']);

    // By keyboard: select, "Move selected members to team…" in the palette, pick the team.
    await team.moveToTeamByKeyboard(['Adele Goldberg'], 'Mentors');
    await expect.poll(() => team.rows().count(), eventually).toBe(0);
    await expect.poll(() => teams.memberCount('Mentors'), eventually).toBe(2);
    await expect.poll(() => namesIn('Mentors'), eventually).toEqual(['Adele Goldberg', 'Ward Cunningham']);
    await expect.poll(() => namesIn('Onboarding'), eventually).toEqual([]);
  }, 60_000);

  it("adds selected members to a team by keyboard from the members table, and changes a member's team role", async () => {
    const app = await open();
    const { members, teams, team } = app;
    const before = await teams.memberCount('Support');

    await members.toTeamByKeyboard(['Carol Shaw'], 'Support', ADD_TO_TEAM);
    await expect.poll(() => teams.memberCount('Support'), eventually).toBe(before + 1);
    await expect.poll(() => namesIn('Support'), eventually).toContain('Carol Shaw');

    await teams.open('Support');
    await team.changeRole('Carol Shaw', 'owner');
    await expect
      .poll(
        async () => (await membersOf('Support')).find((member) => member.name === 'Carol Shaw')?.role,
        eventually,
      )
      .toBe('owner');
    await expect.poll(() => team.roleOf('Carol Shaw'), eventually).toBe('owner');

    await team.remove('Carol Shaw');
    await expect.poll(() => namesIn('Support'), eventually).not.toContain('Carol Shaw');
  });

  it('renames a team and deletes it after confirming', async () => {
    const { teams } = await open();
    await teams.create('Temporary');

    await teams.rename('Temporary', 'Short-lived');
    await expect.poll(() => teams.titles(), eventually).toContain('Short-lived');
    expect(await teams.titles()).not.toContain('Temporary');
    await expect
      .poll(() => session.rig.api.teamId(session.rig.orgId, 'Short-lived'), eventually)
      .toMatch(/\S/);

    const asked = await teams.delete('Short-lived');
    expect(asked).toMatch(/Short-lived/);
    await expect.poll(() => teams.titles(), eventually).not.toContain('Short-lived');
    await expect(session.rig.api.teamId(session.rig.orgId, 'Short-lived')).rejects.toThrow(/not found/);
  });
});
