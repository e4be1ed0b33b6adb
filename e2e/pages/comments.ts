/**
 * The comment threads of a change request: the Comments tab and the panel beside a page's diff share one list
 * (composer, Open / Resolved / All filter, threads), so one page object drives either, from its root.
 */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROFILE } from '../support/sandbox-api.ts';

/** What a user does in a list of comment threads. */
export class CommentThreads {
  readonly root: Locator;
  readonly composer: Locator;
  readonly threads: Locator;
  readonly empty: Locator;
  private readonly page: Page;

  constructor(page: Page, root: Locator) {
    this.page = page;
    this.root = root;
    this.composer = root.getByTestId('new-comment-composer');
    this.threads = root.getByTestId('comment-thread');
    this.empty = root.getByTestId('comments-empty');
  }

  /** The Comments tab of the request on screen. */
  static tab(page: Page): CommentThreads {
    return new CommentThreads(page, page.getByTestId('comments-tab'));
  }

  /** The comments panel beside the diff of the page on screen. */
  static pagePanel(page: Page): CommentThreads {
    return new CommentThreads(page, page.getByTestId('page-comments'));
  }

  /** Opens a request of the sandbox profile on a tab (and a page of its Changes tab) by its address. */
  static async goto(
    page: Page,
    orgId: string,
    spaceId: string,
    changeRequestId: string,
    search: { tab: 'comments' | 'changes'; page?: string },
  ): Promise<void> {
    const query = `tab=${search.tab}${search.page !== undefined ? `&page=${encodeURIComponent(search.page)}` : ''}`;
    const route = `/p/${SANDBOX_PROFILE}/orgs/${orgId}/spaces/${spaceId}/change-requests/${changeRequestId}?${query}`;
    await page.evaluate(`location.hash = ${JSON.stringify(route)}`);
  }

  /** The thread whose comment body contains `text`. */
  thread(text: string): Locator {
    return this.threads.filter({
      has: this.page.getByTestId('comment').locator('.comment-body', { hasText: text }),
    });
  }

  /** The thread with that comment id (stable while its body is being edited). */
  threadById(commentId: string): Locator {
    return this.root.locator(`[data-testid="comment-thread"][data-comment-id="${commentId}"]`);
  }

  /** The thread's own comment (not its replies). */
  comment(thread: Locator): Locator {
    return thread.getByTestId('comment');
  }

  /** Types in the composer (Write tab). */
  async write(markdown: string): Promise<void> {
    await this.composer.getByTestId('composer-write-tab').click();
    await this.composer.getByTestId('composer-text').fill(markdown);
  }

  /** Shows the composer's Preview tab and answers the rendered preview. */
  async preview(): Promise<Locator> {
    await this.composer.getByTestId('composer-preview-tab').click();
    return this.composer.getByTestId('composer-preview');
  }

  /** Posts a comment with Ctrl+Enter from the text box. */
  async post(markdown: string): Promise<void> {
    await this.write(markdown);
    await this.composer.getByTestId('composer-text').press('Control+Enter');
  }

  /** Replies to a thread through its Reply button and the reply box's Ctrl+Enter. */
  async reply(thread: Locator, markdown: string): Promise<void> {
    await this.comment(thread).getByTestId('comment-reply-button').click();
    const box = thread.getByTestId('reply-composer').getByTestId('composer-text');
    await box.fill(markdown);
    await box.press('Control+Enter');
  }

  /** Adds a reaction to a thread's comment from the picker, by keyboard-reachable menu items. */
  async react(thread: Locator, emoji: string): Promise<void> {
    await this.comment(thread).getByTestId('reaction-add').click();
    await this.page.locator(`[data-testid="reaction-option"][data-emoji="${emoji}"]`).click();
  }

  /** The reaction chip of a thread's comment for `emoji`. */
  reaction(thread: Locator, emoji: string): Locator {
    return this.comment(thread).locator(`[data-testid="reaction-chip"][data-emoji="${emoji}"]`);
  }

  /** Edits a thread's comment inline and saves with Ctrl+Enter. */
  async edit(thread: Locator, markdown: string): Promise<void> {
    // The body gives way to the editor: hold the thread by its id meanwhile.
    const id = await thread.getAttribute('data-comment-id');
    if (id === null) throw new Error('a thread without data-comment-id');
    const editing = this.comment(this.threadById(id));
    await editing.getByTestId('comment-edit').click();
    const box = editing.getByTestId('comment-editor').getByTestId('composer-text');
    await box.fill(markdown);
    await box.press('Control+Enter');
  }

  /** Resolves a thread. */
  async resolve(thread: Locator): Promise<void> {
    await this.comment(thread).getByTestId('comment-resolve').click();
  }

  /** Reopens a resolved thread. */
  async reopen(thread: Locator): Promise<void> {
    await this.comment(thread).getByTestId('comment-reopen').click();
  }

  /** Picks the Open, Resolved or All filter. */
  async filter(value: 'open' | 'resolved' | 'all'): Promise<void> {
    await this.root.getByTestId(`comment-filter-${value}`).check();
  }

  /** Deletes a thread after its confirmation. */
  async delete(thread: Locator): Promise<void> {
    await this.comment(thread).getByTestId('comment-delete').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    await dialog.getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The `data-comment-id` of the thread holding the focus, if any. */
  async focusedThreadId(): Promise<string | null> {
    const id: unknown = await this.page.evaluate(
      `document.activeElement?.closest('[data-testid="comment-thread"]')?.getAttribute('data-comment-id') ?? null`,
    );
    return typeof id === 'string' ? id : null;
  }
}
