/**
 * The role menus (and other choice menus): a button showing the value, opening a menu whose items commit only when
 * one is chosen (a click, or Enter on the highlighted one).
 */
import type { Locator, Page } from 'playwright-core';

/** The value a choice menu shows now (its button's `data-value`). */
export async function choiceValue(button: Locator): Promise<string> {
  const value = await button.getAttribute('data-value');
  if (value === null) throw new Error('the choice menu has no data-value');
  return value;
}

/** The items of the menu open now. */
export function openChoices(page: Page): Locator {
  return page.getByTestId('choice-menu-item');
}

/** Opens the menu with a click and picks the item of that value with a click. */
export async function chooseByMouse(page: Page, button: Locator, value: string): Promise<void> {
  await button.click();
  await openChoices(page)
    .and(page.locator(`[data-value="${value}"]`))
    .click();
}

/**
 * The keyboard path: focuses the button, opens the menu with Enter, moves the highlight with ArrowDown until the
 * item of that value has it, and chooses it with Enter. `beforeChoosing` runs once the item is highlighted.
 */
export async function chooseByKeyboard(
  page: Page,
  button: Locator,
  value: string,
  beforeChoosing?: () => Promise<void>,
): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
  const items = openChoices(page);
  // Opened from the keyboard, the menu highlights its first item once it has mounted: until then an ArrowDown could
  // land before that focus and the highlight would end one item further than counted.
  const lit = items.and(page.locator('[data-highlighted]'));
  await lit.first().waitFor();
  const highlighted = async () => ((await lit.count()) === 0 ? null : lit.first().getAttribute('data-value'));
  const count = await items.count();
  for (let moves = 0, now = await highlighted(); moves <= count && now !== value; moves++) {
    await page.keyboard.press('ArrowDown');
    // Each press is read back once it has moved the highlight, never before (a stale read would press again).
    await lit
      .and(page.locator(`:not([data-value="${now ?? ''}"])`))
      .first()
      .waitFor();
    now = await highlighted();
  }
  const target = items.and(page.locator(`[data-value="${value}"]`));
  if ((await target.getAttribute('data-highlighted')) === null)
    throw new Error(`the arrow keys never highlighted the choice “${value}”`);
  await beforeChoosing?.();
  await page.keyboard.press('Enter');
}
