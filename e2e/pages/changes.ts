/** The Changes tab of a change request: the page tree, the page shown, its rendered and source diffs. */
import type { Locator, Page } from 'playwright-core';

/** What a reviewer does on the Changes tab. */
export class ChangesTab {
  readonly root: Locator;
  readonly tree: Locator;
  readonly shownPage: Locator;
  readonly rendered: Locator;
  readonly source: Locator;
  readonly structure: Locator;
  readonly changePosition: Locator;
  readonly viewedCount: Locator;
  readonly viewed: Locator;
  readonly onlyChanged: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('changes-tab');
    this.tree = this.root.getByTestId('review-tree');
    this.shownPage = this.root.getByTestId('review-page');
    this.rendered = this.root.getByTestId('rendered-diff');
    this.source = this.root.getByTestId('source-diff');
    this.structure = this.root.getByTestId('review-structure');
    this.changePosition = this.root.getByTestId('review-change-position');
    this.viewedCount = this.root.getByTestId('review-viewed-count');
    this.viewed = this.shownPage.getByTestId('review-viewed');
    this.onlyChanged = this.root.getByTestId('review-only-changed');
  }

  /** The tree's row of the page with that title. */
  row(title: string): Locator {
    return this.tree.locator(`[data-testid="review-row"][data-title="${title}"]`);
  }

  /** The change kinds a row shows (`edited`, `moved`…), from its markers. */
  async kinds(title: string): Promise<string[]> {
    const kinds = await this.row(title).getAttribute('data-kinds');
    return (kinds ?? '').split(' ').filter((kind) => kind !== '');
  }

  /** The titles of the rows shown, in order. */
  async rowTitles(): Promise<string[]> {
    const rows = await this.tree.getByTestId('review-row').all();
    return Promise.all(rows.map(async (row) => (await row.getAttribute('data-title')) ?? ''));
  }

  /** Shows a page by clicking its row, and waits for it. */
  async open(title: string): Promise<void> {
    await this.row(title).click();
    const exactly = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    await this.shownPage.locator('#review-page-title').filter({ hasText: exactly }).waitFor();
  }

  /** The id of the page shown. */
  shownPageId(): Promise<string | null> {
    return this.shownPage.getAttribute('data-page-id');
  }

  /** The title of the page shown. */
  async shownTitle(): Promise<string> {
    return (await this.shownPage.locator('#review-page-title').innerText()).trim();
  }

  /** Rendered blocks of a kind (`del`, `add`, `same`). */
  blocks(kind: 'del' | 'add' | 'same'): Locator {
    return this.rendered.locator(`[data-testid="diff-block"][data-kind="${kind}"]`);
  }

  /** Highlighted words: removed (`del`) or added (`ins`), in the lens shown. */
  words(tag: 'del' | 'ins'): Locator {
    return this.shownPage.locator(`${tag}.diff-word`);
  }

  /** Source lines of a kind. */
  lines(kind: 'del' | 'add' | 'same'): Locator {
    return this.source.locator(`[data-testid="source-line"][data-kind="${kind}"]`);
  }

  /** Switches the lens. */
  async lens(name: 'rendered' | 'source'): Promise<void> {
    await this.root.getByTestId(`review-lens-${name}`).click();
  }

  /** Switches the rendered layout. */
  async layout(name: 'split' | 'inline'): Promise<void> {
    await this.root.getByTestId(`review-layout-${name}`).click();
  }

  /** The change highlighted by "next change". */
  get currentChange(): Locator {
    return this.shownPage.locator('.is-current-change');
  }
}
