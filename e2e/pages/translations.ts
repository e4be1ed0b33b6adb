/** The Translation settings screen: the list, the create/edit dialog with its language picker, delete. */
import type { Locator, Page } from 'playwright-core';
import { screenRoute } from './routes.ts';

/** What a user does on the Translations screen. */
export class TranslationsPage {
  readonly root: Locator;
  readonly dialog: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('translations-screen');
    this.dialog = page.getByTestId('translation-dialog');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'translations', profileId);
  }

  /** Opens the screen from the sidebar (the organization open now) and waits for the list. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-translations').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
    await this.root.getByTestId('translations-table').waitFor();
  }

  /** The row of the settings with this title. */
  row(title: string): Locator {
    return this.root
      .getByTestId('translation-row')
      .filter({ has: this.page.getByTestId('translation-row-title').getByText(title, { exact: true }) });
  }

  /** Opens the dialog of new settings. */
  async openNew(): Promise<void> {
    await this.root.getByTestId('translation-new').click();
    await this.dialog.waitFor();
  }

  /** Opens the edit dialog of the settings with this title. */
  async openEdit(title: string): Promise<void> {
    await this.row(title).getByTestId('translation-edit').click();
    await this.dialog.waitFor();
  }

  /** The title field of the dialog. */
  get title(): Locator {
    return this.dialog.getByTestId('translation-title');
  }

  /** Picks a language by keyboard: types the search, then Enter on the first match. */
  async pickLanguage(search: string): Promise<void> {
    const input = this.dialog.getByTestId('language-search');
    await input.fill(search);
    await input.press('Enter');
    await input.fill('');
  }

  /** The codes of the chosen languages, in order. */
  async chosen(): Promise<string[]> {
    const chips = this.dialog.getByTestId('language-chip');
    const codes: string[] = [];
    for (const chip of await chips.all()) codes.push((await chip.getAttribute('data-code')) ?? '');
    return codes;
  }

  /** Submits the dialog. */
  async submit(): Promise<void> {
    await this.dialog.getByTestId('translation-save').click();
  }

  /** The error under a field of the dialog. */
  fieldError(name: 'title' | 'languages'): Locator {
    return this.dialog.getByTestId(`field-error-${name}`);
  }

  /** Deletes the settings with this title, confirming in the dialog; answers what the dialog said. */
  async delete(title: string): Promise<string> {
    await this.row(title).getByTestId('translation-delete').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.row(title).waitFor({ state: 'detached' });
    return text;
  }
}
