/*
 * The bridge's HTTP names in browser mode, as plain constants in a module of their own: the renderer's transport
 * needs them at its first call, without the channels' schemas (bridge.ts, which re-exports them) and TypeBox.
 */

/**
 * Browser mode. The host prints `http://127.0.0.1:<port>/?launch=<per-launch secret>`; that first request sets an
 * HttpOnly, SameSite=Strict session cookie holding the secret and redirects to `/`, so the secret leaves the URL.
 * Every later request (assets and bridge) needs the cookie, a `Host` of 127.0.0.1:<port> or localhost:<port>, and
 * for the bridge an `Origin` of the app itself plus the header below (which a cross-site form cannot send).
 */
export const BRIDGE_HTTP_PREFIX = '/bridge/';
export const BRIDGE_LAUNCH_PARAM = 'launch';
/** The session cookie's name carries the port: cookies ignore ports, and two instances must not share one. */
export const bridgeSessionCookie = (port: number) => `docs_admin_session_${port}`;
export const BRIDGE_REQUEST_HEADER = 'x-docs-admin-bridge';
