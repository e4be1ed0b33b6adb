/**
 * The layout checks of a screen at one size: the document does not scroll (the panes do) and a change's diff keeps a
 * readable column; then the screen is saved in both colour schemes (`test-results/screens/<screen>-<size>-<scheme>.png`)
 * and the page is left in the light scheme.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppScreen } from './screens.ts';
import { SCHEMES, SCREENSHOT_DIR } from './screenshots.ts';

/** The narrowest size the layout must hold at (the widest checked is the rig's WIDE, 1440×900). */
export const NARROW = { width: 1024, height: 700 } as const;

/** The narrowest a diff's content column may be. */
const READABLE = 420;

/** Where the screens' screenshots go. */
const FOLDER = join(SCREENSHOT_DIR, 'screens');

/** Expects the document of `page` not to scroll either way: its panes scroll, not the window. */
export async function expectDocumentFits(page: Page): Promise<void> {
  // Page expressions as text: the Node tsconfig has no DOM library.
  const measured = (await page.evaluate(`({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  })`)) as { scrollHeight: number; scrollWidth: number; innerHeight: number; innerWidth: number };
  expect(measured.scrollHeight, 'the document scrolls vertically').toBeLessThanOrEqual(measured.innerHeight);
  expect(measured.scrollWidth, 'the document scrolls sideways').toBeLessThanOrEqual(measured.innerWidth);
}

/** Checks the layout of `page`, which shows `screen` at `size`, and saves its screenshots. */
export async function checkLayout(
  page: Page,
  screen: AppScreen,
  size: { width: number; height: number },
): Promise<void> {
  // Fonts and late rows settle before measuring.
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))');

  await expectDocumentFits(page);

  if (screen.diff === true) {
    const column = await page.locator('.review-page-pane').boundingBox();
    expect(column, 'the diff column is on screen').not.toBeNull();
    expect(column!.width, 'the diff column is readable').toBeGreaterThanOrEqual(READABLE);
  }

  mkdirSync(FOLDER, { recursive: true });
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: join(FOLDER, `${screen.slug}-${size.width}x${size.height}-${colorScheme}.png`),
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
