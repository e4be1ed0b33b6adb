/**
 * The review of a change request as a user meets it: the reviewers panel of the Overview (request a review, Approve /
 * Request changes), the merge rules' checklist in the merge box, comments on a block of the Changes tab's diff (sent at
 * once or held as drafts until "Finish review"), and the conflicts resolved in place.
 */
import type { Locator, Page } from 'playwright-core';

/** What each way of finishing a review is called in the dialog. */
export type ReviewDecision = 'comment' | 'approved' | 'changes-requested';

/** What a reviewer does on a change request's screen. */
export class ReviewPage {
  readonly reviewers: Locator;
  readonly checklist: Locator;
  readonly finishDialog: Locator;
  readonly rendered: Locator;
  readonly conflicts: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    const root = page.getByTestId('change-request-screen');
    this.reviewers = root.getByTestId('cr-reviewers-panel');
    this.checklist = root.getByTestId('cr-merge-rules');
    this.finishDialog = page.getByTestId('finish-review');
    this.rendered = root.getByTestId('rendered-diff');
    this.conflicts = root.getByTestId('cr-conflicts');
  }

  /** The reviewers panel's row of a person or team. */
  reviewer(name: string): Locator {
    return this.reviewers.locator(`[data-testid="cr-reviewer"][data-name="${name}"]`);
  }

  /** Asks `name` to review: "Request review…", find them, tick them, send. */
  async requestReviewFrom(name: string): Promise<void> {
    await this.reviewers.getByTestId('cr-request-review').click();
    const dialog = this.page.getByTestId('request-review');
    await dialog.getByTestId('request-review-search').fill(name);
    await dialog.locator(`[data-testid="request-review-user"][data-name="${name}"]`).check();
    await dialog.getByTestId('request-review-submit').click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Approves from the Overview's panel, with an optional summary. */
  async approve(summary?: string): Promise<void> {
    await this.reviewers.getByTestId('cr-approve').click();
    await this.finish(summary);
  }

  /** Opens "Finish review" from the Changes tab and sends it with a decision. */
  async finishReview(decision: ReviewDecision, summary?: string): Promise<void> {
    await this.page.getByTestId('review-finish').click();
    await this.finishDialog.getByTestId(`finish-review-${decision}`).check();
    await this.finish(summary);
  }

  private async finish(summary: string | undefined): Promise<void> {
    await this.finishDialog.waitFor();
    if (summary !== undefined) await this.finishDialog.getByTestId('finish-review-summary').fill(summary);
    await this.finishDialog.getByTestId('finish-review-submit').click();
    await this.finishDialog.waitFor({ state: 'detached' });
  }

  /** The checklist's line of a rule (GitBook's name: `require_at_least_one_approved_review`…). */
  rule(name: string): Locator {
    return this.checklist.locator(`[data-testid="cr-merge-rule"][data-rule="${name}"]`);
  }

  /** Whether each rule of the checklist is met, by rule name. */
  async rules(): Promise<Record<string, boolean>> {
    const lines = await this.checklist.getByTestId('cr-merge-rule').all();
    const entries = await Promise.all(
      lines.map(async (line) => [await line.getAttribute('data-rule'), await line.getAttribute('data-met')]),
    );
    return Object.fromEntries(entries.map(([rule, met]) => [rule ?? '', met === 'true']));
  }

  /** The rendered diff's block (or change) at a place of the request's page, counted from 0. */
  block(headIndex: number): Locator {
    return this.rendered.locator(`[data-head-index="${headIndex}"]`).first();
  }

  /** What is drawn below a block: its comments and drafts. */
  notes(headIndex: number): Locator {
    return this.rendered.locator(`[data-testid="block-notes"][data-head-index="${headIndex}"]`);
  }

  /** Comments on a block of the rendered diff: held as a draft of the review, or sent at once. */
  async commentOnBlock(headIndex: number, text: string, how: 'draft' | 'now'): Promise<void> {
    const block = this.block(headIndex);
    await block.hover();
    await block.getByTestId('review-comment-here').click();
    const composer = this.notes(headIndex).getByTestId('block-composer');
    await composer.getByTestId('block-composer-text').fill(text);
    await composer.getByTestId(how === 'draft' ? 'block-composer-draft' : 'block-composer-now').click();
    await composer.waitFor({ state: 'detached' });
  }

  /** The resolver of the conflict on the page with that title. */
  resolver(pageTitle: string): Locator {
    return this.conflicts.locator(`[data-testid="cr-conflict"][data-page="${pageTitle}"]`);
  }

  /** Chooses the side a conflict keeps; `edited` with the merged text typed in the three-way editor. */
  async resolve(
    pageTitle: string,
    side: 'main' | 'changeRequest' | 'edited',
    markdown?: string,
  ): Promise<void> {
    const resolver = this.resolver(pageTitle);
    await resolver.getByTestId(`cr-resolve-${side}`).check();
    if (side === 'edited') await resolver.getByTestId('cr-three-way-editor').fill(markdown ?? '');
  }

  /** "Apply and update from main". */
  async applyResolution(): Promise<void> {
    await this.conflicts.getByTestId('cr-resolve-apply').click();
  }
}
