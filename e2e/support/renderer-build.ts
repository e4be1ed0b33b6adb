/** The renderer's production build in out/renderer, which browser mode serves. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runNode } from './process.ts';

/** The folder browser mode serves the renderer from. */
export const RENDERER_OUT = join(ROOT, 'out', 'renderer');

/** Builds the renderer with Vite into out/renderer (a few seconds), as it ships: a production build. */
export async function buildRenderer(): Promise<void> {
  await runNode(
    join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
    ['build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
    // Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it inherits: React would be bundled in development mode.
    { ...process.env, NODE_ENV: 'production' },
  );
}

/** Throws a message naming the build command when out/renderer has no index.html. */
export function assertRendererBuilt(): void {
  if (!existsSync(join(RENDERER_OUT, 'index.html')))
    throw new Error(
      'out/renderer/index.html is missing: build the renderer first (npx vite build --config renderer/vite.config.ts)',
    );
}
