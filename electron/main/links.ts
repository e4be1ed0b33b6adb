/**
 * Which URLs may leave the app for the system browser or mail client. Pure: links come from documents, comments
 * and change requests written by other people, so every URL is parsed and only `https:` and `mailto:` pass.
 */
import { isSameOrigin } from './origin.ts';

const EXTERNAL_PROTOCOLS = new Set(['https:', 'mailto:']);

/** The normalized URL to hand to `shell.openExternal`, or null when the URL must not be opened. */
export function externalLinkTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
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
