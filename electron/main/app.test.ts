/**
 * The composition of the desktop app, with a stand-in `electron` module (the Electron runtime cannot run here) and a
 * stand-in core: what is registered before ready, what ready starts, how the bridge checks senders, how quit waits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../../shared/bridge.ts';

type Listener = (...args: unknown[]) => void;

const fake = vi.hoisted(() => {
  const state = {
    appListeners: new Map<string, Listener[]>(),
    ipc: new Map<string, (event: unknown, request: unknown) => Promise<unknown>>(),
    windows: [] as FakeWindow[],
    readyPromise: Promise.resolve(),
    userData: '',
    lock: true,
    ready: false,
  };
  const mainFrame = { url: 'app://docs-admin/index.html', parent: null, frameToken: 'main', detached: false };
  class FakeWindow {
    readonly listeners = new Map<string, Listener>();
    readonly webContents = { mainFrame: { ...mainFrame }, once: vi.fn() };
    readonly options: { webPreferences?: Record<string, unknown> };
    constructor(options: { webPreferences?: Record<string, unknown> }) {
      this.options = options;
      state.windows.push(this);
    }
    on = vi.fn((name: string, listener: Listener) => this.listeners.set(name, listener));
    once = vi.fn((name: string, listener: Listener) => this.listeners.set(name, listener));
    loadURL = vi.fn(async (_url: string) => undefined);
    maximize = vi.fn();
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = vi.fn(() => true);
    destroyed = false;
    /** Closing with nothing to keep: the window is gone and says so (its 'close' listener saves its place). */
    close = vi.fn(() => {
      this.listeners.get('close')?.();
      this.destroyed = true;
      this.listeners.get('closed')?.();
    });
    removeListener = vi.fn();
    isDestroyed = vi.fn(() => this.destroyed);
    isMaximized = vi.fn(() => false);
    getNormalBounds = vi.fn(() => ({ x: 0, y: 0, width: 1000, height: 700 }));
    static getAllWindows = () => state.windows;
  }
  const core = {
    handlers: {} as Record<string, ReturnType<typeof vi.fn>>,
    stop: vi.fn(async () => undefined),
    supervisor: { baseUrl: 'http://127.0.0.1:4100' as string | undefined },
  };
  return {
    state,
    core,
    FakeWindow,
    startCore: vi.fn(async (_options: Record<string, unknown>) => core),
    app: {
      isPackaged: false,
      setName: vi.fn(),
      enableSandbox: vi.fn(),
      requestSingleInstanceLock: vi.fn(() => state.lock),
      quit: vi.fn(),
      on: vi.fn((name: string, listener: Listener) => {
        state.appListeners.set(name, [...(state.appListeners.get(name) ?? []), listener]);
      }),
      whenReady: () => state.readyPromise,
      isReady: vi.fn(() => state.ready),
      getPath: vi.fn((name: string) => (name === 'appData' ? '/home/user/.config' : state.userData)),
      setPath: vi.fn(),
      exit: vi.fn(),
      getVersion: () => '0.1.0',
    },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
      },
    },
    shell: { openExternal: vi.fn(async () => undefined) },
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() },
    screen: {
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
      getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
    },
    ipcMain: {
      handle: vi.fn((channel: string, listener: (event: unknown, request: unknown) => Promise<unknown>) =>
        state.ipc.set(channel, listener),
      ),
      removeHandler: vi.fn(),
    },
    utilityProcess: { fork: vi.fn() },
  };
});

vi.mock('electron', () => ({
  app: fake.app,
  BrowserWindow: fake.FakeWindow,
  Menu: fake.Menu,
  protocol: fake.protocol,
  screen: fake.screen,
  session: fake.session,
  shell: fake.shell,
  ipcMain: fake.ipcMain,
  utilityProcess: fake.utilityProcess,
}));
vi.mock('./core/core.ts', () => ({ startCore: fake.startCore }));

const { appPaths, startApp } = await import('./app.ts');

const emitApp = (name: string, ...args: unknown[]) => {
  for (const listener of fake.state.appListeners.get(name) ?? []) listener(...args);
};

