/** The OpenAPI specs screen: the list with states, the add / update dialog, a spec's versions and diff. */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';
import { screenRoute } from './routes.ts';

/** A group of the diff by operation. */
export type DiffGroup = 'added' | 'removed' | 'changed';

/** What a user does on the OpenAPI specs screen. */
export class OpenApiPage {
  readonly root: Locator;
  readonly table: Locator;
  readonly dialog: Locator;
  readonly detail: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('openapi-screen');
    this.table = this.root.getByTestId('openapi-table');
    this.dialog = page.getByTestId('openapi-dialog');
    this.detail = this.root.getByTestId('openapi-detail');
  }

  /** The screen's route in the sandbox profile (for `DocsAdmin.open`). */
  static route(orgId: string): string {
    return screenRoute(orgId, 'openapi', SANDBOX_PROFILE);
  }

  /** Opens the OpenAPI specs of an organization of the sandbox profile by its address. */
  async goto(orgId: string): Promise<void> {
    await this.page.evaluate(`location.hash = ${JSON.stringify(OpenApiPage.route(orgId))}`);
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
  }

  /** The row of the spec with that slug. */
  row(slug: string): Locator {
    return this.root.locator(`[data-testid="openapi-row"][data-slug="${slug}"]`);
  }

  /** The state badge of a spec's row (`data-state`: pending, progress, ready, failed). */
  state(slug: string): Locator {
    return this.row(slug).getByTestId('openapi-state');
  }

  /** Opens a spec's versions and diff from its row. */
  async open(slug: string): Promise<void> {
    await this.row(slug).getByTestId('openapi-row-open').click();
    await this.root.locator(`[data-testid="openapi-detail"][data-slug="${slug}"]`).waitFor();
  }

  /** Opens "Add spec" and fills the slug and pasted text (nothing sent yet). */
  async fillPasted(slug: string, text: string): Promise<void> {
    await this.root.getByTestId('openapi-add').click();
    await this.dialog.getByTestId('openapi-slug').fill(slug);
    await this.dialog.getByTestId('openapi-source-tab-text').click();
    await this.dialog.getByTestId('openapi-text').fill(text);
  }

  /** Sends the dialog. */
  async submit(): Promise<void> {
    await this.dialog.getByTestId('openapi-submit').click();
  }

  /** Picks the two compared versions by their labels (`v1`, `v2`, …). */
  async compare(base: string, head: string): Promise<void> {
    const valueOf = async (label: string) =>
      (await this.detail
        .locator(`[data-testid="openapi-version"][data-label="${label}"]`)
        .getAttribute('data-id'))!;
    await this.detail.getByTestId('openapi-compare-base').selectOption(await valueOf(base));
    await this.detail.getByTestId('openapi-compare-head').selectOption(await valueOf(head));
  }

  /** The operations of one group of the diff, as `METHOD /path`. */
  async operations(group: DiffGroup): Promise<string[]> {
    const list = this.detail.getByTestId(`openapi-diff-${group}`);
    if ((await list.count()) === 0) return [];
    const items = await list.getByTestId('openapi-diff-operation').all();
    return Promise.all(items.map(async (item) => (await item.getAttribute('data-key')) ?? ''));
  }

  /** The changed parts shown for one changed operation (`METHOD /path`). */
  async changedParts(key: string): Promise<string> {
    return this.detail
      .getByTestId('openapi-diff-changed')
      .locator(`[data-testid="openapi-diff-operation"][data-key="${key}"]`)
      .getByTestId('openapi-diff-parts')
      .innerText();
  }

  /** The counts line of the diff, e.g. `1 added · 1 removed · 1 changed · 4 unchanged`. */
  async counts(): Promise<string> {
    const nodes = await this.detail.locator('[data-testid^="openapi-diff-count-"]').all();
    const items = await Promise.all(nodes.map((node) => node.innerText()));
    return items.join(' · ');
  }

  /** The error shown under a field of the dialog (`slug`, `url`, `file`, `text`). */
  fieldError(field: string): Locator {
    return this.dialog.getByTestId(`openapi-field-error-${field}`);
  }
}

/** The labels of a spec's versions, in the order listed (newest first). */
export async function versionLabels(screen: OpenApiPage): Promise<string[]> {
  const items = await screen.detail.getByTestId('openapi-version').all();
  return Promise.all(items.map(async (item) => (await item.getAttribute('data-label')) ?? ''));
}
