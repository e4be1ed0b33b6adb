/**
 * A mouse drag as a person makes it, for dnd-kit: press on a handle, move a few pixels (past the sensor's activation
 * distance), glide to the target in small steps, wait until the target shows it is under the pointer, release.
 */
import type { Locator, Page } from 'playwright-core';

/** What to do while the dragged item hovers over its target, before the mouse is released (e.g. a screenshot). */
export type WhileOver = () => Promise<void>;

async function centre(locator: Locator, what: string): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${what} has no box on the screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags `handle` onto `target`. `overTarget` is a locator that matches once the drop target is active (e.g. the
 * target with `data-drop-active="true"`); the mouse is released only after it matches, and after `whileOver`.
 */
export async function dragOnto(
  page: Page,
  handle: Locator,
  target: Locator,
  overTarget: Locator,
  whileOver?: WhileOver,
): Promise<void> {
  const from = await centre(handle, 'the drag handle');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // dnd-kit's pointer sensor starts a drag only after the pointer has travelled its activation distance.
  await page.mouse.move(from.x + 6, from.y + 2, { steps: 3 });
  await page.mouse.move(from.x + 12, from.y + 6, { steps: 3 });
  // The target may sit elsewhere once the drag started (an overlay, a scrolled panel): measure it now.
  const box = await target.boundingBox();
  if (box === null) {
    await page.mouse.up();
    throw new Error('the drop target has no box on the screen');
  }
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(to.x, to.y, { steps: 12 });
  // A last small move: collision detection runs on pointer moves, so the target is "over" for certain.
  await page.mouse.move(to.x + 2, to.y, { steps: 2 });
  try {
    await overTarget.waitFor();
    if (whileOver !== undefined) await whileOver();
  } finally {
    await page.mouse.up();
  }
}

/** Where, on a target row, a drop lands. */
export type DropPlacement = 'before' | 'after' | 'inside';

/**
 * Drags `source` to `placement` of the row `target`: the pointer glides to the top eighth, the middle or the bottom
 * eighth of the row, and the mouse is released once `indicator` (the drop indicator showing that placement) is there.
 */
export async function dragToPlacement(
  page: Page,
  source: Locator,
  target: Locator,
  placement: DropPlacement,
  indicator: Locator,
  whileOver?: WhileOver,
): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  if (from === null) throw new Error('the dragged row has no box on the screen');
  const start = { x: from.x + Math.min(20, from.width / 2), y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // dnd-kit's pointer sensor starts a drag only after the pointer has travelled its activation distance.
  await page.mouse.move(start.x + 6, start.y + 3, { steps: 3 });
  await page.mouse.move(start.x + 12, start.y + 6, { steps: 3 });
  try {
    const box = await target.boundingBox();
    if (box === null) throw new Error('the target row has no box on the screen');
    const y =
      placement === 'before'
        ? box.y + box.height * 0.12
        : placement === 'after'
          ? box.y + box.height * 0.88
          : box.y + box.height / 2;
    const x = box.x + Math.min(120, box.width / 2);
    await page.mouse.move(x, y, { steps: 12 });
    // A last small move: the drop spot is computed on pointer moves.
    await page.mouse.move(x + 2, y, { steps: 2 });
    await indicator.waitFor();
    if (whileOver !== undefined) await whileOver();
  } finally {
    await page.mouse.up();
  }
}
