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
    sourcemap: false,
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
