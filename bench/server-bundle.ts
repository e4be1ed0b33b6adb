/**
 * The server child as the desktop app ships its server: bench/serve-child.ts and the job worker bundled with the
 * settings of the app's server build (server.vite.config.ts: Node's builtins and the npm dependencies left external,
 * nothing minified), into out/bench/server. Node runs that JavaScript as it is, where it strips the types of every
 * TypeScript module it loads from source, in the main thread and again in each worker thread: about 17 MB and 12 MB
 * of RSS that the shipped server does not carry.
 */
import { join, resolve } from 'node:path';
import { build } from 'vite';
import serverBuild from '../server.vite.config.ts';

const root = resolve(import.meta.dirname, '..');

/** Builds the bundle (a few seconds) and answers the path of its serve-child.js. */
export async function bundleServeChild(): Promise<string> {
  const outDir = join(root, 'out', 'bench', 'server');
  await build({
    ...serverBuild,
    configFile: false,
    logLevel: 'warn',
    build: {
      ...serverBuild.build,
      outDir,
      rollupOptions: {
        ...serverBuild.build?.rollupOptions,
        input: {
          'serve-child': join(root, 'bench', 'serve-child.ts'),
          'jobs/worker': join(root, 'server', 'jobs', 'worker.ts'),
        },
      },
    },
  });
  return join(outDir, 'serve-child.js');
}
