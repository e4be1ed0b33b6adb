/** The command palette (Ctrl+K): jumps to any screen or organization, by keyboard. */
import type { Locator, Page } from 'playwright-core';

/** What a user does with the command palette. */
export class CommandPalette {
  readonly root: Locator;
  readonly input: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('command-palette');
    this.input = page.getByTestId('command-palette-input');
  }

  /** Opens the palette with Ctrl+K. */
  async open(): Promise<void> {
    await this.page.keyboard.press('Control+K');
    await this.input.waitFor({ state: 'visible' });
  }

  /** The labels of the entries the palette lists now. */
  entries(): Promise<string[]> {
    return this.root.getByRole('option').allInnerTexts();
  }

  /**
   * Keyboard only: Ctrl+K, types `label`, moves down with the arrow keys until the highlighted entry is the one
   * labelled exactly `label`, presses Enter, and waits for the palette to close.
   */
  async run(label: string): Promise<void> {
    await this.open();
    await this.page.keyboard.type(label);
    const wanted = this.root.getByRole('option', { name: label, exact: true });
    await wanted.waitFor();
    const count = await this.root.getByRole('option').count();
    for (let moves = 0; moves < count && (await wanted.getAttribute('aria-selected')) !== 'true'; moves++)
      await this.page.keyboard.press('ArrowDown');
    if ((await wanted.getAttribute('aria-selected')) !== 'true')
      throw new Error(`the arrow keys never highlighted “${label}” in the palette`);
    await this.page.keyboard.press('Enter');
    await this.root.waitFor({ state: 'hidden' });
  }
}
