/**
 * Which URLs may leave the app for the system browser or mail client. Pure: links come from documents, comments
 * and change requests written by other people, so every URL is parsed and only `https:` and `mailto:` pass, plus
 * pages of the local sandbox's own origin (its published sites and share links are served over loopback http).
 */
import { isSameOrigin } from './origin.ts';

const EXTERNAL_PROTOCOLS = new Set(['https:', 'mailto:']);

/**
 * The normalized URL to hand to `shell.openExternal`, or null when the URL must not be opened. `localOrigins`: the
 * origins of the app's own loopback servers (the running sandbox), whose pages may open though they are http.
 */
export function externalLinkTarget(url: string, localOrigins: readonly string[] = []): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (
    parsed.protocol === 'http:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    localOrigins.some((origin) => isSameOrigin(parsed.href, origin))
  )
    return parsed.href;
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) return null;
  if (
    parsed.protocol === 'https:' &&
    (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '')
  )
    return null;
  return parsed.href;
}

/** What to do with a navigation of our window: stay (same parsed origin) or refuse. */
export function navigationDecision(url: string, origin: string): 'allow' | 'deny' {
  return isSameOrigin(url, origin) ? 'allow' : 'deny';
}
