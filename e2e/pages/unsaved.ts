/** The Save / Discard / Stay question that guards unsaved edits, and the toasts: their Undo, their Dismiss. */
import type { Locator, Page } from 'playwright-core';

/** What a user answers when edits would be lost. */
export class UnsavedDialog {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByTestId('unsaved-dialog');
  }

  /** What the question says, once it is shown. */
  async text(): Promise<string> {
    await this.root.waitFor();
    return this.root.innerText();
  }

  /** Answers the question (the dialog goes). */
  async answer(choice: 'save' | 'discard' | 'stay'): Promise<void> {
    await this.root.getByTestId(`unsaved-${choice}`).click();
    await this.root.waitFor({ state: 'hidden' });
  }
}

/** The latest toast whose text contains `text`. */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: text }).last();
}

/** Presses Undo on the latest toast that says `text`; answers what the toast said. */
export async function undoFromToast(page: Page, text: string | RegExp): Promise<string> {
  const toast = toastWith(page, text);
  await toast.waitFor();
  const said = await toast.innerText();
  await toast.getByTestId('toast-undo').click();
  return said;
}

/**
 * Dismisses every open toast by its × and waits until none is left: toasts stay 5–10 s and can cover what a story
 * clicks next (the member panel's Remove), which Playwright would otherwise wait out.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const open = page.locator('[data-testid="toast"][data-state="open"]');
  // By its label, not its role: a modal dialog open beside the toasts hides them from the accessibility tree.
  while ((await open.count()) > 0) await open.first().getByLabel('Dismiss', { exact: true }).click();
  await page.getByTestId('toast').first().waitFor({ state: 'detached' });
}
