/** The Electron main process entry (bundled to out/main/index.js by electron-vite). */
import { appPaths, startApp } from './app.ts';

startApp(appPaths(import.meta.dirname));
