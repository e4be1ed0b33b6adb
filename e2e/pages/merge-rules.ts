/** The merge rules screen: an organization's or a space's rules (GitBook's `mergeRules`), edited in a form. */
import type { Locator, Page } from 'playwright-core';
import { screenRoute } from './routes.ts';

export class MergeRulesPage {
  readonly root: Locator;
  readonly form: Locator;
  readonly save: Locator;
  readonly discard: Locator;
  /** "Unsaved changes" / "No changes". */
  readonly dirty: Locator;

  readonly page: Page;
  private readonly profileId: string;

  /** The rules' route in a profile (for `DocsAdmin.open`): a space's, or the organization's without `spaceId`. */
  static route(orgId: string, profileId: string, spaceId?: string): string {
    return screenRoute(orgId, `merge-rules${spaceId === undefined ? '' : `?space=${spaceId}`}`, profileId);
  }

  constructor(page: Page, profileId: string) {
    this.page = page;
    this.profileId = profileId;
    this.root = page.getByTestId('merge-rules-screen');
    this.form = this.root.getByTestId('merge-rules-form');
    this.save = this.root.getByTestId('merge-rules-save');
    this.discard = this.root.getByTestId('merge-rules-discard');
    this.dirty = this.root.getByTestId('merge-rules-dirty');
  }

  /** Opens the rules of a space (or of the organization, without `spaceId`). */
  async goto(orgId: string, spaceId?: string): Promise<void> {
    const route = MergeRulesPage.route(orgId, this.profileId, spaceId);
    await this.page.evaluate(`location.hash = ${JSON.stringify(route)}`);
    await this.form.waitFor();
  }

  /** The choice of configuration: `inherit`, `rules` or `none`. */
  type(name: 'inherit' | 'rules' | 'none'): Locator {
    return this.root.getByTestId(`rules-type-${name}`);
  }

  /** The checkbox of a rule without argument, by GitBook's name. */
  rule(name: string): Locator {
    return this.root.getByTestId(`rule-${name}`);
  }

  /** Adds a member, found by name, to a rule that names people. */
  async addPerson(rule: string, name: string): Promise<void> {
    const picker = this.root.getByTestId(`rule-${rule}`);
    await picker.getByTestId(`rule-${rule}-search`).fill(name);
    await picker.getByTestId('picker-add').filter({ hasText: name }).first().click();
    await picker.locator(`[data-testid="picker-chosen"][data-name="${name}"]`).waitFor();
  }
}
