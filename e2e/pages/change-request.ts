/** One change request's screen: its header, tabs, the merge box and the conflict view of the Overview. */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';
import { screenRoute } from './routes.ts';

/** What a user does on a change request's screen. */
export class ChangeRequestPage {
  readonly root: Locator;
  readonly subject: Locator;
  readonly status: Locator;
  readonly mergeBox: Locator;
  readonly mergeTitle: Locator;
  readonly mergeButton: Locator;
  readonly updateButton: Locator;
  readonly mergeError: Locator;
  readonly conflicts: Locator;
  private readonly page: Page;
  private readonly profileId: string;

  /** The screen as seen through a profile (by default the local sandbox's). */
  constructor(page: Page, profileId: string = SANDBOX_PROFILE) {
    this.page = page;
    this.profileId = profileId;
    this.root = page.getByTestId('change-request-screen');
    this.subject = this.root.getByTestId('cr-subject');
    this.status = this.root.getByTestId('cr-status');
    this.mergeBox = this.root.getByTestId('cr-merge-box');
    this.mergeTitle = this.root.getByTestId('cr-merge-title');
    this.mergeButton = this.root.getByTestId('cr-merge');
    this.updateButton = this.root.getByTestId('cr-update');
    this.mergeError = this.root.getByTestId('cr-merge-error');
    this.conflicts = this.root.getByTestId('cr-conflicts');
  }

  /** A request's route on a tab (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, spaceId: string, id: string, tab = 'overview', profileId?: string): string {
    return screenRoute(orgId, `spaces/${spaceId}/change-requests/${id}?tab=${tab}`, profileId);
  }

  /**
   * Opens a request of the page's profile by its address, on a tab (when the app was opened at that route, the
   * address is already it: this waits for the screen).
   */
  async goto(orgId: string, spaceId: string, id: string, tab = 'overview'): Promise<void> {
    const route = ChangeRequestPage.route(orgId, spaceId, id, tab, this.profileId);
    await this.page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    await this.subject.waitFor();
  }

  /** Opens a tab (`overview`, `changes`, `comments`). */
  async tab(name: string): Promise<void> {
    await this.root.getByTestId(`cr-tab-${name}`).click();
  }

  /** Merges through the button and its confirmation. */
  async merge(): Promise<void> {
    await this.mergeButton.click();
    const dialog = this.page.getByTestId('confirm-dialog');
    await dialog.getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Renames the request in place: Rename, type, Enter. */
  async rename(subject: string): Promise<void> {
    await this.root.getByTestId('cr-rename').click();
    const input = this.root.getByTestId('cr-subject-input');
    await input.fill(subject);
    await input.press('Enter');
  }

  /** The subject field's error while editing. */
  get subjectError(): Locator {
    return this.root.getByTestId('cr-subject-form').locator('.field-error');
  }

  /** The conflict of the page with that title. */
  conflict(pageTitle: string): Locator {
    return this.conflicts.locator(`[data-testid="cr-conflict"][data-page="${pageTitle}"]`);
  }
}
