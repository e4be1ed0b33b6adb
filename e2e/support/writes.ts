/** Every write the page sends to the API (bridge `api.request` calls other than GET), as `METHOD /path`. */
import type { Page } from 'playwright-core';
import { BRIDGE_HTTP_PREFIX } from '../../shared/bridge.ts';

/** Starts recording the page's API writes; the list grows as the page sends them. */
export function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith(`${BRIDGE_HTTP_PREFIX}api.request`)) return;
    const body = request.postDataJSON() as { method?: string; path?: string } | null;
    if (body?.method !== undefined && body.method !== 'GET') writes.push(`${body.method} ${body.path ?? ''}`);
  });
  return writes;
}
