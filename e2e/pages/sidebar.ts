/** The sidebar: the profile switcher and the organization switcher. */
import type { Locator, Page } from 'playwright-core';

/** What a user does with the sidebar. */
export class Sidebar {
  readonly root: Locator;
  readonly profileSwitcher: Locator;
  readonly orgSwitcher: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('sidebar');
    this.profileSwitcher = page.getByTestId('profile-switcher');
    this.orgSwitcher = page.getByTestId('org-switcher');
  }

  /** Opens the profile switcher and picks the profile with that name. */
  async switchTo(profileName: string): Promise<void> {
    await this.profileSwitcher.click();
    await this.choice(profileName).click();
  }

  /** Opens the organization switcher and picks the organization with that title. */
  async openOrganization(title: string): Promise<void> {
    await this.orgSwitcher.click();
    await this.choice(title).click();
  }

  /** Follows the sidebar's link to a screen ("Overview", "Profiles"). */
  async openScreen(name: string): Promise<void> {
    await this.root.getByRole('link', { name, exact: true }).click();
  }

  /** The open menu's entry whose own text is exactly `text` (a badge such as "local" may follow it). */
  private choice(text: string): Locator {
    return this.page.getByRole('menuitemradio').filter({ has: this.page.getByText(text, { exact: true }) });
  }
}