async function launch(): Promise<void> {
  let ready!: () => void;
  fake.state.readyPromise = new Promise<void>((resolve) => (ready = resolve));
  startApp(appPaths('/app/out/main'));
  fake.state.ready = true;
  ready();
  await vi.waitFor(() => expect(fake.state.windows).toHaveLength(1));
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  fake.state.appListeners.clear();
  fake.state.ipc.clear();
  fake.state.windows.length = 0;
  fake.state.lock = true;
  fake.state.ready = false;
  fake.state.userData = mkdtempSync(join(tmpdir(), 'docs-admin-userdata-'));
  fake.core.handlers = Object.fromEntries(
    CHANNEL_NAMES.map((channel) => [channel, vi.fn(async () => ({ ok: true, value: channel }))]),
  );
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(fake.state.userData, { recursive: true, force: true });
});

describe('appPaths', () => {
  it('finds the preload and the renderer beside out/main, and the server in its own build, out/server', () => {
    expect(appPaths(join('/app', 'out', 'main'))).toEqual({
      preload: join('/app', 'out', 'preload', 'index.cjs'),
      rendererDir: join('/app', 'out', 'renderer'),
      serverEntry: join('/app', 'out', 'server', 'cli.js'),
    });
  });
});

describe('startApp', () => {
  it('before ready: names the app, enables the sandbox, registers app: as standard and secure', () => {
    fake.state.readyPromise = new Promise<void>(() => undefined);
    startApp(appPaths('/app/out/main'));
    expect(fake.app.setName).toHaveBeenCalledWith('Docs Admin');
    expect(fake.app.setPath).toHaveBeenCalledWith('userData', join('/home/user/.config', 'Docs Admin'));
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true } },
    ]);
    expect(fake.startCore).not.toHaveBeenCalled();
  });

  it('quits at once as a second instance, and as the first focuses its window when another starts', async () => {
    fake.state.lock = false;
    startApp(appPaths('/app/out/main'));
    expect(fake.app.quit).toHaveBeenCalled();
    expect(fake.state.appListeners.size).toBe(0);

    fake.state.lock = true;
    await launch();
    emitApp('second-instance', {}, ['/opt/Docs Admin/docs-admin']);
    expect(fake.state.windows[0]!.restore).toHaveBeenCalled();
    expect(fake.state.windows[0]!.focus).toHaveBeenCalled();
  });

  it('on ready: hardens the session, serves app:, starts the core in desktop mode, opens the window', async () => {
    await launch();
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled();
    expect(fake.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalled();
    expect(fake.startCore).toHaveBeenCalledExactlyOnceWith({
      dataDir: fake.state.userData,
      mode: 'desktop',
      version: '0.1.0',
      platform: process.platform,
      spawnServer: expect.any(Function),
      openExternal: expect.any(Function),
      printToPdf: expect.any(Function),
      log: expect.any(Function),
    });
    const window = fake.state.windows[0]!;
    expect(window.options.webPreferences).toMatchObject({
      preload: join('/app/out/preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(window.loadURL).toHaveBeenCalledWith('app://docs-admin/index.html');
  });

  it('gives the core an openExternal that lets only https: and mailto: reach the shell', async () => {
    await launch();
    const { openExternal } = fake.startCore.mock.calls[0]![0] as {
      openExternal: (url: string) => Promise<void>;
    };
    await expect(openExternal('file:///etc/passwd')).rejects.toThrow();
    await openExternal('https://gitbook.com/');
    expect(fake.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://gitbook.com/');
  });

  it('loads the dev server in development, and does not serve app:', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    await launch();
    expect(fake.state.windows[0]!.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(fake.protocol.handle).not.toHaveBeenCalled();
  });

  it('registers the bridge: our window main frame reaches the core, anything else gets 403', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await launch();
    expect([...fake.state.ipc.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    const contents = fake.state.windows[0]!.webContents;
    const call = (event: unknown) => fake.state.ipc.get('app.info')!(event, {});
    expect(await call({ sender: contents, senderFrame: contents.mainFrame })).toEqual({
      ok: true,
      value: 'app.info',
    });
    const evilFrame = { ...contents.mainFrame, url: 'app://docs-admin.evil.com/index.html' };
    expect(await call({ sender: contents, senderFrame: evilFrame })).toMatchObject({ error: { code: 403 } });
    expect(await call({ sender: {}, senderFrame: contents.mainFrame })).toMatchObject({
      error: { code: 403 },
    });
    expect(await call({ sender: contents, senderFrame: null })).toMatchObject({ error: { code: 403 } });
    expect(fake.core.handlers['app.info']).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('hardens every web contents the app creates', async () => {
    await launch();
    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    emitApp('web-contents-created', {}, contents);
    expect(contents.on.mock.calls.map(([name]) => name)).toEqual(
      expect.arrayContaining(['will-attach-webview', 'will-navigate']),
    );
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
  });

  it('on quit: holds it, stops the core, then quits', async () => {
    await launch();
    const event = { preventDefault: vi.fn() };
    emitApp('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    // The window closes first (it may ask about unsaved work); once it is gone, the quit is asked again, as
    // Electron does after app.quit(), and the core is stopped before the app quits.
    expect(fake.state.windows[0]!.close).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalledTimes(1));
    expect(fake.core.stop).not.toHaveBeenCalled();
    const again = { preventDefault: vi.fn() };
    emitApp('before-quit', again);
    expect(again.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalledTimes(2));
    expect(fake.core.stop).toHaveBeenCalledTimes(1);
  });

  it('remembers the window place in userData when it closes', async () => {
    await launch();
    fake.state.windows[0]!.listeners.get('close')!();
    const { loadWindowState } = await import('./window-state.ts');
    expect(loadWindowState(join(fake.state.userData, 'window-state.json'))).toEqual({
      bounds: { x: 0, y: 0, width: 1000, height: 700 },
      maximized: false,
    });
  });

  describe('deep links (docs-admin://open/<screen>)', () => {
    const PEOPLE = 'docs-admin://open/p/local/orgs/o1/people';
    const PEOPLE_URL = 'app://docs-admin/index.html#/p/local/orgs/o1/people';

    it('opens the window on the screen a link given at launch names (Windows, Linux)', async () => {
      const argv = vi.spyOn(process, 'argv', 'get').mockReturnValue(['/opt/Docs Admin/docs-admin', PEOPLE]);
      try {
        await launch();
      } finally {
        argv.mockRestore();
      }
      expect(fake.state.windows[0]!.loadURL).toHaveBeenCalledExactlyOnceWith(PEOPLE_URL);
    });

    it('opens a link another instance received in the running window, and focuses it', async () => {
      await launch();
      emitApp('second-instance', {}, ['/opt/Docs Admin/docs-admin', 'docs-admin://open/profiles']);
      const window = fake.state.windows[0]!;
      expect(fake.state.windows).toHaveLength(1);
      expect(window.loadURL).toHaveBeenLastCalledWith('app://docs-admin/index.html#/profiles');
      expect(window.focus).toHaveBeenCalled();
    });

    it('macOS: takes a link from before ready to the window it opens, and later ones to a new window', async () => {
      let ready!: () => void;
      fake.state.readyPromise = new Promise<void>((resolve) => (ready = resolve));
      startApp(appPaths('/app/out/main'));
      const event = { preventDefault: vi.fn() };
      emitApp('open-url', event, PEOPLE);
      expect(event.preventDefault).toHaveBeenCalled();
      expect(fake.state.windows).toHaveLength(0);
      fake.state.ready = true;
      ready();
      await vi.waitFor(() => expect(fake.state.windows).toHaveLength(1));
      expect(fake.state.windows[0]!.loadURL).toHaveBeenCalledExactlyOnceWith(PEOPLE_URL);

      // The window closed (the app stays on macOS): a link opens a new one on its screen.
      fake.state.windows[0]!.listeners.get('closed')!();
      emitApp('open-url', { preventDefault: vi.fn() }, 'docs-admin://open/p/local');
      expect(fake.state.windows).toHaveLength(2);
      expect(fake.state.windows[1]!.loadURL).toHaveBeenCalledExactlyOnceWith(
        'app://docs-admin/index.html#/p/local',
      );
    });

    it('opens nothing for a link to a screen it does not know, and says so without the link', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await launch();
      const window = fake.state.windows[0]!;
      emitApp('second-instance', {}, ['docs-admin', 'docs-admin://open/p/local/../../../etc/passwd?x=1']);
      emitApp('open-url', { preventDefault: vi.fn() }, 'javascript:alert(1)');
      expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://docs-admin/index.html');
      expect(fake.state.windows).toHaveLength(1);
      expect(warn.mock.calls).toEqual([
        ['a link the app does not know was not opened (docs-admin://open/<screen>)'],
        ['a link the app does not know was not opened (docs-admin://open/<screen>)'],
      ]);
      warn.mockRestore();
    });
  });
});
