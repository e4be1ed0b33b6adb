// Build of the embedded API server that the desktop app forks in a utility process, into out/server: its command line
// (out/server/cli.js) and its job worker thread (out/server/jobs/worker.js, beside it as server/jobs/worker.ts is
// beside server/cli.ts). A build of its own, apart from the main process's (electron.vite.config.ts), so that no
// server code and no chunk shared with the server is in out/main. Node's builtins (node:sqlite among them) and the
// npm dependencies stay external, loaded from node_modules as the main process loads its own.
//   vite build --config server.vite.config.ts   (scripts/build-app.mjs runs it after electron-vite build)
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const dependencies = Object.keys(packageJson.dependencies ?? {});
const builtins = new Set(builtinModules);

/** Whether an import stays an import in the bundle: a Node builtin, or an npm dependency or one of its subpaths. */
export function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtins.has(id)) return true;
  return dependencies.some((name) => id === name || id.startsWith(`${name}/`));
}

export default defineConfig({
  root: resolve('.'),
  publicDir: false,
  build: {
    ssr: true,
    outDir: resolve('out/server'),
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: { cli: resolve('server/cli.ts'), 'jobs/worker': resolve('server/jobs/worker.ts') },
      external: isExternal,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
