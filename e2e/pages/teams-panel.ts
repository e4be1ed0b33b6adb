/** The teams panel beside the members table: filter, "teams I own", create, rename, delete, open, drop targets. */
import type { Locator, Page } from 'playwright-core';

/** What a user does in the teams panel. */
export class TeamsPanel {
  readonly root: Locator;
  readonly filterBox: Locator;
  readonly mine: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('teams-panel');
    this.filterBox = page.getByTestId('teams-filter');
    this.mine = page.getByTestId('teams-mine');
  }

  /** Every team row shown now. */
  rows(): Locator {
    return this.root.getByTestId('team-row');
  }

  /** The row of the team titled exactly `title`. */
  row(title: string): Locator {
    return this.rows().filter({ has: this.page.getByTestId('team-link').getByText(title, { exact: true }) });
  }

  /** The titles of the teams shown now, in order. */
  async titles(): Promise<string[]> {
    return (await this.rows().getByTestId('team-link').allInnerTexts()).map((title) => title.trim());
  }

  /** The member count a team's row shows. */
  async memberCount(title: string): Promise<number> {
    const digits = /\d[\d,]*/.exec(await this.row(title).getByTestId('team-member-count').innerText());
    if (digits === null) throw new Error(`the row of ${title} shows no member count`);
    return Number(digits[0].replace(/,/g, ''));
  }

  /** Types a title filter (replacing the previous one). */
  async filter(text: string): Promise<void> {
    await this.filterBox.fill(text);
  }

  /** Creates a team with the panel's button and dialog, and waits for its row. */
  async create(title: string): Promise<void> {
    await this.root.getByTestId('team-create').click();
    const dialog = this.page.getByTestId('team-title-dialog');
    await dialog.getByTestId('team-title-input').fill(title);
    await dialog.getByTestId('team-save').click();
    await this.row(title).waitFor();
  }

  /** Renames a team from its row's menu, and waits for the new title's row. */
  async rename(title: string, newTitle: string): Promise<void> {
    await this.row(title).getByTestId('team-menu').click();
    // The menu's item, not the team screen's own Rename button (same test id).
    await this.page.getByRole('menu').getByTestId('team-rename').click();
    const dialog = this.page.getByTestId('team-title-dialog');
    await dialog.getByTestId('team-title-input').fill(newTitle);
    await dialog.getByTestId('team-save').click();
    await this.row(newTitle).waitFor();
  }

  /** Deletes a team from its row's menu, confirming in the dialog; answers what the dialog said. */
  async delete(title: string): Promise<string> {
    await this.row(title).getByTestId('team-menu').click();
    await this.page.getByRole('menu').getByTestId('team-delete').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.row(title).waitFor({ state: 'detached' });
    return text;
  }

  /** Opens a team's own screen from its row's link. */
  async open(title: string): Promise<void> {
    await this.row(title).getByTestId('team-link').click();
    await this.page.getByTestId('team-screen').waitFor();
  }
}
