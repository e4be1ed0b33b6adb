/** The audit log: events filtered by action, actor, target and days; a target opened; the CSV export. */
import type { Locator, Page } from 'playwright-core';
import { downloadText } from '../support/download.ts';
import { screenRoute } from './routes.ts';

/** What a user does in the audit log. */
export class AuditPage {
  readonly root: Locator;
  readonly grid: Locator;
  readonly detail: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('audit-screen');
    this.grid = this.root.getByTestId('audit-grid');
    this.detail = page.getByTestId('audit-detail');
  }

  /** The audit log's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'audit', profileId);
  }

  /** Opens the audit log from the sidebar and waits until it is shown. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-audit').click();
    await this.shown();
  }

  /** Waits for the log with its events, its empty state or its note (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
    await this.root
      .locator('[data-testid="audit-row"], .empty-state, [data-testid="not-offered"]')
      .first()
      .waitFor();
  }

  /** Chooses an action in the filter by its label, or `''` for all. */
  async filterAction(label: string): Promise<void> {
    const select = this.root.getByTestId('audit-filter-action');
    if (label === '') await select.selectOption('');
    else await select.selectOption({ label });
  }

  /** Types a target id in its filter and applies it with Enter. */
  async filterTarget(id: string): Promise<void> {
    const field = this.root.getByTestId('audit-filter-target');
    await field.fill(id);
    await field.press('Enter');
  }

  /** The rows listed (those rendered by the virtualized grid). */
  rows(): Locator {
    return this.grid.getByTestId('audit-row');
  }

  /** The row of an event. */
  row(eventId: string): Locator {
    return this.grid.locator(`[data-testid="audit-row"][data-event-id="${eventId}"]`);
  }

  /** Exports the filtered events and answers the file's name and text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.root.getByTestId('audit-export').click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await downloadText(file) };
  }
}
