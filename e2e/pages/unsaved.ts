/** The Save / Discard / Stay question that guards unsaved edits, and the Undo of a toast. */
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
