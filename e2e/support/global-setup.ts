/**
 * Vitest global setup for the end-to-end tests: the renderer built unless out/renderer is current (its stamp matches
 * the sources), so specs never test a stale one; one Chromium for the whole run, which each file reaches over its
 * endpoint with contexts of its own (launchBrowser); and a data folder the app seeded once, which each file's app
 * starts on a copy of (launchApp). Each file still has its own app, sandbox and data: only the Chromium process and
 * the seeding are shared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { launchApp, SEEDED_DATA } from './app.ts';
import { launchSharedBrowser, SHARED_CHROMIUM } from './browser.ts';
import { ensureRendererBuilt } from './renderer-build.ts';

/** Both end-to-end projects (e2e, e2e-paced) name this setup; the build, the Chromium and the seeded folder happen
 * once per run (kept on globalThis, since each project may load this module afresh). */
const SHARED = Symbol.for('docs-admin.e2e.shared');
interface Shared {
  ready: Promise<{ chromium: BrowserServer; seeded: string }>;
  /** The projects whose setup ran and whose teardown has not: the last teardown closes and deletes. */
  users: number;
}
type WithShared = typeof globalThis & { [SHARED]?: Shared };

/** Starts the app once on an empty folder (it seeds the demo) and stops it: the folder each file's app copies. */
async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-e2e-seeded-'));
  try {
    const app = await launchApp({ dataDir });
    await app.stop();
    return dataDir;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function start(): Promise<{ chromium: BrowserServer; seeded: string }> {
  const chromium = launchSharedBrowser();
  // The app serves the built renderer, so the seeding start waits for the build.
  const seeded = ensureRendererBuilt().then(seedDataDir);
  const [server, folder] = await Promise.all([chromium, seeded]).catch(async (error: unknown) => {
    await Promise.allSettled([chromium.then((started) => started.close())]);
    await seeded.then((dir) => rmSync(dir, { recursive: true, force: true })).catch(() => undefined);
    throw error;
  });
  process.env[SHARED_CHROMIUM] = server.wsEndpoint();
  process.env[SEEDED_DATA] = folder;
  return { chromium: server, seeded: folder };
}

/** Runs the shared start once per run and answers the teardown (the last project's closes and deletes). */
export default async function setup(): Promise<() => Promise<void>> {
  const scope = globalThis as WithShared;
  const shared = (scope[SHARED] ??= { ready: start(), users: 0 });
  shared.users++;
  await shared.ready;
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    const { chromium, seeded } = await shared.ready;
    Reflect.deleteProperty(process.env, SHARED_CHROMIUM);
    Reflect.deleteProperty(process.env, SEEDED_DATA);
    await chromium.close();
    rmSync(seeded, { recursive: true, force: true });
  };
}
