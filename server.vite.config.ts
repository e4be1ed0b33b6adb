// Build of the embedded API server that the desktop app forks in a utility process, into out/server: its command line
// (out/server/cli.js) and its job worker thread (out/server/jobs/worker.js, beside it as server/jobs/worker.ts is
// beside server/cli.ts). A build of its own, apart from the main process's (electron.vite.config.ts), so that no
// server code and no chunk shared with the server is in out/main. Node's builtins (node:sqlite among them) and the
// npm dependencies stay external, loaded from node_modules as the main process loads its own.
//   vite build --config server.vite.config.ts   (scripts/build-app.mjs runs it after electron-vite build)
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Every character past ASCII written as a `\uXXXX` escape. V8 keeps each module's source text for as long as the
 * process runs, as a one-byte string when every character fits in Latin-1 and as a two-byte one otherwise: a single
 * `…` or `’` in a message doubled the server chunk's 0.8 MB of source to 1.5 MB of heap. An escape means the same
 * character in a string, a template (cooked), a regular expression, an identifier and a comment; the server never
 * reads a template's raw text (`String.raw`).
 */
export function asciiEscaped(code: string): string {
  // Every UTF-16 code unit past ASCII (a character beyond U+FFFF is two: each is escaped).
  return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `asciiEscaped` on every chunk, once written: Vite's last pass (esbuild, for `target`) writes escapes back as UTF-8. */
const asciiOnly: Plugin = {
  name: 'ascii-only',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = asciiEscaped(file.code);
  },
};

export default defineConfig({
  root: resolve('.'),
  publicDir: false,
  plugins: [asciiOnly],
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
