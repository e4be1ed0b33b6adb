/** The main window's construction options: every security-relevant web preference set explicitly. */
import type { BrowserWindowConstructorOptions } from 'electron';
import { MIN_SIZE, type Rect } from './window-state.ts';

/** The options of the main window, given the preload script's path and where the window goes. */
export function windowOptions(preload: string, bounds: Rect): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Docs Admin',
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  };
}
