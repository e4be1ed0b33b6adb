/**
 * The preload of the main window (sandboxed): exposes `window.docsAdmin` with exactly one function per bridge
 * channel, each an `ipcRenderer.invoke` of that channel. Nothing else reaches the page: no `ipcRenderer`, no
 * generic invoke, no Electron or Node API.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_NAMES, type ChannelName, type DocsAdminBridge } from '../../shared/bridge.ts';

/** The object exposed as `window.docsAdmin`. */
export function createBridgeApi(): DocsAdminBridge {
  const api: Partial<Record<ChannelName, (request: unknown) => Promise<unknown>>> = {};
  for (const channel of CHANNEL_NAMES) {
    api[channel] = (request: unknown) => ipcRenderer.invoke(channel, request);
  }
  return Object.freeze(api) as DocsAdminBridge;
}

contextBridge.exposeInMainWorld('docsAdmin', createBridgeApi());
