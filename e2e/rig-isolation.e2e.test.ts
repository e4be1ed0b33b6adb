/**
 * The rig's tabs: each test's tab is a new page of its file's kept context (rig.ts), cleared before the test, rather
 * than a fresh context. These two tests hold the claim that it starts as a fresh context would: the first leaves
 * state of every kind behind (Web Storage, IndexedDB, Cache Storage, a cookie, a permission, a route, the offline state, a second page), the
 * second finds none of it, and reads exactly what a brand-new context reads. They run in this order (Vitest runs a
 * file's tests one after the other); the second says so if the first did not leave its state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRig } from './support/rig.ts';

/** What a page of the app's origin can read of its context's state (a page expression: no DOM library here). */
const PROBE = `(async () => ({
  local: Object.keys(localStorage).sort(),
  session: Object.keys(sessionStorage).sort(),
  indexedDb: (await indexedDB.databases()).map((database) => database.name).sort(),
  caches: (await caches.keys()).sort(),
  clipboard: (await navigator.permissions.query({ name: 'clipboard-read' })).state,
}))()`;

/** Leaves state of every kind a page can write on the app's origin. */
const LEAVE = `(async () => {
  localStorage.setItem('left', '1');
  sessionStorage.setItem('left', '1');
  await new Promise((done, fail) => {
    const request = indexedDB.open('left-behind');
    request.onupgradeneeded = () => request.result.createObjectStore('store');
    request.onsuccess = () => { request.result.close(); done(undefined); };
    request.onerror = () => fail(request.error);
  });
  await (await caches.open('left-behind')).put('/left', new Response('1'));
})()`;

describe("a test's tab starts as a fresh context would", () => {
  const session = useRig();
  /** A second page the first test leaves open. */
  let leftOpen: Page | undefined;

  /** Shows a document of the app's origin (its icon: no app code writes state) in `page`. */
  const showOrigin = async (page: Page) => {
    await page.goto(new URL('/favicon.svg', session.rig.running.origin).href);
    return page;
  };

  it('leaves storage, a cookie, a permission, a route, the offline state and a page behind', async () => {
    const { context, page } = session.tab;
    const origin = session.rig.running.origin;
    await (await showOrigin(page)).evaluate(LEAVE);
    await context.addCookies([{ name: 'left', value: '1', url: origin }]);
    await context.grantPermissions(['clipboard-read'], { origin });
    await context.route('**/favicon.svg', (route) => route.fulfill({ status: 418, body: 'routed' }));
    leftOpen = await showOrigin(await context.newPage());
    // The probe sees each kind of state: the next test's finding none is not the probe's blindness.
    expect(await page.evaluate(PROBE)).toEqual({
      local: ['left'],
      session: ['left'],
      indexedDb: ['left-behind'],
      caches: ['left-behind'],
      clipboard: 'granted',
    });
    expect((await context.cookies(origin)).map((cookie) => cookie.name)).toEqual(['left']);
    expect((await page.goto(new URL('/favicon.svg', origin).href))?.status()).toBe(418);
    await context.setOffline(true);
  });

  it('finds none of it, and reads what a brand-new context reads', async () => {
    expect(leftOpen, 'the first test ran and left a page open').toBeDefined();
    expect(leftOpen!.isClosed()).toBe(true);
    const origin = session.rig.running.origin;
    // Offline, this goto would throw; through the route the first test left, it would answer 418.
    const icon = new URL('/favicon.svg', origin).href;
    const shown = await session.tab.page.goto(icon);
    const mine = await session.tab.page.evaluate(PROBE);
    const fresh = await session.rig.tab();
    try {
      const freshShown = await fresh.page.goto(icon);
      expect(shown?.status()).not.toBe(418);
      expect(shown?.status()).toBe(freshShown?.status());
      expect(mine).toEqual(await fresh.page.evaluate(PROBE));
      expect(await session.tab.context.cookies(origin)).toEqual(await fresh.context.cookies(origin));
    } finally {
      await fresh.context.close();
    }
    expect(mine).toEqual({ local: [], session: [], indexedDb: [], caches: [], clipboard: 'prompt' });
  });
});
