/** The organization file: export, the editor, the plan's preview, the apply's report, drift. */
import type { Locator, Page } from 'playwright-core';
import { downloadText } from '../support/download.ts';
import { screenRoute } from './routes.ts';

/** What a user does on the organization file screen. */
export class OrgFilePage {
  readonly root: Locator;
  readonly editor: Locator;
  readonly preview: Locator;
  readonly report: Locator;
  readonly driftBadge: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('org-file-screen');
    this.editor = this.root.getByTestId('org-file-editor');
    this.preview = this.root.getByTestId('org-file-preview');
    this.report = this.root.getByTestId('org-file-report');
    this.driftBadge = this.root.getByTestId('org-file-drift-badge');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'org-file', profileId);
  }

  /** Opens the screen from the sidebar. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-org-file').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
  }

  /** Exports the live organization and waits for the file to be offered. */
  async export(): Promise<void> {
    await this.root.getByTestId('org-file-export').click();
    await this.root.getByTestId('org-file-exported').waitFor();
  }

  /** Saves the exported file and answers its name and text. */
  async saveExport(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.root.getByTestId('org-file-save').click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await downloadText(file) };
  }

  /** Opens a tab by its name (`file`, `plan`, `drift`). */
  async tab(name: 'file' | 'plan' | 'drift'): Promise<void> {
    await this.root.getByTestId(`org-file-tab-${name}`).click();
  }

  /** The steps of the plan shown. */
  steps(): Locator {
    return this.preview.getByTestId('org-file-step');
  }

  /** The steps of the apply's report. */
  reportSteps(): Locator {
    return this.report.getByTestId('org-file-report-step');
  }

  /** The drift view's items. */
  driftSteps(): Locator {
    return this.root.getByTestId('org-file-drift-step');
  }

  /** The created / changed / deleted counts of a resource in the plan's table. */
  async counts(resource: string): Promise<{ create: string; update: string; delete: string }> {
    const row = this.preview.locator(`[data-testid="org-file-count"][data-resource="${resource}"]`);
    const cell = (kind: string) => row.locator(`td[data-kind="${kind}"]`).innerText();
    return { create: await cell('create'), update: await cell('update'), delete: await cell('delete') };
  }
}
