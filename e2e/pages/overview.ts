/** The organization overview: title and counts. */
import type { Locator, Page } from 'playwright-core';

/** The counts an overview shows; `undefined` where it shows no number ("—" when the server lacks the list). */
export interface OverviewCounts {
  members: number | undefined;
  teams: number | undefined;
  spaces: number | undefined;
  sites: number | undefined;
}

/** What a user reads on an organization's overview. */
export class OverviewPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly unreachableBanner: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('org-overview');
    this.title = page.getByTestId('org-title');
    this.unreachableBanner = page.getByTestId('unreachable-banner');
  }

  /** The count with that test id once it has loaded: the number it shows, if any. */
  private async count(testId: string): Promise<number | undefined> {
    const card = this.page.getByTestId(testId).and(this.page.locator(':not([aria-busy])'));
    const digits = /\d[\d,.\s]*/.exec(await card.innerText());
    return digits === null ? undefined : Number(digits[0].replace(/\D/g, ''));
  }

  /** Reads the four counts once they have loaded. */
  async counts(): Promise<OverviewCounts> {
    return {
      members: await this.count('count-members'),
      teams: await this.count('count-teams'),
      spaces: await this.count('count-spaces'),
      sites: await this.count('count-sites'),
    };
  }

  /** A card of the to-do list (`todo-review`, `todo-invites`, …) once it has loaded. */
  todoCard(testId: string): Locator {
    return this.page.getByTestId(testId).and(this.page.locator(':not([data-attention="loading"])'));
  }
}
