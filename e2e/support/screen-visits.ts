/**
 * One visit of a screen shared by the consecutive tests that check it (the wide screens spec's layout, light and dark
 * theme): the first test opens a fresh tab at the viewport asked, opens the app and visits the screen; the next test
 * on the same screen and viewport reuses that tab as it was left. A failed test drops its tab (after its screenshot),
 * so the next one starts afresh. Use with `useRig({ tabPerTest: false })`.
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

/** Registers the hooks (call inside `describe`, after `useRig` and `useScreens`) and answers the visit. */
export function useScreenVisits(session: RigSession): VisitScreen {
  let held: { key: string; tab: Tab } | undefined;
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
    const key = `${screen.slug}@${viewport.width}x${viewport.height}`;
    if (held?.key === key) return held.tab.page;
    await drop();
    const tab = await openTab(session.rig.browser, { viewport });
    held = { key, tab };
    const app = await DocsAdmin.open(tab.page, session.rig.running.url);
    await screen.visit(app);
    return tab.page;
  };
}
