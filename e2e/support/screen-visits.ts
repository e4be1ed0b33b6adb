/**
 * The screens specs' visits, in one tab and one opening of the app per file and viewport: the first visit opens a
 * fresh tab at the viewport asked and opens the app; each next screen is reached from the one before it the way its
 * visit says (its route, or a click in the sidebar), after closing any dialog that screen opened and going back to the
 * light scheme. Consecutive tests on the same screen and viewport (the wide spec's layout, light and dark theme)
 * reuse the page as it was left. Opening the app in a fresh context took about 1.6 s of the 2.6 s a visit took. A
 * failed test drops the tab (after its screenshot), so the next one starts afresh. Use with `useRig({ tabPerTest:
 * false })`; the screens only read (`useScreens` prepares what they show), so one screen's visit leaves no data
 * behind for the next.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { DocsAdmin } from '../pages/docs-admin.ts';
import { openTab, type Tab } from './browser.ts';
import { WIDE, type RigSession } from './rig.ts';
import type { AppScreen } from './screens.ts';
import { keepFailureScreenshot } from './screenshots.ts';

/**
 * Emulates the OS colour scheme on a page already shown and waits for the CSS transitions the switch started (a
 * button's colours ease over a few frames): the page is then as it settles in that scheme, as if it had opened in
 * it. `getAnimations()` brings styles up to date first, so the switch's transitions are among those it answers.
 */
export async function showScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  // In every frame (each follows the scheme); page expressions as text: the Node tsconfig has no DOM library.
  const settled = `Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition)
    .map((animation) => animation.finished.catch(() => undefined)))`;
  await Promise.all(page.frames().map((frame) => frame.evaluate(settled)));
}

/** A page's size. */
export interface Viewport {
  width: number;
  height: number;
}

/**
 * Answers the page showing `screen` at `viewport` (the rig's wide one unless given), visited by this test or by the
 * test before it.
 */
export type VisitScreen = (screen: AppScreen, viewport?: Viewport) => Promise<Page>;

/** Closes what a screen left open (a dialog it opened), so the next screen is visited as if it were the first. */
async function leaveScreen(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
  while ((await dialogs.count()) > 0) {
    const before = await dialogs.count();
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      `document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length < ${before}`,
    );
  }
}

/** Registers the hooks (call inside `describe`, after `useRig` and `useScreens`) and answers the visit. */
export function useScreenVisits(session: RigSession): VisitScreen {
  let held: { size: string; tab: Tab; app: DocsAdmin; shown: string | undefined } | undefined;
  const drop = async () => {
    const tab = held?.tab;
    held = undefined;
    await tab?.context.close();
  };
  afterEach(async ({ task }) => {
    if (held === undefined || task.result?.state !== 'fail') return;
    await keepFailureScreenshot(task.result.state, task.name, held.tab.page);
    await drop();
  });
  afterAll(drop);
  return async (screen, viewport = WIDE) => {
    const size = `${viewport.width}x${viewport.height}`;
    if (held?.size === size && held.shown === screen.slug) return held.tab.page;
    if (held?.size === size) {
      await leaveScreen(held.tab.page);
    } else {
      await drop();
      const tab = await openTab(session.rig.browser, { viewport });
      held = { size, tab, app: await DocsAdmin.open(tab.page, session.rig.running.url), shown: undefined };
    }
    // Unset while visiting: a visit that throws leaves no screen to reuse (and the failed test drops the tab).
    held.shown = undefined;
    await screen.visit(held.app);
    held.shown = screen.slug;
    return held.tab.page;
  };
}
