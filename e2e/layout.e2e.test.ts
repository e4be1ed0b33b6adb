/**
 * The layout holds from 1024×700 up: on every screen, at 1024×700 and 1440×900, the document does not scroll (the
 * panes do) and a change's diff keeps a column of at least 420 px. Each screen is also saved as a screenshot in
 * both sizes and both colour schemes (`test-results/screens/<screen>-<size>-<scheme>.png`), to be looked at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';
import { useScreens } from './support/screens.ts';
import { SCHEMES, SCREENSHOT_DIR } from './support/screenshots.ts';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** The narrowest a diff's content column may be. */
const READABLE = 420;

describe('the layout holds at 1024×700 and 1440×900', () => {
  const session = useRig();
  const screens = useScreens(session);
  const folder = join(SCREENSHOT_DIR, 'screens');

  for (const size of SIZES) {
    for (const screen of screens) {
      // A hang guard, not a measure: a reload, a visit and two screenshots take seconds on a loaded 2-core machine.
      it(`${screen.name} at ${size.width}×${size.height}`, { timeout: 90_000 }, async () => {
        const page = session.tab.page;
        await page.setViewportSize(size);
        const app = await DocsAdmin.open(page, session.rig.running.url);
        await screen.visit(app);
        // Fonts and late rows settle before measuring.
        await page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))');

        // Page expressions as text: the Node tsconfig has no DOM library.
        const measured = (await page.evaluate(`({
          scrollHeight: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth,
          innerHeight: window.innerHeight,
          innerWidth: window.innerWidth,
        })`)) as { scrollHeight: number; scrollWidth: number; innerHeight: number; innerWidth: number };
        expect(measured.scrollHeight, 'the document scrolls vertically').toBeLessThanOrEqual(
          measured.innerHeight,
        );
        expect(measured.scrollWidth, 'the document scrolls sideways').toBeLessThanOrEqual(
          measured.innerWidth,
        );

        if (screen.diff === true) {
          const column = await page.locator('.review-page-pane').boundingBox();
          expect(column, 'the diff column is on screen').not.toBeNull();
          expect(column!.width, 'the diff column is readable').toBeGreaterThanOrEqual(READABLE);
        }

        mkdirSync(folder, { recursive: true });
        for (const colorScheme of SCHEMES) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({
            path: join(folder, `${screen.slug}-${size.width}x${size.height}-${colorScheme}.png`),
            animations: 'disabled',
          });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      });
    }
  }
});
