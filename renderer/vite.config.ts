// Build of the renderer: a plain Vite config that the browser host and the Electron build both use.
import { defineConfig, type Plugin, type Rollup } from 'vite';

/** The entry's module that starts the app (`src/main.tsx` imports it dynamically, after sending the first reads). */
const APP_START = '/src/start.tsx';

/**
 * Module preloads in index.html for the app's start chunk and the chunks it imports: the page fetches them with the
 * entry's chunk instead of once that chunk has run (the entry asks for them by a dynamic import, after sending the
 * first reads; see `src/main.tsx`). Files of the app's own origin, so the CSP's `script-src 'self'` covers them.
 */
function preloadAppStart(): Plugin {
  const chunkOf = (bundle: Rollup.OutputBundle, test: (chunk: Rollup.OutputChunk) => boolean) =>
    Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && test(item));
  return {
    name: 'docs-admin:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (bundle === undefined) return [];
        const start = chunkOf(
          bundle,
          (chunk) => chunk.isDynamicEntry && chunk.moduleIds.some((id) => id.endsWith(APP_START)),
        );
        if (start === undefined) throw new Error(`no chunk holds ${APP_START}`);
        const entry = chunkOf(bundle, (chunk) => chunk.isEntry);
        // The start chunk and its static imports, but not the entry's chunk (loaded already by its script tag).
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || fileName === entry?.fileName) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [preloadAppStart()],
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // Shipped without source maps; `RENDERER_SOURCEMAP=hidden` (the benchmarks, when they profile the page) writes
    // them beside the bundle without a reference in it, so a profile can be read by source (bench/cpu-profile-top.ts).
    sourcemap: process.env['RENDERER_SOURCEMAP'] === 'hidden' ? 'hidden' : false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // Libraries mark React Server Components with "use client"; meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
