/** Screenshots the end-to-end run saves under test-results/ (git-ignored), in the light and the dark scheme. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './process.ts';

/** Where the screenshots go. */
export const SCREENSHOT_DIR = join(ROOT, 'test-results');

/** The two colour schemes every screenshot is taken in. */
export const SCHEMES = ['light', 'dark'] as const;

/** A colour scheme the OS can ask for (the app follows it unless the user picked a theme). */
export type Scheme = (typeof SCHEMES)[number];

/**
 * Emulates each scheme in turn and saves `test-results/<name>-<scheme>.png` of the viewport; leaves the page in the
 * light scheme. Nothing else happens in between, so a drag in progress stays in progress.
 */
export async function screenshotBothSchemes(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const paths: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    const path = join(SCREENSHOT_DIR, `${name}-${colorScheme}.png`);
    // Animations off: a drop-target highlight or a fading overlay is captured in its settled state.
    await page.screenshot({ path, animations: 'disabled' });
    paths.push(path);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return paths;
}

/** After a failed test: saves what the page showed as `test-results/failed-<test name>.png`, for the diagnosis. */
export async function keepFailureScreenshot(
  state: string | undefined,
  testName: string,
  page: Page,
): Promise<void> {
  if (state !== 'fail') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `failed-${slug}.png`) }).catch(() => undefined);
}
