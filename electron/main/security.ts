/**
 * The hardening every session and every web contents gets: permissions refused, no `<webview>`, navigation kept to
 * our origin, new windows refused with safe links handed to the system browser. Takes Electron objects by their
 * shape only (type imports), so tests drive it with stand-ins.
 */
import type { Session } from 'electron';
import { externalLinkTarget, navigationDecision } from './links.ts';

/** The session methods `hardenSession` calls. */
export type HardenableSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
>;

/** Refuses every permission request and check (camera, notifications, clipboard reads, devices…). */
export function hardenSession(session: HardenableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** The navigation events `hardenWebContents` reads (Electron's event objects have these members). */
interface NavigationEvent {
  readonly url: string;
  preventDefault(): void;
}

/** The web-contents methods `hardenWebContents` calls (Electron's `WebContents` has them). */
export interface HardenableContents {
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** What `hardenWebContents` needs to know. */
export interface HardenOptions {
  /** Our renderer's origin: the only place a window may navigate to. */
  origin: string;
  /** Opens a vetted URL outside the app (`shell.openExternal`). */
  openExternal: (url: string) => Promise<void>;
  /** The origins of the app's own loopback servers whose http pages may open outside (the running sandbox). */
  localOrigins?: () => readonly string[];
}

/**
 * Wraps `shell.openExternal` so that it only ever receives a parsed https: or mailto: URL, whoever calls it
 * (the core, the menu, the navigation guard); anything else is refused with an error.
 */
export function vettedOpener(
  openExternal: (url: string) => Promise<void>,
  localOrigins: () => readonly string[] = () => [],
): (url: string) => Promise<void> {
  return async (url) => {
    const target = externalLinkTarget(url, localOrigins());
    if (target === null) throw new Error('only https: and mailto: links open outside the app');
    await openExternal(target);
  };
}

/** Hands a URL to the system browser when it is an https: or mailto: link; ignores anything else. */
export function openIfSafe(
  url: string,
  openExternal: (url: string) => Promise<void>,
  localOrigins: readonly string[] = [],
): boolean {
  const target = externalLinkTarget(url, localOrigins);
  if (target === null) return false;
  openExternal(target).catch((error: unknown) => {
    console.warn(
      `could not open a link outside the app: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  });
  return true;
}

/** Denies `<webview>`, foreign navigations and redirects, and every new window (safe links open externally). */
export function hardenWebContents(contents: HardenableContents, options: HardenOptions): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event) => {
    if (navigationDecision(event.url, options.origin) === 'allow') return;
    event.preventDefault();
    openIfSafe(event.url, options.openExternal, options.localOrigins?.());
  });
  contents.on('will-redirect', (event) => {
    if (navigationDecision(event.url, options.origin) === 'deny') event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openIfSafe(url, options.openExternal, options.localOrigins?.());
    return { action: 'deny' };
  });
}
