/** The SAML single sign-on screen: providers list, the guided provider form, service values, SSO login info. */
import type { Locator, Page } from 'playwright-core';
import { screenRoute } from './routes.ts';

/** A text field of the provider form, by the name in its test id (`saml-<name>`). */
export type SamlTextField = 'label' | 'entityID' | 'ssoURL' | 'certificate';

/** A service provider value the form shows for a saved provider. */
export type ServiceValue = 'acsURL' | 'entityID' | 'startURL';

/** What a user does on the SAML screen. */
export class SsoPage {
  readonly root: Locator;
  readonly form: Locator;
  readonly logins: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('saml-screen');
    this.form = page.getByTestId('saml-form');
    this.logins = page.getByTestId('sso-logins');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'sso', profileId);
  }

  /** Opens the screen from the sidebar (the organization open now) and waits for the providers list. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-sso').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
    await this.root.getByTestId('saml-list').waitFor();
  }

  /** Every provider's row. */
  rows(): Locator {
    return this.root.getByTestId('saml-row');
  }

  /** The row of the provider with this label. */
  row(label: string): Locator {
    return this.rows().filter({
      has: this.page.getByTestId('saml-row-label').getByText(label, { exact: true }),
    });
  }

  /** Opens the form of a new provider. */
  async addProvider(): Promise<void> {
    await this.root.getByTestId('saml-add').click();
    await this.form.waitFor();
  }

  /** One field of the form. */
  field(name: SamlTextField | 'defaultTeam' | 'defaultRole' | 'metadata'): Locator {
    return this.form.getByTestId(`saml-${name}`);
  }

  /** The error shown under a field. */
  fieldError(name: SamlTextField | 'defaultTeam' | 'defaultRole'): Locator {
    return this.form.getByTestId(`field-error-${name}`);
  }

  /** Pastes metadata XML into its box and asks the form to fill the fields from it. */
  async fillFromMetadata(xml: string): Promise<void> {
    await this.field('metadata').fill(xml);
    await this.form.getByTestId('saml-metadata-fill').click();
    await this.form.getByTestId('saml-metadata-report').locator('p').first().waitFor();
  }

  /** What the metadata report says was filled. */
  metadataFilled(): Promise<string> {
    return this.form.getByTestId('saml-metadata-filled').innerText();
  }

  /** The certificate preview's subject and expiry texts. */
  async certificate(): Promise<{ subject: string; expiry: string; state: string | null }> {
    const preview = this.form.getByTestId('cert-preview');
    await preview.waitFor();
    const expiry = preview.getByTestId('cert-expiry');
    return {
      subject: await preview.getByTestId('cert-subject').innerText(),
      expiry: await expiry.innerText(),
      state: await expiry.getAttribute('data-state'),
    };
  }

  /** Picks the default team (by its title) and role. */
  async setDefaults(team: string, role: string): Promise<void> {
    await this.field('defaultTeam').selectOption({ label: team });
    await this.field('defaultRole').selectOption({ value: role });
  }

  /** Submits the form. */
  async save(): Promise<void> {
    await this.form.getByTestId('saml-save').click();
  }

  /** The id of the provider the form edits (set once it is saved), waiting for it. */
  async savedProviderId(): Promise<string> {
    const saved = this.page.locator('[data-testid="saml-form"][data-provider-id]');
    await saved.waitFor();
    const id = await saved.getAttribute('data-provider-id');
    if (id === null) throw new Error('the form has no saved provider');
    return id;
  }

  /** A service provider value as the form shows it. */
  serviceValue(name: ServiceValue): Promise<string> {
    return this.form.getByTestId(`saml-service-${name}`).inputValue();
  }

  /** Presses the Copy button of a service value; answers the button. */
  async copy(name: ServiceValue): Promise<Locator> {
    const button = this.form.getByTestId(`saml-copy-${name}`);
    await button.click();
    return button;
  }
}
