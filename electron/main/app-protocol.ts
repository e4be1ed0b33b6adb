/** The `app://docs-admin/` protocol in Electron: registered as privileged before ready, then served from disk. */
import { protocol } from 'electron';
import { createAppFileHandler } from './app-files.ts';
import { APP_SCHEME } from './origin.ts';

/** Declares `app:` a standard, secure scheme; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}

/** Serves the built renderer in `rootDir` on `app://docs-admin/`; call once the app is ready. */
export function serveAppFiles(rootDir: string): void {
  protocol.handle(APP_SCHEME, createAppFileHandler(rootDir));
}
