/** The organization settings form: text fields, selects and switches, saved together; errors per field or for the form. */
import type { Locator, Page } from 'playwright-core';
import { screenRoute } from './routes.ts';

/** The text fields of the form, by the name in their test id (`settings-<name>`). */
export type SettingsTextField = 'title' | 'email-domains' | 'hostname' | 'default-content';

/** The on/off fields of the form. */
export type SettingsSwitch = 'invite-links' | 'sso' | 'ai';

/** What a user does with the organization settings. */
export class SettingsPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly defaultRole: Locator;
  readonly saveButton: Locator;
  readonly error: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('settings-screen');
    this.title = page.getByTestId('settings-title');
    this.defaultRole = page.getByTestId('settings-default-role');
    this.saveButton = page.getByTestId('settings-save');
    this.error = page.getByTestId('settings-error');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'settings', profileId);
  }

  /** Opens the screen from the sidebar (the organization open now) and waits for the loaded form. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.title.waitFor();
    await this.title.and(this.page.locator(':enabled')).waitFor();
  }

  /** One field by its name. */
  field(name: SettingsTextField | SettingsSwitch | 'default-role'): Locator {
    return this.page.getByTestId(`settings-${name}`);
  }

  /** Replaces a text field's content. */
  async fill(name: SettingsTextField, value: string): Promise<void> {
    await this.field(name).fill(value);
  }

  /** What a text field holds now. */
  valueOf(name: SettingsTextField): Promise<string> {
    return this.field(name).inputValue();
  }

  /** Picks the default role of new members (`guest` for none). */
  async setDefaultRole(role: string): Promise<void> {
    await this.defaultRole.selectOption({ value: role });
  }

  /** Turns a switch on or off. */
  async setSwitch(name: SettingsSwitch, on: boolean): Promise<void> {
    await this.field(name).setChecked(on);
  }

  /** Whether a switch is on. */
  isOn(name: SettingsSwitch): Promise<boolean> {
    return this.field(name).isChecked();
  }

  /** The error shown under a field (`field-error-<name>`). */
  fieldError(name: string): Locator {
    return this.page.getByTestId(`field-error-${name}`);
  }

  /** Presses Save. */
  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
