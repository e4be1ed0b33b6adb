/**
 * Browser mode's host alone, for `npm run bench -- bridge`: the real `startBrowserHost` with one channel
 * (`api.request`) that does what the proxy does with a body (serializes it again to send it on) and answers after
 * 100 ms. Prints `{"port", "url"}`. Argument: the large-body budget in bytes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeHandlers } from '../electron/main/core/bridge-handlers.ts';
import { startBrowserHost } from '../electron/main/core/browser-host.ts';

const budget = Number(process.argv[2]);
const staticDir = join(mkdtempSync(join(tmpdir(), 'docs-admin-bench-bridge-')), 'static');
mkdirSync(staticDir);
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>\n');

const forward: BridgeHandlers['api.request'] = async (request) => {
  const sent = JSON.stringify(request);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { ok: true, value: { status: 200, body: { bytes: sent.length } } };
};
const host = await startBrowserHost({
  handlers: { 'api.request': forward } as BridgeHandlers,
  staticDir,
  ...(Number.isFinite(budget) && budget > 0 ? { largeBodyBudget: budget } : {}),
});
console.log(JSON.stringify({ port: host.port, url: host.url }));
process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
