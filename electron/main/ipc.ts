/**
 * The typed IPC of the main process: one `ipcMain.handle` per channel of the bridge (and none other), each call's
 * sender checked before the core sees the request. The only main-process module allowed to import `ipcMain`.
 */
import { ipcMain, type IpcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNEL_NAMES, type BridgeResult } from '../../shared/bridge.ts';
import type { BridgeHandlers } from './core/bridge-handlers.ts';

/** Decides whether an IPC call comes from our window's main frame at our origin. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** The part of `ipcMain` the bridge uses. */
export type BridgeIpc = Pick<IpcMain, 'handle' | 'removeHandler'>;

const FORBIDDEN: BridgeResult<never> = {
  ok: false,
  error: { code: 403, message: 'This request did not come from the Docs Admin window.' },
};
const FAILED: BridgeResult<never> = {
  ok: false,
  error: { code: 500, message: 'The app could not complete this request.' },
};

/** Registers one handler per bridge channel on `ipc`; returns a function that removes them all. */
export function registerBridge(
  ipc: BridgeIpc,
  handlers: BridgeHandlers,
  isTrustedSender: SenderCheck,
): () => void {
  for (const channel of CHANNEL_NAMES) {
    const handler: (request: unknown) => Promise<BridgeResult<unknown>> = handlers[channel];
    ipc.handle(
      channel,
      async (event: IpcMainInvokeEvent, request: unknown): Promise<BridgeResult<unknown>> => {
        if (!isTrustedSender(event)) {
          console.warn(`refused a bridge call on "${channel}" from an untrusted sender`);
          return FORBIDDEN;
        }
        try {
          return await handler(request);
        } catch (error) {
          console.error(
            `the "${channel}" handler failed: ${error instanceof Error ? error.name : 'unknown error'}`,
          );
          return FAILED;
        }
      },
    );
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipc.removeHandler(channel);
  };
}

/** `registerBridge` on Electron's own `ipcMain`. */
export function installBridge(handlers: BridgeHandlers, isTrustedSender: SenderCheck): () => void {
  return registerBridge(ipcMain, handlers, isTrustedSender);
}
