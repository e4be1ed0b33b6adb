import { describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN } from './origin.ts';
import {
  hardenSession,
  hardenWebContents,
  vettedOpener,
  type HardenableContents,
  type HardenableSession,
} from './security.ts';
import { windowOptions } from './window-options.ts';

describe('windowOptions', () => {
  const options = windowOptions('/app/out/preload/index.cjs', { x: 1, y: 2, width: 1000, height: 700 });

  it('sets every security flag of the checklist explicitly', () => {
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
    });
    expect(options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(options.webPreferences).not.toHaveProperty('partition');
  });

  it('opens hidden at the placed bounds', () => {
    expect(options).toMatchObject({ x: 1, y: 2, width: 1000, height: 700, show: false });
  });
});

describe('hardenSession', () => {
  it('denies every permission request and check', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    hardenSession(session satisfies HardenableSession);
    const [requestHandler] = session.setPermissionRequestHandler.mock.calls[0]!;
    const callback = vi.fn();
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal'])
      requestHandler(null, permission, callback, {});
    expect(callback.mock.calls).toEqual(Array.from({ length: 5 }, () => [false]));
    const [checkHandler] = session.setPermissionCheckHandler.mock.calls[0]!;
    expect(checkHandler(null, 'media', APP_ORIGIN, {})).toBe(false);
    const [deviceHandler] = session.setDevicePermissionHandler.mock.calls[0]!;
    expect(deviceHandler({})).toBe(false);
  });
});

type Listener = (event: { url: string; preventDefault: () => void }) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: vi.fn((name: string, listener: Listener) => {
      listeners.set(name, listener);
      return contents;
    }),
    setWindowOpenHandler: vi.fn((handler: (details: { url: string }) => { action: string }) => {
      openHandler = handler;
    }),
  };
  const emit = (name: string, url: string) => {
    const event = { url, preventDefault: vi.fn() };
    listeners.get(name)!(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { contents, emit, open: (url: string) => openHandler!({ url }) };
}

describe('hardenWebContents', () => {
  const setup = () => {
    const fake = fakeContents();
    const openExternal = vi.fn(async (_url: string) => undefined);
    hardenWebContents(fake.contents satisfies HardenableContents, { origin: APP_ORIGIN, openExternal });
    return { ...fake, openExternal };
  };

  it('prevents every <webview> from attaching', () => {
    const { emit } = setup();
    expect(emit('will-attach-webview', 'app://docs-admin/')).toBe(true);
  });

  it('lets the window navigate within our origin and nowhere else', () => {
    const { emit, openExternal } = setup();
    expect(emit('will-navigate', 'app://docs-admin/index.html#/orgs')).toBe(false);
    expect(emit('will-navigate', 'app://docs-admin.evil.com/index.html')).toBe(true);
    expect(emit('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(emit('will-navigate', 'javascript:alert(1)')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
    expect(emit('will-navigate', 'https://gitbook.com/docs')).toBe(true);
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://gitbook.com/docs');
    expect(emit('will-redirect', 'https://evil.example/')).toBe(true);
    expect(emit('will-redirect', 'app://docs-admin/index.html')).toBe(false);
  });

  it('denies every new window and opens only https: and mailto: links outside', () => {
    const { open, openExternal } = setup();
    for (const url of [
      'https://gitbook.com/',
      'mailto:a@example.com',
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://docs-admin/index.html',
      'smb://host/share',
      'nonsense',
    ])
      expect(open(url), url).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://gitbook.com/'], ['mailto:a@example.com']]);
  });
});

describe('vettedOpener', () => {
  it('passes parsed https: and mailto: URLs to the shell and refuses everything else', async () => {
    const shellOpen = vi.fn(async (_url: string) => undefined);
    const open = vettedOpener(shellOpen);
    await open('https://gitbook.com/docs');
    await open('mailto:a@example.com');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'http://example.com', 'smb://h/s', 'x'])
      await expect(open(url), url).rejects.toThrow('only https: and mailto:');
    expect(shellOpen.mock.calls).toEqual([['https://gitbook.com/docs'], ['mailto:a@example.com']]);
  });
});
