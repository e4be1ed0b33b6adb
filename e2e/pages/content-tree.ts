/** The Content screen: the tree of collections and spaces, its filter, drags, the keyboard path and "Move to…". */
import type { Locator, Page } from 'playwright-core';
import { attributeOfAll } from './attributes.ts';
import { dragToPlacement, type DropPlacement } from './drag.ts';
import { screenRoute } from './routes.ts';

/** What a user does on the Content screen. */
export class ContentTreePage {
  readonly root: Locator;
  readonly tree: Locator;
  readonly filterBox: Locator;
  readonly moveDialog: Locator;
  readonly announcer: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('content-screen');
    this.tree = page.getByTestId('content-tree');
    this.filterBox = page.getByTestId('content-filter');
    this.moveDialog = page.getByTestId('move-dialog');
    this.announcer = page.getByTestId('content-announcer');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'content', profileId);
  }

  /** Opens the screen from the sidebar and waits for the tree. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-content').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.tree.waitFor();
  }

  /** Shows only the items whose title contains `text`, with their ancestors. */
  async filter(text: string): Promise<void> {
    await this.filterBox.fill(text);
  }

  /** The rows rendered now (the tree is virtualized: those in view, and a few around). */
  rows(): Locator {
    return this.tree.getByTestId('tree-row');
  }

  /** The row titled exactly `title`. */
  row(title: string): Locator {
    return this.tree.locator(`[data-testid="tree-row"][data-title="${title.replace(/"/g, '\\"')}"]`);
  }

  /** The titles of the rows rendered now, in order. */
  titles(): Promise<string[]> {
    return attributeOfAll(this.rows(), 'data-title');
  }

  /** The depth (0 at the top level) of the row titled `title`. */
  async depth(title: string): Promise<number> {
    return Number(await this.row(title).getAttribute('data-depth'));
  }

  /** How many moves are in flight (0 once the tree is settled). */
  async pending(): Promise<number> {
    return Number(await this.tree.getAttribute('data-pending'));
  }

  /** Waits until no move is in flight. */
  async settled(): Promise<void> {
    await this.tree.and(this.page.locator('[data-pending="0"]')).waitFor();
  }

  /** Opens a collection's row if it is closed. */
  async expand(title: string): Promise<void> {
    const row = this.row(title);
    if ((await row.getAttribute('aria-expanded')) === 'false') await row.getByTestId('tree-toggle').click();
    await row.and(this.page.locator('[aria-expanded="true"]')).waitFor();
  }

  /** Clicks a row (selects it alone), with Ctrl to add it to the selection or Shift for a range. */
  async click(title: string, modifier?: 'Control' | 'Shift'): Promise<void> {
    await this.row(title)
      .locator('.tree-title')
      .click(modifier === undefined ? {} : { modifiers: [modifier] });
  }

  /** The titles of the selected rows rendered now. */
  selectedTitles(): Promise<string[]> {
    return attributeOfAll(this.tree.locator('[data-testid="tree-row"][data-selected="true"]'), 'data-title');
  }

  /**
   * Drags the row titled `title` (and the selection with it, when it is selected) to `placement` of the row titled
   * `target`: the pointer glides to the top quarter, the middle or the bottom quarter of the target row, the
   * mouse is released once the drop indicator shows that placement on that row.
   */
  async drag(title: string, target: string, placement: DropPlacement, whileOver?: () => Promise<void>) {
    const key = await this.row(target).getAttribute('data-key');
    await dragToPlacement(
      this.page,
      this.row(title).locator('.tree-title'),
      this.row(target),
      placement,
      this.page.locator(
        `[data-testid="drop-indicator"][data-placement="${placement}"][data-target-key="${key}"]`,
      ),
      whileOver,
    );
  }

  /** Focuses a row by clicking it, then presses `keys` (e.g. `Alt+ArrowUp`) one after the other. */
  async press(title: string, ...keys: string[]): Promise<void> {
    await this.click(title);
    await this.row(title).and(this.page.locator(':focus')).waitFor();
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /**
   * Keyboard only from the focused row: M opens "Move to…", typing filters the collections, Enter moves into the
   * highlighted one (the first match). `destination` is a collection's title, or "Top level".
   */
  async moveWithDialog(title: string, destination: string): Promise<void> {
    await this.press(title, 'm');
    await this.moveDialog.waitFor();
    await this.page.keyboard.type(destination);
    await this.moveDialog
      .locator(`[data-testid="move-target"][data-title="${destination}"][data-selected="true"]`)
      .waitFor();
    await this.page.keyboard.press('Enter');
    await this.moveDialog.waitFor({ state: 'detached' });
  }

  /** The text of the latest toast. */
  lastToast(): Promise<string> {
    return this.page.getByTestId('toast').last().innerText();
  }
}
