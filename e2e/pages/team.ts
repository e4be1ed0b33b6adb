/** A team's own screen: its members with their team roles; change a role, remove, move members to another team. */
import type { Locator, Page } from 'playwright-core';
import { attributeOfAll } from './attributes.ts';
import { chooseByMouse, choiceValue } from './choice-menu.ts';
import { CommandPalette } from './command-palette.ts';
import { dragOnto, type WhileOver } from './drag.ts';
import { MOVE_TO_TEAM, pickTeam } from './members.ts';
import type { TeamsPanel } from './teams-panel.ts';

/** A team role. */
export type TeamRole = 'owner' | 'member';

/** What a user does on a team's screen. */
export class TeamPage {
  readonly root: Locator;
  readonly title: Locator;
  private readonly page: Page;
  private readonly teams: TeamsPanel;
  private readonly palette: CommandPalette;

  constructor(page: Page, teams: TeamsPanel) {
    this.page = page;
    this.teams = teams;
    this.palette = new CommandPalette(page);
    this.root = page.getByTestId('team-screen');
    this.title = page.getByTestId('team-title');
  }

  /** Every member row of the team. */
  rows(): Locator {
    return this.root.getByTestId('team-member-row');
  }

  /** The row of the member with that display name. */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByLabel(`Select ${name}`, { exact: true }) });
  }

  /** The display names of the team's members, in order (read from each row's checkbox label). */
  async names(): Promise<string[]> {
    const labels = await attributeOfAll(this.rows().getByRole('checkbox'), 'aria-label');
    return labels.map((label) => label.replace(/^Select /, ''));
  }

  /** The team role a member's row shows. */
  roleOf(name: string): Promise<string> {
    return choiceValue(this.row(name).getByTestId('team-member-role'));
  }

  /** Changes a member's team role from its menu (told with Undo). */
  async changeRole(name: string, role: TeamRole): Promise<void> {
    await chooseByMouse(this.page, this.row(name).getByTestId('team-member-role'), role);
  }

  /** "Add members…": searches, ticks each member, and adds them. */
  async addMembers(search: string, names: readonly string[]): Promise<void> {
    await this.root.getByTestId('team-add-members').first().click();
    const dialog = this.page.getByTestId('add-members-dialog');
    await dialog.getByTestId('add-members-search').fill(search);
    for (const name of names)
      await dialog.getByTestId('add-members-option').filter({ hasText: name }).getByRole('checkbox').check();
    await dialog.getByTestId('add-members-submit').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Removes a member from the team, and waits for the row to go. */
  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('team-member-remove').click();
    await this.row(name).waitFor({ state: 'detached' });
  }

  /** Ticks the checkbox of each member, in order. */
  async selectRows(names: readonly string[]): Promise<void> {
    for (const name of names) {
      const box = this.row(name).getByRole('checkbox');
      if (!(await box.isChecked())) await box.click();
    }
  }

  /** Renames the team from its header (Rename, type, Save) and waits for the new title. */
  async rename(newTitle: string): Promise<void> {
    await this.root.getByTestId('team-rename').click();
    await this.root.getByTestId('team-title-input').fill(newTitle);
    await this.root.getByTestId('team-save').click();
    await this.title.filter({ hasText: newTitle }).waitFor();
  }

  /** Deletes the team from its header, confirming in the dialog; answers what the dialog said. */
  async delete(): Promise<string> {
    await this.root.getByTestId('team-delete').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.root.waitFor({ state: 'detached' });
    return text;
  }

  /** Drags one member (or, if ticked, the whole selection) by its grip onto another team of the panel: a move. */
  async dragMemberToTeam(name: string, teamTitle: string, whileOver?: WhileOver): Promise<void> {
    const target = this.teams.row(teamTitle);
    await dragOnto(
      this.page,
      this.row(name).getByTestId('team-member-drag-handle'),
      target,
      target.and(this.page.locator('[data-drop-active="true"]')),
      whileOver,
    );
  }

  /** The keyboard path of that drag: ticks the members, "Move selected members to team…", picks the team. */
  async moveToTeamByKeyboard(names: readonly string[], teamTitle: string): Promise<void> {
    await this.selectRows(names);
    await this.palette.run(MOVE_TO_TEAM);
    await pickTeam(this.page, teamTitle);
  }
}
