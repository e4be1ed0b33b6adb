import type { IpcMainInvokeEvent } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, type BridgeResult, type ChannelName } from '../../shared/bridge.ts';
import type { BridgeHandlers } from './core/bridge-handlers.ts';
import { deferredHandlers } from './core/deferred.ts';
import { installBridge, registerBridge } from './ipc.ts';

type InvokeListener = (event: IpcMainInvokeEvent, request: unknown) => Promise<BridgeResult<unknown>>;

const electron = vi.hoisted(() => {
  const registered = new Map<string, InvokeListener>();
  return {
    registered,
    ipcMain: {
      handle: vi.fn((channel: string, listener: InvokeListener) => {
        if (registered.has(channel)) throw new Error(`second handler for ${channel}`);
        registered.set(channel, listener);
      }),
      removeHandler: vi.fn((channel: string) => {
        registered.delete(channel);
      }),
    },
  };
});
vi.mock('electron', () => ({ ipcMain: electron.ipcMain }));

const event = {} as IpcMainInvokeEvent;

function handlersAnswering(value: (channel: ChannelName) => unknown) {
  const calls: [ChannelName, unknown][] = [];
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((channel) => [
      channel,
      async (request: unknown) => {
        calls.push([channel, request]);
        return { ok: true, value: value(channel) };
      },
    ]),
  ) as BridgeHandlers;
  return { handlers, calls };
}

const invoke = (channel: string, request: unknown) => electron.registered.get(channel)!(event, request);

beforeEach(() => {
  electron.registered.clear();
  vi.clearAllMocks();
});
afterEach(() => vi.restoreAllMocks());

describe('registerBridge', () => {
  it('registers exactly the channels of the bridge, once each', () => {
    const { handlers } = handlersAnswering(() => ({}));
    registerBridge(electron.ipcMain, handlers, () => true);
    expect([...electron.registered.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(electron.ipcMain.handle).toHaveBeenCalledTimes(CHANNEL_NAMES.length);
  });

  it('registers no handler for a channel outside the bridge, even if the core has one', () => {
    const { handlers } = handlersAnswering(() => ({}));
    const withExtra = { ...handlers, 'debug.eval': async () => ({ ok: true, value: 1 }) };
    registerBridge(electron.ipcMain, withExtra, () => true);
    expect(electron.registered.has('debug.eval')).toBe(false);
  });

  it('hands a trusted call to the core handler of its channel and answers what it answers', async () => {
    const { handlers, calls } = handlersAnswering((channel) => ({ channel }));
    const check = vi.fn(() => true);
    registerBridge(electron.ipcMain, handlers, check);
    const request = { profileId: 'p1', method: 'GET', path: '/v1/orgs' };
    expect(await invoke('api.request', request)).toEqual({ ok: true, value: { channel: 'api.request' } });
    expect(calls).toEqual([['api.request', request]]);
    expect(check).toHaveBeenCalledWith(event);
  });

  it('answers 403 to an untrusted sender without calling the handler or logging the payload', async () => {
    const { handlers, calls } = handlersAnswering(() => ({}));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    registerBridge(electron.ipcMain, handlers, () => false);
    for (const channel of CHANNEL_NAMES) {
      const answer = await invoke(channel, { token: 'secret-token-value' });
      expect(answer).toMatchObject({ ok: false, error: { code: 403 } });
    }
    expect(calls).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(CHANNEL_NAMES.length);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('secret-token-value');
  });

  it('turns a handler that throws into a 500 answer, without its message', async () => {
    const { handlers } = handlersAnswering(() => ({}));
    handlers['profiles.list'] = async () => {
      throw new Error('token abc leaked?');
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerBridge(electron.ipcMain, handlers, () => true);
    expect(await invoke('profiles.list', {})).toMatchObject({ ok: false, error: { code: 500 } });
    expect(JSON.stringify(error.mock.calls)).not.toContain('abc');
  });

  it('removes every handler it registered', () => {
    const { handlers } = handlersAnswering(() => ({}));
    const dispose = registerBridge(electron.ipcMain, handlers, () => true);
    dispose();
    expect(electron.registered.size).toBe(0);
  });

  it("installBridge registers on Electron's ipcMain", () => {
    const { handlers } = handlersAnswering(() => ({}));
    installBridge(handlers, () => true);
    expect(electron.registered.size).toBe(CHANNEL_NAMES.length);
  });
});

describe('deferredHandlers', () => {
  it('waits for the core, then answers with its handlers', async () => {
    const { handlers, calls } = handlersAnswering((channel) => channel);
    let start!: (core: { handlers: BridgeHandlers }) => void;
    const deferred = deferredHandlers(new Promise((resolve) => (start = resolve)), 'not started');
    const pending = deferred['app.info']({});
    start({ handlers });
    expect(await pending).toEqual({ ok: true, value: 'app.info' });
    expect(calls).toEqual([['app.info', {}]]);
    expect(Object.keys(deferred).sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('answers 503 on every channel when the core failed to start', async () => {
    const deferred = deferredHandlers(Promise.reject(new Error('boom')), 'The app could not start.');
    expect(await deferred['profiles.list']({})).toEqual({
      ok: false,
      error: { code: 503, message: 'The app could not start.' },
    });
  });
});
