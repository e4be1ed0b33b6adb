/** The renderer's production build in out/renderer, which browser mode serves. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runNode } from './process.ts';

/** The folder browser mode serves the renderer from. */
export const RENDERER_OUT = join(ROOT, 'out', 'renderer');

/**
 * `npm run start:browser`'s build step: a production build with Vite, stamped with the hash of its sources (every file
 * under renderer/ and shared/, the lockfile, the web tsconfig, the script), skipped when the stamp matches them.
 */
const BUILD_SCRIPT = join(ROOT, 'scripts', 'build-renderer.mjs');

/** Builds the renderer into out/renderer (a few seconds), as it ships, whether or not its sources changed. */
export async function buildRenderer(): Promise<void> {
  await runNode(BUILD_SCRIPT, ['--force']);
}

/**
 * Builds the renderer unless out/renderer was built from the sources as they are now (the stamp's check takes tens
 * of milliseconds, a build 7–8 s of both cores): the tests never meet a stale build, and a run after no change to
 * the renderer does not pay for one.
 */
export async function ensureRendererBuilt(): Promise<void> {
  await runNode(BUILD_SCRIPT, []);
}

/** Throws a message naming the build command when out/renderer has no index.html. */
export function assertRendererBuilt(): void {
  if (!existsSync(join(RENDERER_OUT, 'index.html')))
    throw new Error('out/renderer/index.html is missing: build the renderer first (npm run build:renderer)');
}
