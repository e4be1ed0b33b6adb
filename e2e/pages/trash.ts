/** The Trash: deleted spaces and who deleted them, restored one by one or as a selection, or deleted for good. */
import type { Locator, Page } from 'playwright-core';
import { attributeOfAll } from './attributes.ts';
import { screenRoute } from './routes.ts';

/** What a user does in the Trash. */
export class TrashPage {
  readonly root: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('trash-screen');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'trash', profileId);
  }

  /** Opens the Trash from the sidebar (the organization open now) and waits for the list or its empty state. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-trash').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
    await this.root.locator('[data-testid="trash-table"], .empty-state').first().waitFor();
  }

  /** The row of the space with that id. */
  row(spaceId: string): Locator {
    return this.root.locator(`[data-testid="trash-row"][data-id="${spaceId}"]`);
  }

  /** The ids of the spaces listed. */
  ids(): Promise<string[]> {
    return attributeOfAll(this.root.getByTestId('trash-row'), 'data-id');
  }

  /** What a row says of the time left ("7 days left"). */
  timeLeft(spaceId: string): Promise<string> {
    return this.row(spaceId).getByTestId('trash-left').innerText();
  }

  /** Who sent a space to the Trash, as its row says. */
  deletedBy(spaceId: string): Promise<string> {
    return this.row(spaceId).getByTestId('trash-deleted-by').innerText();
  }

  /** Deletes one space for good with its row's button, confirming; answers what the confirmation said. */
  async purge(spaceId: string): Promise<string> {
    await this.row(spaceId).getByTestId('trash-purge').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    const said = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.row(spaceId).waitFor({ state: 'detached' });
    return said;
  }

  /** Restores one space with its row's button. */
  async restore(spaceId: string): Promise<void> {
    await this.row(spaceId).getByTestId('trash-restore').click();
    await this.row(spaceId).waitFor({ state: 'detached' });
  }

  /** Selects the rows of these spaces and restores them together. */
  async restoreSelected(spaceIds: string[]): Promise<void> {
    for (const id of spaceIds) await this.row(id).getByTestId('trash-select').check();
    await this.root.getByTestId('trash-restore-selected').click();
    for (const id of spaceIds) await this.row(id).waitFor({ state: 'detached' });
  }
}
