/** The members table of the Members & teams screen: search, filter, select, change roles, bulk actions, drags. */
import type { Locator, Page } from 'playwright-core';
import { attributeOfAll } from './attributes.ts';
import { chooseByMouse, choiceValue } from './choice-menu.ts';
import { CommandPalette } from './command-palette.ts';
import { dragOnto, type WhileOver } from './drag.ts';
import type { TeamsPanel } from './teams-panel.ts';
import { screenRoute } from './routes.ts';

/** A role as the API names it, `guest` standing for its `null`: the value of every role select. */
export type RoleValue = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest';

/** One line of a bulk action's report. */
export interface BulkReportLine {
  userId: string;
  ok: boolean;
  text: string;
}

/** The palette actions that are the keyboard path of a drag. */
export const ADD_TO_TEAM = 'Add selected members to team…';
export const MOVE_TO_TEAM = 'Move selected members to team…';

/** What a user does in the members table. */
export class MembersPage {
  readonly root: Locator;
  readonly searchBox: Locator;
  readonly roleFilter: Locator;
  readonly sort: Locator;
  readonly order: Locator;
  readonly count: Locator;
  readonly bulkBar: Locator;
  readonly bulkReport: Locator;
  readonly detail: Locator;
  private readonly page: Page;
  private readonly teams: TeamsPanel;
  private readonly palette: CommandPalette;

