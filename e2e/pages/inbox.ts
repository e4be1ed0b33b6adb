/** The change request inbox of an organization (and the same rows in a space's list). */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';

/** What a user does in the inbox. */
export class InboxPage {
  readonly root: Locator;
  readonly table: Locator;
  readonly empty: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('inbox-screen');
    this.table = this.root.getByTestId('inbox-table');
    this.empty = this.root.getByTestId('cr-empty');
  }

  /** Opens the inbox of an organization of the sandbox profile by its address. */
  async goto(orgId: string): Promise<void> {
    const route = `/p/${SANDBOX_PROFILE}/orgs/${orgId}/change-requests`;
    await this.page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    await this.root.waitFor();
  }

  /** Shows the requests with a status (`open`, `draft`, `merged`, `archived`). */
  async filter(status: string): Promise<void> {
    await this.root.getByTestId(`inbox-status-${status}`).click();
  }

  /** The row of the request with that id. */
  row(id: string): Locator {
    return this.root.locator(`[data-testid="cr-row"][data-id="${id}"]`);
  }

  /** The link of a row, which takes the focus and opens the request. */
  rowLink(id: string): Locator {
    return this.row(id).getByTestId('cr-row-open');
  }

  /** The id of the row holding the focus, if any. */
  async focusedRowId(): Promise<string | undefined> {
    const id: unknown = await this.page.evaluate(
      "document.activeElement?.closest('tr')?.getAttribute('data-id') ?? null",
    );
    return typeof id === 'string' ? id : undefined;
  }
}
