// Build of the desktop app. main: the main process (out/main/index.js) and the embedded API server it forks in a
// utility process (out/main/server.js) with its job worker thread (out/main/server-worker.js); Electron and Node's
// builtins (node:sqlite among them) stay external, npm dependencies are loaded from node_modules. preload: one
// CommonJS file with everything bundled, as a sandboxed preload requires. renderer: renderer/vite.config.ts's
// settings, built to out/renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import renderer from './renderer/vite.config.ts';

export default defineConfig({
  main: {
    build: {
      outDir: resolve('out/main'),
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          server: resolve('server/cli.ts'),
          'server-worker': resolve('server/jobs/worker.ts'),
        },
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
