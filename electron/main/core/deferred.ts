/**
 * Bridge handlers that exist before the core does: each call waits for the core to be started, so the bridge (the
 * Electron IPC or browser mode's host) can be up before the sandbox answers. Pure: no Electron import.
 */
import { CHANNEL_NAMES, type BridgeResult } from '../../../shared/bridge.ts';
import type { BridgeHandlers } from './bridge-handlers.ts';

/** The answer of every channel while the core could not be started. */
const UNAVAILABLE = (message: string): BridgeResult<never> => ({ ok: false, error: { code: 503, message } });

/**
 * Handlers that wait for the core to be started, so the bridge can be registered before the window opens; if the
 * core fails to start, every call answers 503 with `failureMessage`.
 */
export function deferredHandlers(
  core: Promise<{ handlers: BridgeHandlers }>,
  failureMessage: string,
): BridgeHandlers {
  const entries = CHANNEL_NAMES.map((channel) => [
    channel,
    async (request: unknown): Promise<BridgeResult<unknown>> => {
      let handlers: BridgeHandlers;
      try {
        ({ handlers } = await core);
      } catch {
        return UNAVAILABLE(failureMessage);
      }
      const handler: (request: unknown) => Promise<BridgeResult<unknown>> = handlers[channel];
      return handler(request);
    },
  ]);
  return Object.fromEntries(entries) as BridgeHandlers;
}
