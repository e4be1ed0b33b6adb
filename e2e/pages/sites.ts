/** The sites list (filters, "New site") and a site's screen (settings, share links, adaptive content). */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';

/** What a user does on the sites list. */
export class SitesPage {
  readonly root: Locator;
  readonly table: Locator;
  readonly dialog: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('sites-screen');
    this.table = this.root.getByTestId('sites-table');
    this.dialog = page.getByTestId('new-site-dialog');
  }

  /** Opens the sites of an organization of the sandbox profile by its address. */
  async goto(orgId: string): Promise<void> {
    const route = `/p/${SANDBOX_PROFILE}/orgs/${orgId}/sites`;
    await this.page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    await this.root.waitFor();
  }

  /** The row of the site with that title. */
  row(title: string): Locator {
    return this.root.locator(`[data-testid="site-row"][data-title="${title}"]`);
  }

  /** Creates a site from the spaces with these titles, through the dialog. */
  async create(title: string, spaceTitles: string[]): Promise<void> {
    await this.root.getByTestId('new-site').click();
    await this.dialog.getByTestId('new-site-title').fill(title);
    for (const spaceTitle of spaceTitles) {
      await this.dialog.getByTestId('new-site-space-search').fill(spaceTitle);
      await this.dialog.locator(`[data-testid="new-site-space-option"][data-title="${spaceTitle}"]`).check();
    }
    await this.dialog.getByTestId('new-site-create').click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}

/** What a user does on a site's screen. */
export class SitePage {
  readonly root: Locator;
  readonly settings: Locator;
  readonly shareLinks: Locator;
  readonly adaptive: Locator;
  private readonly page: Page;

  /** A site's screen's route in the sandbox profile (for `DocsAdmin.open`). */
  static route(orgId: string, siteId: string): string {
    return `/p/${SANDBOX_PROFILE}/orgs/${orgId}/sites/${siteId}`;
  }

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('site-screen');
    this.settings = this.root.getByTestId('site-settings');
    this.shareLinks = this.root.getByTestId('share-links');
    this.adaptive = this.root.getByTestId('adaptive-editor');
  }

  /** Opens the screen of a site of the sandbox profile by its address. */
  async goto(orgId: string, siteId: string): Promise<void> {
    const route = SitePage.route(orgId, siteId);
    await this.page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    await this.root.and(this.page.locator(`[data-site-id="${siteId}"]`)).waitFor();
    await this.root.getByTestId('site-tab-settings').waitFor();
  }

  /** Opens a tab (`structure`, `settings`, `share-links`, `adaptive`, `preview`). */
  async tab(name: string): Promise<void> {
    await this.root.getByTestId(`site-tab-${name}`).click();
  }

  /** The error under a field of the settings (`basename`, `proxy`, …). */
  fieldError(name: string): Locator {
    return this.settings.getByTestId(`field-error-${name}`);
  }

  /** The row of a share link with that name. */
  shareLinkRow(name: string): Locator {
    return this.shareLinks.locator(`[data-testid="share-link-row"][data-name="${name}"]`);
  }

  /** Creates a share link with that name. */
  async createShareLink(name: string): Promise<void> {
    await this.shareLinks.getByTestId('share-link-name-input').fill(name);
    await this.shareLinks.getByTestId('share-link-create').click();
  }

  /** Answers the confirmation dialog open now. */
  async confirm(): Promise<void> {
    const dialog = this.page.getByTestId('confirm-dialog');
    await dialog.getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'detached' });
  }
}
