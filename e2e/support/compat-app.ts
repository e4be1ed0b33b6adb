/** The app's side of the end-to-end tests against a GitBook-compatible server: its profile, and 429s in the page. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { DocsAdmin } from '../pages/docs-admin.ts';
import type { CompatServer } from './compat-server.ts';
import { eventually } from './expect.ts';

/**
 * Counts the answers 429 the page receives from the bridge from now on (the main process's pacing must keep every
 * one from reaching it): read the count with the function answered.
 */
export function countTooManyInPage(page: Page): () => number {
  let count = 0;
  page.on('response', (response) => {
    if (!response.url().endsWith('/bridge/api.request')) return;
    void response
      .json()
      .then((body: { ok?: boolean; value?: { status?: number } }) => {
        if (body.ok === true && body.value?.status === 429) count++;
      })
      .catch(() => undefined);
  });
  return () => count;
}

/**
 * Adds a profile `name` pointing at the compat server (through its validating proxy) with the demo owner's token,
 * checks that the connection works, switches to it and opens "Acme Docs"; answers the profile's id.
 */
export async function openCompatProfile(app: DocsAdmin, compat: CompatServer, name: string): Promise<string> {
  await app.profiles.goto();
  const result = await app.profiles.addProfile({ name, baseUrl: compat.baseUrl, token: compat.adminToken });
  expect(result).toMatch(/Connected as /);
  const profileId = await app.profiles.idOf(name);
  await app.sidebar.switchTo(name);
  await app.sidebar.openOrganization('Acme Docs');
  await expect.poll(() => app.overview.title.innerText(), eventually).toBe('Acme Docs');
  return profileId;
}
