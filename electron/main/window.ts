/** The main window: placed where it was last (if still visible), hardened, and remembered on close. */
import { BrowserWindow, screen } from 'electron';
import { loadWindowState, placeWindow, saveWindowState } from './window-state.ts';
import { windowOptions } from './window-options.ts';

/** What the main window needs. */
export interface MainWindowOptions {
  /** Absolute path of the bundled preload script. */
  preload: string;
  /** The JSON file that remembers size and position. */
  stateFile: string;
  /** The renderer's page: `app://docs-admin/index.html` or the dev server. */
  entryUrl: string;
}

/** Opens the main window and loads the renderer in it. */
export function createMainWindow({ preload, stateFile, entryUrl }: MainWindowOptions): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const state = placeWindow(loadWindowState(stateFile), workAreas, screen.getPrimaryDisplay().workArea);
  const window = new BrowserWindow(windowOptions(preload, state.bounds));
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    try {
      saveWindowState(stateFile, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      console.warn(
        `could not remember the window's place: ${error instanceof Error ? error.message : 'unknown'}`,
      );
    }
  });
  window.loadURL(entryUrl).catch((error: unknown) => {
    console.error(`could not load the app: ${error instanceof Error ? error.message : 'unknown error'}`);
  });
  return window;
}
