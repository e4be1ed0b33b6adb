import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../../shared/bridge.ts';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    invoke: vi.fn(async (channel: string, request: unknown) => ({ ok: true, value: { channel, request } })),
    send: vi.fn(),
    on: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

let exposed: Record<string, unknown>;

beforeAll(async () => {
  await import('../preload/index.ts');
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0]!;
  expect(key).toBe('docsAdmin');
  exposed = api as Record<string, unknown>;
});

describe('the preload bridge', () => {
  it('exposes exactly one function per bridge channel as window.docsAdmin, and nothing else', () => {
    expect(Object.keys(exposed).sort()).toEqual([...CHANNEL_NAMES].sort());
    for (const channel of CHANNEL_NAMES) expect(typeof exposed[channel], channel).toBe('function');
    expect(Object.getOwnPropertySymbols(exposed)).toEqual([]);
    expect(Object.isFrozen(exposed)).toBe(true);
    expect(Object.values(exposed)).not.toContain(electron.ipcRenderer);
    expect(Object.values(exposed)).not.toContain(electron.ipcRenderer.invoke);
  });

  it('invokes its own channel with the request as the only argument', async () => {
    for (const channel of CHANNEL_NAMES) {
      electron.ipcRenderer.invoke.mockClear();
      const call = exposed[channel] as (request: unknown, extra?: unknown) => Promise<unknown>;
      const answer = await call({ n: 1 }, 'ignored');
      expect(electron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(channel, { n: 1 });
      expect(answer).toEqual({ ok: true, value: { channel, request: { n: 1 } } });
    }
  });

  it('never sends or listens on raw IPC', () => {
    expect(electron.ipcRenderer.send).not.toHaveBeenCalled();
    expect(electron.ipcRenderer.on).not.toHaveBeenCalled();
  });
});
