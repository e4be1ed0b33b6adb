/**
 * The PDF printer's Electron half with a stand-in `electron`: the hidden window's preferences, the URL it loads,
 * the dialog, the file written, and the window destroyed whatever happens.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const state = {
    windows: [] as FakeWindow[],
    loadFails: false,
    choice: { canceled: false, filePath: '' } as { canceled: boolean; filePath?: string },
    hardened: [] as string[],
  };
  class FakeWindow {
    readonly options: { show?: boolean; webPreferences?: Record<string, unknown> };
    loaded: string | undefined;
    destroyed = false;
    constructor(options: FakeWindow['options']) {
      this.options = options;
      state.windows.push(this);
    }
    loadURL = vi.fn(async (url: string) => {
      if (state.loadFails) throw new Error('ERR_CONNECTION_REFUSED');
      this.loaded = url;
    });
    webContents = { printToPDF: vi.fn(async () => Buffer.from('%PDF-1.7 fake')) };
    destroy = vi.fn(() => {
      this.destroyed = true;
    });
    isDestroyed = () => this.destroyed;
  }
  const permissionSetter = (name: string) => vi.fn(() => state.hardened.push(name));
  return {
    state,
    FakeWindow,
    dialog: { showSaveDialog: vi.fn(async (..._args: unknown[]) => state.choice) },
    session: {
      fromPartition: vi.fn(() => ({
        setPermissionRequestHandler: permissionSetter('request'),
        setPermissionCheckHandler: permissionSetter('check'),
        setDevicePermissionHandler: permissionSetter('device'),
      })),
    },
  };
});

vi.mock('electron', () => ({ BrowserWindow: fake.FakeWindow, dialog: fake.dialog, session: fake.session }));
const { createPdfPrinter, printWindowOptions } = await import('./print.ts');

let dir: string;
beforeEach(() => {
  vi.clearAllMocks();
  fake.state.windows.length = 0;
  fake.state.loadFails = false;
  fake.state.hardened.length = 0;
  dir = mkdtempSync(join(tmpdir(), 'docs-admin-pdf-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('printWindowOptions', () => {
  it('is hidden, sandboxed, isolated, without preload or JavaScript, in its own session', () => {
    const options = printWindowOptions();
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      partition: 'print',
    });
    expect(options.webPreferences).not.toHaveProperty('preload');
  });
});

describe('createPdfPrinter', () => {
  it('loads the URL, prints it, writes the chosen file and destroys the window', async () => {
    const target = join(dir, 'out.pdf');
    fake.state.choice = { canceled: false, filePath: target };
    const answer = await createPdfPrinter(() => null)('http://127.0.0.1:1/print/t', 'CR.pdf');
    expect(answer).toEqual({ saved: true, path: target });
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 fake');
    const [window] = fake.state.windows;
    expect(window!.loaded).toBe('http://127.0.0.1:1/print/t');
    expect(window!.destroyed).toBe(true);
    expect(fake.dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: 'CR.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] }),
    );
    expect(fake.state.hardened.sort()).toEqual(['check', 'device', 'request']);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    fake.state.choice = { canceled: true };
    expect(await createPdfPrinter(() => null)('http://127.0.0.1:1/print/t', 'CR.pdf')).toEqual({
      saved: false,
    });
    expect(fake.state.windows[0]!.destroyed).toBe(true);
  });

  it('destroys the window when the page does not load, and says why', async () => {
    fake.state.loadFails = true;
    await expect(createPdfPrinter(() => null)('http://127.0.0.1:1/print/t', 'CR.pdf')).rejects.toThrow(
      'ERR_CONNECTION_REFUSED',
    );
    expect(fake.state.windows[0]!.destroyed).toBe(true);
    expect(fake.dialog.showSaveDialog).not.toHaveBeenCalled();
  });
});
