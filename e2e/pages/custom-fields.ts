/** The Custom fields screen: the values grid (cells, keyboard, clipboard) and the definitions manager. */
import type { Locator, Page } from 'playwright-core';
import { screenRoute } from './routes.ts';

/** What a user does on the Custom fields screen. */
export class CustomFieldsPage {
  readonly root: Locator;
  readonly grid: Locator;
  readonly dialog: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('custom-fields-screen');
    this.grid = page.getByTestId('cf-grid');
    this.dialog = page.getByTestId('cf-field-dialog');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'custom-fields', profileId);
  }

  /** Opens the screen from the sidebar (the organization open now) and waits for the grid's first rows. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-custom-fields').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
    await this.grid.getByTestId('cf-row').first().waitFor();
  }

  /** Shows only the spaces whose title has this text. */
  async filter(text: string): Promise<void> {
    await this.root.getByTestId('cf-filter').fill(text);
  }

  /** The row of a space. */
  row(spaceTitle: string): Locator {
    return this.grid
      .getByTestId('cf-row')
      .filter({ has: this.page.getByRole('rowheader', { name: spaceTitle, exact: true }) });
  }

  /** A cell, by space title and field name (its column must be on screen). */
  cell(spaceTitle: string, fieldName: string): Locator {
    return this.row(spaceTitle).locator(`[data-testid="cf-cell"][data-field="${fieldName}"]`);
  }

  /** Makes a cell the active one with a click, once its space's values are loaded. */
  async select(spaceTitle: string, fieldName: string): Promise<void> {
    const cell = this.cell(spaceTitle, fieldName);
    await cell.and(this.page.locator(':not([data-state="loading"])')).waitFor();
    await cell.click();
  }

  /** Puts a TSV block on the clipboard and pastes it with Ctrl+V at the active cell. */
  async paste(tsv: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate(
      (text) =>
        (
          globalThis as unknown as { navigator: { clipboard: { writeText(text: string): Promise<void> } } }
        ).navigator.clipboard.writeText(text),
      tsv,
    );
    await this.grid.focus();
    await this.page.keyboard.press('Control+V');
  }

  /** Copies the selected block with Ctrl+C and answers what the clipboard holds. */
  async copy(): Promise<string> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.grid.focus();
    await this.page.keyboard.press('Control+C');
    return this.page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
  }

  /** The active cell as "row:col". */
  active(): Promise<string | null> {
    return this.grid.getAttribute('data-active');
  }

  /** The status line under the grid (the active cell's field and, if any, its problem). */
  get status(): Locator {
    return this.root.getByTestId('cf-status');
  }

  /** Opens the Definitions tab. */
  async definitions(): Promise<void> {
    await this.root.getByTestId('cf-tab-definitions').click();
    await this.root.getByTestId('cf-definitions').waitFor();
  }

  /** The row of a field in the definitions table. */
  fieldRow(title: string): Locator {
    return this.root
      .getByTestId('cf-field-row')
      .filter({ has: this.page.getByTestId('cf-field-row-title').getByText(title, { exact: true }) });
  }

  /** Opens the dialog of a new field. */
  async openNew(): Promise<void> {
    await this.root.getByTestId('cf-field-new').click();
    await this.dialog.waitFor();
  }

  /** Opens the edit dialog of a field. */
  async openEdit(title: string): Promise<void> {
    await this.fieldRow(title).getByTestId('cf-field-edit').click();
    await this.dialog.waitFor();
  }

  /** An input of the dialog. */
  input(name: 'title' | 'name' | 'type'): Locator {
    return this.dialog.getByTestId(`cf-field-${name}`);
  }

  /** Types the options by keyboard: each one, then Enter for the next. */
  async typeOptions(options: string[]): Promise<void> {
    const inputs = this.dialog.getByTestId('cf-option-input');
    for (const [index, option] of options.entries()) {
      const input = inputs.nth(index);
      await input.fill(option);
      if (index < options.length - 1) await input.press('Enter');
    }
  }

  /** Submits the dialog. */
  async submit(): Promise<void> {
    await this.dialog.getByTestId('cf-field-save').click();
  }

  /** The error under a part of the dialog. */
  fieldError(name: 'name' | 'title' | 'options'): Locator {
    return this.dialog.getByTestId(`field-error-${name}`);
  }

  /**
   * Deletes a field, confirming in the dialog after every space is read (so the dialog's count is complete);
   * answers what the dialog said.
   */
  async delete(title: string): Promise<string> {
    await this.fieldRow(title).getByTestId('cf-field-delete').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    const check = dialog.getByTestId('cf-delete-check');
    if (await check.isVisible()) {
      await check.click();
      await check.waitFor({ state: 'detached' });
    }
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.fieldRow(title).waitFor({ state: 'detached' });
    return text;
  }
}
