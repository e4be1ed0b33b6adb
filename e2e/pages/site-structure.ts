/** The site screen's Structure and Preview tabs: the structure tree, its side panel, drags, the keyboard path. */
import type { Locator, Page } from 'playwright-core';
import { attributeOfAll } from './attributes.ts';
import { dragToPlacement, type DropPlacement } from './drag.ts';
import { screenRoute } from './routes.ts';

/** What a user does in the structure editor and the visitor preview. */
export class SiteStructurePage {
  readonly tree: Locator;
  readonly announcer: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.tree = page.getByTestId('structure-tree');
    this.announcer = page.getByTestId('structure-announcer');
  }

  /** A site's screen's route in the sandbox profile (for `DocsAdmin.open`; `shown` then opens the Structure tab). */
  static route(orgId: string, siteId: string): string {
    return screenRoute(orgId, `sites/${siteId}`);
  }

  /** Opens a site by its URL and its Structure tab, and waits for the tree. */
  async goto(orgId: string, siteId: string): Promise<void> {
    await this.page.goto(`${new URL(this.page.url()).origin}/#${SiteStructurePage.route(orgId, siteId)}`);
    await this.shown();
  }

  /** On the site's screen (after `goto`, or an opening at its route): opens the Structure tab, waits for the tree. */
  async shown(): Promise<void> {
    await this.page.getByTestId('site-tab-structure').click();
    await this.tree.waitFor();
  }

  /** Opens the Preview tab of the open site. */
  async openPreview(): Promise<void> {
    await this.page.getByTestId('site-tab-preview').click();
    await this.page.getByTestId('visitor-preview').waitFor();
  }

  /** The row titled exactly `title`. */
  row(title: string): Locator {
    return this.tree.locator(`[data-testid="structure-row"][data-title="${title.replace(/"/g, '\\"')}"]`);
  }

  /** The titles of the rows of `kind`, in order. */
  titles(kind: 'group' | 'section' | 'site-space'): Promise<string[]> {
    return attributeOfAll(
      this.tree.locator(`[data-testid="structure-row"][data-kind="${kind}"]`),
      'data-title',
    );
  }

  /** Waits until no move is in flight. */
  async settled(): Promise<void> {
    await this.tree.and(this.page.locator('[data-pending="0"]')).waitFor();
  }

  /** Focuses (and selects) a row by clicking its title. */
  async select(title: string): Promise<void> {
    await this.row(title).locator('.tree-title').click();
    await this.row(title).and(this.page.locator(':focus')).waitFor();
  }

  /** Adds a section group through the toolbar's dialog. */
  async addGroup(title: string): Promise<void> {
    await this.page.getByTestId('structure-add-group').click();
    await this.page.getByTestId('structure-add-title').fill(title);
    await this.page.getByTestId('structure-add-confirm').click();
    await this.page.getByTestId('structure-add-dialog').waitFor({ state: 'detached' });
    await this.row(title).waitFor();
  }

  /**
   * Drags the row titled `title` to `placement` of the row titled `target`; the mouse is released once the drop
   * indicator shows that placement on that row.
   */
  async drag(title: string, target: string, placement: DropPlacement): Promise<void> {
    // The indicator is not matched on its row: "after" an open row draws the line below its last child.
    await dragToPlacement(
      this.page,
      this.row(title).locator('.tree-title'),
      this.row(target),
      placement,
      this.page.locator(`[data-testid="structure-drop-indicator"][data-placement="${placement}"]`),
    );
  }

  /** Presses keys one after the other on the focused row. */
  async press(...keys: string[]): Promise<void> {
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** The side panel's fields. */
  field(name: 'title' | 'path' | 'condition'): Locator {
    return this.page.getByTestId(`section-${name}-input`);
  }
}
