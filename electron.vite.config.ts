// Build of the desktop app. main: the main process alone (out/main/index.js); Electron and Node's builtins stay
// external, npm dependencies are loaded from node_modules. The embedded API server it forks in a utility process is
// a separate build (server.vite.config.ts, into out/server), so that none of its code is in the main bundle.
// preload: one CommonJS file with everything bundled, as a sandboxed preload requires. renderer:
// renderer/vite.config.ts's settings, built to out/renderer. `npm run build` runs both (scripts/build-app.mjs).
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import renderer from './renderer/vite.config.ts';

export default defineConfig({
  main: {
    build: {
      outDir: resolve('out/main'),
      rollupOptions: {
        input: { index: resolve('electron/main/index.ts') },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve('out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    ...renderer,
    root: resolve('renderer'),
    build: {
      ...renderer.build,
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
});
