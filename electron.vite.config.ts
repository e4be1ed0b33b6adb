// Build of the desktop app: main process, preload bridge and renderer (the entries arrive with the desktop issue).
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: { build: { rollupOptions: { input: resolve('electron/main/index.ts') } } },
  preload: { build: { rollupOptions: { input: resolve('electron/preload/index.ts') } } },
  renderer: {
    root: resolve('renderer'),
    build: { rollupOptions: { input: resolve('renderer/index.html') } },
  },
});
