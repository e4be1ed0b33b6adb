/**
 * One visit of a screen shared by the consecutive tests that check it (the accessibility spec's light and dark theme):
 * the first test opens a fresh tab, opens the app and visits the screen; the next test on the same screen reuses
 * that tab as it was left. A failed test drops its tab (after its screenshot), so the next one starts afresh.
 * Use with `useRig({ tabPerTest: false })`.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { DocsAdmin } from '../pages/docs-admin.ts';
import type { Tab } from './browser.ts';
import type { RigSession } from './rig.ts';
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

/** Answers the page showing `screen`, visited by this test or by the test before it. */
export type VisitScreen = (screen: AppScreen) => Promise<Page>;

/** Registers the hooks (call inside `describe`, after `useRig` and `useScreens`) and answers the visit. */
export function useScreenVisits(session: RigSession): VisitScreen {
  let held: { slug: string; tab: Tab } | undefined;
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
  return async (screen) => {
    if (held?.slug === screen.slug) return held.tab.page;
    await drop();
    const tab = await session.rig.tab();
    held = { slug: screen.slug, tab };
    const app = await DocsAdmin.open(tab.page, session.rig.running.url);
    await screen.visit(app);
    return tab.page;
  };
}
