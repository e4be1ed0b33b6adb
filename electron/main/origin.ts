/**
 * Where the renderer comes from, and whether a URL belongs to it. Pure (no `electron` import): the sender check of
 * every IPC message and the navigation guard both use it. Origins are compared after parsing, never by prefix.
 */

/** The custom scheme and host the production renderer is served from. */
export const APP_SCHEME = 'app';
/** The host part of the production renderer's URLs. */
export const APP_HOST = 'docs-admin';
/** The production renderer's origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the production window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin (`scheme://host[:port]`) of a URL, from its parsed parts; null when it does not parse, has no host or
 * carries credentials. (Node's `URL#origin` is `"null"` for custom schemes such as `app:`, hence the rebuild.)
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '' || parsed.username !== '' || parsed.password !== '') return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/** Whether `url` has exactly the origin `origin` (both parsed). */
export function isSameOrigin(url: string, origin: string): boolean {
  const expected = originOf(origin);
  return expected !== null && originOf(url) === expected;
}

/**
 * The dev server URL electron-vite hands over in `ELECTRON_RENDERER_URL`, honoured only in an unpackaged app and
 * only for an http(s) loopback address: a packaged app always loads its own files.
 */
export function devRendererUrl(value: string | undefined, isPackaged: boolean): string | null {
  if (isPackaged || value === undefined || value === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  return web && LOOPBACK_HOSTS.has(parsed.hostname) && originOf(value) !== null ? parsed.href : null;
}

/** Where the renderer lives in this run: the dev server's origin and page, or the custom protocol's. */
export function rendererLocation(devUrl: string | null): { origin: string; entryUrl: string } {
  if (devUrl === null) return { origin: APP_ORIGIN, entryUrl: APP_ENTRY_URL };
  return { origin: originOf(devUrl)!, entryUrl: devUrl };
}

/** The parts of a frame the sender check reads (Electron's `WebFrameMain` has them). */
export interface FrameLike {
  readonly url: string;
  readonly parent: unknown;
  readonly frameToken: string;
  readonly detached: boolean;
}

/** The parts of an IPC event the sender check reads (Electron's `IpcMainInvokeEvent` has them). */
export interface SenderEventLike {
  readonly sender: unknown;
  readonly senderFrame: FrameLike | null;
}

/** The web contents of our window, as the sender check sees it. */
export interface TrustedContents {
  readonly mainFrame: FrameLike;
}

/**
 * Whether an IPC message comes from our window's main frame showing our origin: the sender is our web contents,
 * its frame exists, is that contents' main frame (same frame token, no parent, attached) and its URL parses to
 * our origin.
 */
export function isTrustedSender(
  event: SenderEventLike,
  contents: TrustedContents | null,
  origin: string,
): boolean {
  const frame = event.senderFrame;
  if (contents === null || frame === null || event.sender !== contents) return false;
  if (frame.parent !== null || frame.detached || frame.frameToken !== contents.mainFrame.frameToken)
    return false;
  return isSameOrigin(frame.url, origin);
}
