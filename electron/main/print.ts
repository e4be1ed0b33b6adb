/**
 * Print to PDF, the Electron half of the `print.savePdf` channel (the core checked the URL is on the profile's API
 * origin and made the file name safe). A hidden window in its own in-memory session, sandboxed, context-isolated,
 * without preload and with JavaScript off, loads the print view; `printToPDF` renders it; the save dialog asks
 * where; the file is written; the window is always destroyed. The print view carries a print token, never the API
 * token, and the page's own CSP forbids scripts too.
 */
import { BrowserWindow, dialog, session, type BrowserWindowConstructorOptions } from 'electron';
import { writeFile } from 'node:fs/promises';
import type { PrintToPdf } from './core/bridge-handlers.ts';
import { hardenSession } from './security.ts';

/** How long the print view may take to load. */
const LOAD_TIMEOUT_MS = 30_000;

/** The hidden print window's options: every web preference set explicitly. */
export function printWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 900,
    height: 1200,
    webPreferences: {
      partition: 'print', // no `persist:` prefix: in memory, nothing shared with the app's session
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      javascript: false,
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

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The printer the core calls; the save dialog is attached to the main window when there is one. */
export function createPdfPrinter(parent: () => BrowserWindow | null): PrintToPdf {
  let hardened = false;
  return async (url, fileName) => {
    if (!hardened) {
      hardenSession(session.fromPartition('print'));
      hardened = true;
    }
    const window = new BrowserWindow(printWindowOptions());
    try {
      await withTimeout(window.loadURL(url), LOAD_TIMEOUT_MS, 'the print view did not load in time');
      const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
      const owner = parent();
      const options = {
        title: 'Save the change request as PDF',
        defaultPath: fileName,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      };
      const choice =
        owner !== null && !owner.isDestroyed()
          ? await dialog.showSaveDialog(owner, options)
          : await dialog.showSaveDialog(options);
      if (choice.canceled || choice.filePath === undefined || choice.filePath === '') return { saved: false };
      await writeFile(choice.filePath, pdf);
      return { saved: true, path: choice.filePath };
    } finally {
      window.destroy();
    }
  };
}
