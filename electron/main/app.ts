/**
 * The desktop app's composition: single instance, privileged `app:` scheme, hardened session and web contents,
 * menu, the core started with a utility-process server, the bridge registered with its sender check, the main
 * window, deep links (`docs-admin://open/…`, parsed against the known screens), and a quit that waits for the core
 * to stop.
 */
import { APP_NAME } from './core/app-name.ts';
import { app, BrowserWindow, Menu, session, shell } from 'electron';
import { join } from 'node:path';
import { startCore } from './core/core.ts';
import { registerAppScheme, serveAppFiles } from './app-protocol.ts';
import { deferredHandlers } from './core/deferred.ts';
import { installBridge } from './ipc.ts';
import { menuTemplate } from './menu.ts';
import { deepLinkInArgv, deepLinkRoute, windowUrlFor } from './deep-link.ts';
import { createPdfPrinter } from './print.ts';
import { devRendererUrl, isTrustedSender, rendererLocation } from './origin.ts';
import { quitAfterClosing, quitAfterStopping } from './quit.ts';
import { hardenSession, hardenWebContents, vettedOpener } from './security.ts';
import { utilitySpawner } from './utility-spawn.ts';
import { createMainWindow } from './window.ts';
import { WINDOW_STATE_FILE } from './window-state.ts';

/** The product name: the menu's title and the name of the app's data folder. */
export { APP_NAME };

/**
 * Where the built pieces are, relative to the bundled main script's folder (`out/main`): the preload, the renderer,
 * and the embedded server the main process forks (`out/server/cli.js`, a build of its own: server.vite.config.ts).
 */
export interface AppPaths {
  preload: string;
  rendererDir: string;
  serverEntry: string;
}

/** The built pieces' paths for a main script in `mainDir`. */
export function appPaths(mainDir: string): AppPaths {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    rendererDir: join(mainDir, '..', 'renderer'),
    serverEntry: join(mainDir, '..', 'server', 'cli.js'),
  };
}

/** The running sandbox's origin, once the core started: its published sites open in the system browser too. */
let sandboxOrigins: () => readonly string[] = () => [];
const openExternal = vettedOpener(
  (url) => shell.openExternal(url),
  () => sandboxOrigins(),
);

/** The screen a deep link opens, or null (no link, or one the app does not know: said in one line, not opened). */
function routeOf(link: string | null): string | null {
  if (link === null) return null;
  const route = deepLinkRoute(link);
  if (route === null)
    console.warn('a link the app does not know was not opened (docs-admin://open/<screen>)');
  return route;
}

/** Starts the desktop app (call once, at the main script's top level). */
export function startApp(paths: AppPaths): void {
  app.setName(APP_NAME);
  // Explicit, so that the data folder does not depend on how Electron was started (package.json or a bare entry).
  app.setPath('userData', join(app.getPath('appData'), APP_NAME));
  app.enableSandbox();
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const devUrl = devRendererUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged);
  const renderer = rendererLocation(devUrl);
  let window: BrowserWindow | null = null;
  let core: ReturnType<typeof startCore> | null = null;
  // The screen a deep link asked for before the window existed (Windows and Linux pass it as an argument).
  let pendingRoute: string | null = routeOf(deepLinkInArgv(process.argv));

  const openWindow = (): void => {
    const opened = createMainWindow({
      preload: paths.preload,
      stateFile: join(app.getPath('userData'), WINDOW_STATE_FILE),
      entryUrl: pendingRoute === null ? renderer.entryUrl : windowUrlFor(renderer.entryUrl, pendingRoute),
    });
    pendingRoute = null;
    opened.on('closed', () => {
      if (window === opened) window = null;
    });
    window = opened;
  };
  const focusWindow = (): void => {
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  };
  // A known screen opens in the window (a change of fragment: the page is not reloaded, nothing typed is lost).
  const openDeepLink = (link: string | null): void => {
    const route = routeOf(link);
    if (route === null) return;
    if (window === null) {
      pendingRoute = route;
      if (app.isReady()) openWindow();
      return;
    }
    window.loadURL(windowUrlFor(renderer.entryUrl, route)).catch(() => undefined);
    focusWindow();
  };

  // macOS hands links over by event, from before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openDeepLink(url);
  });
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArgv(argv);
    if (link !== null) openDeepLink(link);
    else focusWindow();
  });
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, {
      origin: renderer.origin,
      openExternal,
      localOrigins: () => sandboxOrigins(),
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The window closes first (its page may keep it open to ask about unsaved edits), then the core stops.
  app.on(
    'before-quit',
    quitAfterClosing(
      () => window,
      quitAfterStopping(
        async () => {
          const started = await core?.catch(() => null);
          await started?.stop();
        },
        () => app.quit(),
      ),
      () => app.quit(),
    ),
  );

  app
    .whenReady()
    .then(() => {
      hardenSession(session.defaultSession);
      if (devUrl === null) serveAppFiles(paths.rendererDir);
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          menuTemplate({
            platform: process.platform,
            appName: APP_NAME,
            isDev: devUrl !== null,
            openExternal: (url) => void openExternal(url).catch(() => undefined),
          }),
        ),
      );
      core = startCore({
        dataDir: app.getPath('userData'),
        mode: 'desktop',
        version: app.getVersion(),
        platform: process.platform,
        spawnServer: utilitySpawner(paths.serverEntry),
        openExternal,
        printToPdf: createPdfPrinter(() => window),
        log: (line) => console.log(`[core] ${line}`),
      });
      core
        .then((started) => {
          sandboxOrigins = () => {
            const base = started.supervisor.baseUrl;
            return base === undefined ? [] : [base];
          };
        })
        .catch(() => undefined);
      core.catch((error: unknown) => {
        console.error(
          `the app's core did not start: ${error instanceof Error ? error.message : 'unknown error'}`,
        );
      });
      installBridge(
        deferredHandlers(
          core,
          'The app could not start its services; see the terminal output and restart it.',
        ),
        (event) =>
          isTrustedSender(
            event,
            window === null || window.isDestroyed() ? null : window.webContents,
            renderer.origin,
          ),
      );
      openWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow();
      });
    })
    .catch((error: unknown) => {
      console.error(`the app could not start: ${error instanceof Error ? error.message : 'unknown error'}`);
      app.exit(1);
    });
}
