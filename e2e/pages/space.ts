/** A space's screen and the detail panels it shows (the space's settings, a collection's from the breadcrumb). */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';

/** What a user does on a space's screen. */
export class SpacePage {
  readonly root: Locator;
  readonly settings: Locator;
  readonly title: Locator;
  readonly defaultLevel: Locator;
  readonly deletedBanner: Locator;
  readonly panel: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('space-screen');
    this.settings = this.root.getByTestId('space-settings');
    this.title = this.settings.getByTestId('details-title');
    this.defaultLevel = this.settings.getByTestId('details-default-level');
    this.deletedBanner = this.root.getByTestId('deleted-banner');
    this.panel = page.getByTestId('item-details');
  }

  /** The route of a space's screen in the sandbox profile (for `DocsAdmin.open`). */
  static route(orgId: string, spaceId: string): string {
    return `/p/${SANDBOX_PROFILE}/orgs/${orgId}/spaces/${spaceId}`;
  }

  /** Opens the screen of a space of the sandbox profile by its address, and waits for its settings. */
  async goto(orgId: string, spaceId: string): Promise<void> {
    const route = SpacePage.route(orgId, spaceId);
    // The page's own hash routing opens the screen, as a link inside the app would.
    await this.page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    await this.root.and(this.page.locator(`[data-space-id="${spaceId}"]`)).waitFor();
    await this.title.waitFor();
  }

  /** Types a new title and presses Enter. */
  async rename(title: string): Promise<void> {
    await this.title.fill(title);
    await this.title.press('Enter');
  }

  /** The error under a field of the settings (`title`, `defaultLevel`). */
  fieldError(name: string): Locator {
    return this.root.getByTestId(`field-error-${name}`).first();
  }

  /** Picks a default access (`inherit`, `none`, or a role). */
  async setDefaultLevel(option: string): Promise<void> {
    await this.defaultLevel.selectOption({ value: option });
  }

  /** Opens the panel of a collection of the breadcrumb. */
  async openCollection(title: string): Promise<Locator> {
    await this.root.getByTestId('breadcrumb-collection').filter({ hasText: title }).click();
    const panel = this.panel.and(this.page.locator('[data-kind="collection"]'));
    await panel.getByTestId('details-title').waitFor();
    return panel;
  }

  /** Transfers the item of `scope` (the space's settings, or a panel) to the organization with that title. */
  async transfer(organization: string, scope: Locator = this.settings): Promise<void> {
    await scope.getByTestId('details-transfer').click();
    const dialog = this.page.getByTestId('transfer-dialog');
    await dialog.locator(`[data-testid="transfer-target"][data-title="${organization}"]`).check();
    await dialog.getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Deletes the space, answering the confirmation; returns what the confirmation said. */
  async delete(): Promise<string> {
    await this.settings.getByTestId('details-delete').click();
    const dialog = this.page.getByTestId('delete-dialog');
    const said = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'detached' });
    return said;
  }

  /** Restores the space from its "In the trash" banner. */
  async restore(): Promise<void> {
    await this.deletedBanner.getByTestId('restore-space').click();
    await this.deletedBanner.waitFor({ state: 'detached' });
  }
}
