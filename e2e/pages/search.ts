/** The organization search box in the sidebar, its results panel, and the page reader a result opens. */
import type { Locator, Page } from 'playwright-core';

/** What a user does with the search box. */
export class SearchBox {
  readonly input: Locator;
  readonly panel: Locator;
  readonly results: Locator;
  readonly empty: Locator;
  readonly loading: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.input = page.getByTestId('search-input');
    this.panel = page.getByTestId('search-panel');
    this.results = this.panel.getByRole('listbox', { name: 'Search results' });
    this.empty = this.panel.getByTestId('search-empty');
    this.loading = this.panel.getByTestId('search-loading');
  }

  /** Moves the focus to the box with its `/` shortcut (from outside any text field). */
  async focusByShortcut(): Promise<void> {
    await this.page.locator('body').click({ position: { x: 600, y: 5 } });
    await this.page.keyboard.press('/');
  }

  /** Types a query into the focused box, as a user would. */
  async type(query: string): Promise<void> {
    await this.page.keyboard.type(query);
  }

  /** Replaces the box's text. */
  async fill(query: string): Promise<void> {
    await this.input.fill(query);
  }

  /** The group of results of the space with that title. */
  space(title: string): Locator {
    return this.results
      .getByTestId('search-space')
      .filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** The option of the page with that title (in the space with that title). */
  option(space: string, title: string): Locator {
    return this.space(space)
      .getByRole('option')
      .filter({
        has: this.page.locator('.search-page-title', { hasText: new RegExp(`^${escape(title)}$`) }),
      });
  }

  /** The id of the option the keyboard points at, if any. */
  async activeOptionId(): Promise<string | null> {
    return this.input.getAttribute('aria-activedescendant');
  }

  /** Waits until the results shown are those of the text typed (not an older text's, kept while loading). */
  async settled(): Promise<void> {
    await this.panel.locator('[role="listbox"][aria-busy="false"]').waitFor();
  }

  /**
   * Once the results settled, presses ↓ until the option is the active one (at most `max` times); false if it
   * never became active.
   */
  async arrowTo(option: Locator, max = 50): Promise<boolean> {
    await this.settled();
    const id = await option.getAttribute('id');
    for (let i = 0; i < max; i++) {
      await this.input.press('ArrowDown');
      if ((await this.activeOptionId()) === id) return true;
    }
    return false;
  }
}

/** The "Pages" section of a space's screen: its page tree and reader. */
export class PageReader {
  readonly section: Locator;
  readonly tree: Locator;
  readonly reader: Locator;
  readonly title: Locator;
  readonly body: Locator;

  constructor(page: Page) {
    this.section = page.getByTestId('space-screen').getByTestId('space-pages');
    this.tree = this.section.getByTestId('page-tree');
    this.reader = this.section.getByTestId('page-reader');
    this.title = this.reader.getByTestId('page-reader-title');
    this.body = this.reader.locator('.page-reader-body');
  }

  /** The tree's link marked as the page shown. */
  current(): Locator {
    return this.tree.locator('[aria-current="page"]');
  }
}

/** The `data-testid` of the element that has the focus, if any. */
export function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate<string | null>('document.activeElement?.getAttribute("data-testid") ?? null');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
