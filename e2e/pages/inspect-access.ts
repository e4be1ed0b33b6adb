/** "Inspect access": a member or a team picked, the list filtered, a row's reasons shown, the access review CSV. */
import type { Locator, Page } from 'playwright-core';
import { downloadText } from '../support/download.ts';
import { screenRoute } from './routes.ts';

export class InspectAccessPage {
  readonly root: Locator;
  readonly grid: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('inspect-access-screen');
    this.grid = this.root.getByTestId('access-grid');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'access', profileId);
  }

  /** Opens the screen from the sidebar. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-access').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
  }

  /** Searches the picker and picks the first member or team whose option holds `text`. */
  async pick(search: string, option: string): Promise<void> {
    await this.root.getByTestId('access-picker-input').fill(search);
    await this.root
      .getByTestId('access-picker-results')
      .getByRole('button', { name: option })
      .first()
      .click();
  }

  /** Waits until every page is in (the count line stops saying "Examined"). */
  async loaded(): Promise<void> {
    await this.root.locator('[data-testid="access-count"]:not(:has-text("Examined"))').waitFor();
  }

  async filterText(text: string): Promise<void> {
    await this.root.getByTestId('access-text').fill(text);
  }

  rows(): Locator {
    return this.grid.getByTestId('access-row');
  }

  row(itemId: string): Locator {
    return this.grid.locator(`[data-testid="access-row"][data-item-id="${itemId}"]`);
  }

  /** Exports the access review of the subject shown and answers the file's name and text. */
  async exportReview(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.root.getByTestId('access-review-export').click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await downloadText(file) };
  }
}
