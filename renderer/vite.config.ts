// Build of the renderer: a plain Vite config that the browser host and the Electron build both use.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
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
