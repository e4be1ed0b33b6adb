/**
 * The bridge transport: IPC through `window.docsAdmin` in the desktop app, loopback HTTP in browser mode.
 * A call never throws: every failure, including the host not answering, is a `BridgeResult` error.
 */
import type {
  BridgeRequest,
  BridgeResponse,
  BridgeResult,
  ChannelName,
  DocsAdminBridge,
} from '../../../shared/bridge.ts';
import { BRIDGE_HTTP_PREFIX, BRIDGE_REQUEST_HEADER } from '../../../shared/bridge-http.ts';

/** Calls one channel of the bridge. */
export type BridgeCall = <C extends ChannelName>(
  channel: C,
  request: BridgeRequest<C>,
) => Promise<BridgeResult<BridgeResponse<C>>>;

/** Status given to a bridge call whose host did not answer (same meaning as the proxy's 503). */
export const HOST_UNREACHABLE = 503;

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'value' in value;
  if (value.ok !== false || !('error' in value)) return false;
  const error = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'number' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

function failure(code: number, message: string): { ok: false; error: { code: number; message: string } } {
  return { ok: false, error: { code, message } };
}

/** The HTTP bridge of browser mode: POST `<origin>/bridge/<channel>` with the JSON request. */
export function httpBridge(origin = '', doFetch: typeof fetch = (...args) => fetch(...args)): BridgeCall {
  return async (channel, request) => {
    let response: Response;
    try {
      response = await doFetch(`${origin}${BRIDGE_HTTP_PREFIX}${channel}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [BRIDGE_REQUEST_HEADER]: '1' },
        body: JSON.stringify(request),
      });
    } catch {
      return failure(HOST_UNREACHABLE, 'The Docs Admin host did not answer. Is it still running?');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isBridgeResult(body)) return body as BridgeResult<BridgeResponse<typeof channel>>;
    return failure(
      response.ok ? 502 : response.status,
      `The Docs Admin host answered ${response.status} without a bridge result.`,
    );
  };
}

/** The IPC bridge of the desktop app: the preload's functions, guarded so that a rejection becomes an error. */
export function ipcBridge(api: DocsAdminBridge): BridgeCall {
  return async (channel, request) => {
    const fn = api[channel] as (req: BridgeRequest<typeof channel>) => Promise<unknown>;
    try {
      const answer = await fn(request);
      if (isBridgeResult(answer)) return answer as BridgeResult<BridgeResponse<typeof channel>>;
      return failure(502, 'The desktop bridge gave an answer of an unknown shape.');
    } catch (error) {
      return failure(HOST_UNREACHABLE, `The desktop bridge failed: ${String(error)}`);
    }
  };
}

/** The preload's bridge when the page runs in the desktop app. */
function desktopApi(): DocsAdminBridge | undefined {
  const scope = globalThis as { docsAdmin?: DocsAdminBridge };
  return scope.docsAdmin;
}

const api = desktopApi();

/** How this page talks to the core: `ipc` in the desktop app, `http` in browser mode. */
export const bridgeKind: 'ipc' | 'http' = api === undefined ? 'http' : 'ipc';

/** Calls a channel of the bridge with the transport this page has. */
export const bridge: BridgeCall = api === undefined ? httpBridge() : ipcBridge(api);
