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
   * Pastes the token into its field (it stays there after a test; a save that went through empties it). It goes in
   * as keyboard input (`insertText`), not through a page script, so that no test code puts it into the page's JS heap.
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

  /** Saves the form: the app switches to the new profile (the sidebar's switcher shows it). */
  async save(name: string): Promise<void> {
    await this.form.getByTestId('save-profile').click();
    await this.page.getByTestId('profile-switcher').filter({ hasText: name }).waitFor();
  }

  /**
   * Fills the form (one paste of the token), tests the connection, saves (which switches to the new profile), and
   * comes back to this screen; answers the test's result.
   */
  async addProfile(profile: NewProfile): Promise<string> {
    await this.fill(profile);
    const result = await this.testConnection();
    await this.save(profile.name);
    await this.goto();
    await this.row(profile.name).waitFor();
    return result;
  }

  /** Whether the row of that profile is marked as the one in use. */
  async isActive(name: string): Promise<boolean> {
    return (await this.row(name).getAttribute('data-active')) === 'true';
  }

  /** Replaces the token of a saved profile: paste, test (answers the result), save. */
  async replaceToken(name: string, token: string): Promise<string> {
    await this.row(name).getByTestId('replace-token').click();
    const dialog = this.page.getByTestId('replace-token-dialog');
    await dialog.getByTestId('replace-token-input').click();
    await this.page.keyboard.insertText(token);
    await dialog.getByTestId('replace-token-test').click();
    const result = dialog.getByTestId('test-result').filter({ hasText: /\S/ });
    await result.waitFor();
    const text = await result.innerText();
    await dialog.getByTestId('replace-token-save').click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** Tests a saved profile from its row (the keychain's token) and answers the toast that reports it. */
  async testSaved(name: string): Promise<string> {
    await this.row(name)
      .getByRole('button', { name: `Test ${name}`, exact: true })
      .click();
    const toast = this.page.getByTestId('toast').filter({ hasText: `${name}: ` });
    return toast.last().innerText();
  }

  /** Removes the profile with that name, confirming in the dialog, and waits for its row to go. */
  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('remove-profile').click();
    await this.page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
    await this.row(name).waitFor({ state: 'detached' });
  }
}