  constructor(page: Page, teams: TeamsPanel) {
    this.page = page;
    this.teams = teams;
    this.palette = new CommandPalette(page);
    this.root = page.getByTestId('members-table');
    this.searchBox = page.getByTestId('members-search');
    this.roleFilter = page.getByTestId('members-role-filter');
    this.sort = page.getByTestId('members-sort');
    this.order = page.getByTestId('members-order');
    this.count = page.getByTestId('members-count');
    this.bulkBar = page.getByTestId('bulk-bar');
    this.bulkReport = page.getByTestId('bulk-report');
    this.detail = page.getByTestId('member-detail');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'people', profileId);
  }

  /** Opens the screen from the sidebar (the organization open now) and waits for the first rows. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-people').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.rows().first().waitFor();
  }

  /** The rows rendered now (the table is virtualized: the ones in view, and a few around). */
  rows(): Locator {
    return this.page.getByTestId('member-row');
  }

  /** The row of the member with that display name. */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByLabel(`Select ${name}`, { exact: true }) });
  }

  /** The row of the member with that user id. */
  rowById(userId: string): Locator {
    return this.page.locator(`[data-testid="member-row"][data-user-id="${userId}"]`);
  }

  /** The display names of the rows rendered now, in order (read from each row's checkbox label). */
  async names(): Promise<string[]> {
    const labels = await attributeOfAll(this.rows().getByTestId('member-checkbox'), 'aria-label');
    return labels.map((label) => label.replace(/^Select /, ''));
  }

  /** The number the count above the table shows (the server's total for the current filters). */
  async total(): Promise<number> {
    const digits = /\d[\d,]*/.exec(await this.count.innerText());
    if (digits === null) throw new Error('the members count shows no number');
    return Number(digits[0].replace(/,/g, ''));
  }

  /** Types a search (name or email), replacing the previous one; the table applies it once typing pauses. */
  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
  }

  /** Shows only the members with that role (`All roles` shows everyone). */
  async filterRole(role: RoleValue | 'all'): Promise<void> {
    await this.roleFilter.selectOption({ value: role });
  }

  /** Sorts by when members joined, last seen, or name. */
  async sortBy(sort: 'joinedAt' | 'lastSeenAt' | 'name'): Promise<void> {
    await this.sort.selectOption({ value: sort });
  }

  /** Sets the order with the order button (it toggles between descending and ascending). */
  async setOrder(order: 'asc' | 'desc'): Promise<void> {
    if ((await this.order.getAttribute('data-order')) !== order) await this.order.click();
    await this.order.and(this.page.locator(`[data-order="${order}"]`)).waitFor();
  }

  /** The role menu of a member's row. */
  roleMenu(name: string): Locator {
    return this.row(name).getByTestId('member-role');
  }

  /** The role a member's row shows. */
  roleOf(name: string): Promise<string> {
    return choiceValue(this.roleMenu(name));
  }

  /**
   * Picks a new role in a member's row with the mouse. A plain change is sent at once (and told with Undo); one that
   * asks first (oneself, the Admin role) leaves its confirmation open: see `confirmation`.
   */
  async changeRole(name: string, role: RoleValue): Promise<void> {
    await chooseByMouse(this.page, this.roleMenu(name), role);
  }

  /** The confirmation a role change or a removal asks for, once shown. */
  confirmation(): Locator {
    return this.page.getByTestId('confirm-dialog');
  }

  /** Confirms the question on screen; answers what it said. */
  async confirm(): Promise<string> {
    const dialog = this.confirmation();
    await dialog.waitFor();
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** Sorts by a column with its header (a second click turns the order round). */
  async sortByHeader(column: 'joinedAt' | 'lastSeenAt' | 'name'): Promise<void> {
    await this.root.getByTestId(`members-sort-${column}`).click();
  }

  /** Ticks the checkbox of each member, in order. */
  async selectRows(names: readonly string[]): Promise<void> {
    for (const name of names) {
      const box = this.row(name).getByTestId('member-checkbox');
      if (!(await box.isChecked())) await box.click();
    }
  }

  /** Ticks `from`, then Shift+clicks `to`: every row between them is selected. */
  async shiftSelect(from: string, to: string): Promise<void> {
    await this.selectRows([from]);
    await this.row(to)
      .getByTestId('member-checkbox')
      .click({ modifiers: ['Shift'] });
  }

  /** The user ids of the selected rows rendered now. */
  selectedIds(): Promise<string[]> {
    return attributeOfAll(
      this.page.locator('[data-testid="member-row"][data-selected="true"]'),
      'data-user-id',
    );
  }

  /**
   * Selects every member the search matches (`total` of them): the table loads 100 rows at a time, so it scrolls to
   * the table's end until "select all loaded" takes all of them. The box is never unchecked: rows arriving after it
   * was checked clear it themselves (not every loaded row is selected then), and a page that arrived between a check
   * and an uncheck used to make the uncheck fail.
   */
  async selectAllMatching(total: number, loading: { timeout: number }): Promise<void> {
    const grid = this.page.getByRole('grid', { name: 'Members' });
    const selectAll = this.page.getByTestId('select-all');
    for (;;) {
      await selectAll.check();
      if ((await this.bulkBar.innerText()).includes(`${total} members selected`)) return;
      await grid.evaluate((element) => {
        const box = element as unknown as { scrollTop: number; scrollHeight: number };
        box.scrollTop = box.scrollHeight;
      });
      await grid.and(this.page.locator(':not([aria-busy])')).waitFor(loading);
    }
  }

  /**
   * Changes the role of every selected member from the bulk bar's dialog, and waits for the outcome: the report when
   * some were refused, else the toast (with Undo). Answers the warnings the dialog showed before sending.
   */
  async bulkChangeRole(role: RoleValue): Promise<string[]> {
    await this.bulkBar.getByTestId('bulk-role').click();
    const dialog = this.page.getByTestId('bulk-role-dialog');
    await dialog.getByTestId('bulk-role-select').selectOption({ value: role });
    const warnings = await dialog.getByTestId('bulk-role-warning').allInnerTexts();
    await dialog.getByTestId('bulk-role-apply').click();
    await dialog.waitFor({ state: 'hidden' });
    return warnings;
  }

  /** Removes every selected member from the bulk bar, confirming in the dialog. */
  async bulkRemove(): Promise<void> {
    await this.bulkBar.getByTestId('bulk-remove').click();
    await this.page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
  }

  /** The lines of the bulk report, once it is shown. */
  async bulkReportLines(): Promise<BulkReportLine[]> {
    await this.bulkReport.waitFor();
    const rows = this.bulkReport.getByTestId('bulk-report-row');
    const lines: BulkReportLine[] = [];
    for (const row of await rows.all()) {
      lines.push({
        userId: (await row.getAttribute('data-user-id')) ?? '',
        ok: (await row.getAttribute('data-ok')) === 'true',
        text: await row.innerText(),
      });
    }
    return lines;
  }

  /** Removes one member from its row's menu, confirming in the dialog (which names what they lose). */
  async remove(name: string): Promise<string> {
    await this.row(name).getByTestId('member-menu').click();
    await this.page.getByTestId('member-remove').click();
    return this.confirm();
  }

  /** Opens a member's detail panel (a click on the row outside its controls). */
  async openDetail(name: string): Promise<void> {
    await this.row(name).locator('.member-cell-name').click();
    await this.detail.waitFor();
  }

  /**
   * Drags members onto a team of the teams panel with the mouse: one member by its grip, or several (ticked first,
   * then dragged by the first one's grip, which carries the whole selection). `whileOver` runs before the drop.
   */
  async dragMembersToTeam(names: readonly string[], teamTitle: string, whileOver?: WhileOver): Promise<void> {
    const [first] = names;
    if (first === undefined) throw new Error('name at least one member to drag');
    if (names.length > 1) await this.selectRows(names);
    const target = this.teams.row(teamTitle);
    await dragOnto(
      this.page,
      this.row(first).getByTestId('member-drag-handle'),
      target,
      target.and(this.page.locator('[data-drop-active="true"]')),
      whileOver,
    );
  }

  /** The keyboard path of a drag: ticks the members, then runs a palette action and picks the team by typing. */
  async toTeamByKeyboard(
    names: readonly string[],
    teamTitle: string,
    action: typeof ADD_TO_TEAM | typeof MOVE_TO_TEAM,
  ): Promise<void> {
    await this.selectRows(names);
    await this.palette.run(action);
    await pickTeam(this.page, teamTitle);
  }

  /** Clears the selection with the bulk bar's button (the bar goes with it). */
  async clearSelection(): Promise<void> {
    if (!(await this.bulkBar.isVisible())) return;
    await this.bulkBar.getByRole('button', { name: 'Clear selection', exact: true }).click();
    await this.bulkBar.waitFor({ state: 'hidden' });
  }
}

/** In the team picker a palette action opened: types the title and picks the team with the keyboard. */
export async function pickTeam(page: Page, teamTitle: string): Promise<void> {
  const picker = page.getByTestId('team-picker');
  await page.getByTestId('team-picker-input').fill(teamTitle);
  const option = picker.getByTestId('team-picker-option').filter({ hasText: teamTitle }).first();
  await option.waitFor();
  const count = await picker.getByTestId('team-picker-option').count();
  for (let moves = 0; moves <= count && (await option.getAttribute('aria-selected')) !== 'true'; moves++)
    await page.keyboard.press('ArrowDown');
  if ((await option.getAttribute('aria-selected')) !== 'true')
    throw new Error(`the arrow keys never highlighted the team “${teamTitle}” in the picker`);
  await page.keyboard.press('Enter');
  await picker.waitFor({ state: 'hidden' });
}
