/** The profiles screen: add (with a connection test), list, switch and remove profiles. */
import type { Locator, Page } from 'playwright-core';

/** What a new profile is made of. */
export interface NewProfile {
  name: string;
  baseUrl: string;
  token: string;
}

/** What a user does on the profiles screen. */
export class ProfilesPage {
  readonly root: Locator;
  readonly form: Locator;
  readonly testResult: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('profiles-screen');
    this.form = page.getByTestId('add-profile-form');
    this.testResult = page.getByTestId('test-result');
  }

  /** Opens the screen from the sidebar's link (in the same page: no reload). */
  async goto(): Promise<void> {
    await this.page.getByTestId('sidebar').getByRole('link', { name: 'Profiles', exact: true }).click();
    await this.root.waitFor();
  }

  /** The row of the profile named exactly `name`. */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Every profile's row, in order. */
  rows(): Locator {
    return this.page.getByTestId('profile-row');
  }

  /** The id of the profile with that name (its row's `data-profile-id`). */
  async idOf(name: string): Promise<string> {
    const id = await this.row(name).getAttribute('data-profile-id');
    if (id === null) throw new Error(`the row of ${name} has no data-profile-id`);
    return id;
  }

  /** Fills the add form: name, base URL and token. */
  async fill(profile: NewProfile): Promise<void> {
    await this.form.getByTestId('profile-name').fill(profile.name);
    await this.form.getByTestId('profile-base-url').fill(profile.baseUrl);
    await this.enterToken(profile.token);
  }

  /**
   * Pastes the token into its field (which the form empties after each test or save). It goes in as keyboard
   * input (`insertText`), not through a page script, so that no test code puts it into the page's JS heap.
   */
  async enterToken(token: string): Promise<void> {
    await this.form.getByTestId('profile-token').click();
    await this.page.keyboard.insertText(token);
  }

  /** Presses "Test connection" and answers the result's text once it is shown. */
  async testConnection(): Promise<string> {
    await this.form.getByTestId('test-connection').click();
    await this.testResult.filter({ hasText: /\S/ }).waitFor();
    return this.testResult.innerText();
  }

  /** Saves the form and waits for the new profile's row. */
  async save(name: string): Promise<void> {
    await this.form.getByTestId('save-profile').click();
    await this.row(name).waitFor();
  }

  /** Fills the form, tests the connection, pastes the token again and saves; answers the test's result. */
  async addProfile(profile: NewProfile): Promise<string> {
    await this.fill(profile);
    const result = await this.testConnection();
    await this.enterToken(profile.token);
    await this.save(profile.name);
    return result;
  }

  /** Tests a saved profile from its row (the keychain's token) and answers the toast that reports it. */
  async testSaved(name: string): Promise<string> {
    await this.row(name)
      .getByRole('button', { name: `Test ${name}`, exact: true })
      .click();
    const toast = this.page.getByTestId('toast').filter({ hasText: `${name}: connection` });
    return toast.last().innerText();
  }

  /** Removes the profile with that name, confirming in the dialog, and waits for its row to go. */
  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('remove-profile').click();
    await this.page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
    await this.row(name).waitFor({ state: 'detached' });
  }
}
