import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { API_DOCS_URL, menuTemplate, type MenuOptions } from './menu.ts';

const build = (overrides: Partial<MenuOptions> = {}) =>
  menuTemplate({
    platform: 'linux',
    appName: 'Docs Admin',
    isDev: false,
    openExternal: vi.fn(),
    ...overrides,
  });

const titles = (menu: MenuItemConstructorOptions[]) => menu.map((item) => item.label ?? item.role);
const roles = (item: MenuItemConstructorOptions | undefined) =>
  (item?.submenu as MenuItemConstructorOptions[]).map((entry) => entry.role ?? entry.type ?? entry.label);
const find = (menu: MenuItemConstructorOptions[], title: string) =>
  menu.find((item) => (item.label ?? item.role) === title);

describe('menuTemplate', () => {
  it('gives macOS the app menu, and others Quit under File', () => {
    const mac = build({ platform: 'darwin' });
    expect(titles(mac)).toEqual(['Docs Admin', 'File', 'Edit', 'View', 'windowMenu', 'help']);
    expect(roles(mac[0])).toContain('quit');
    expect(roles(find(mac, 'File'))).toEqual(['close']);
    for (const platform of ['linux', 'win32'] as const) {
      const menu = build({ platform });
      expect(titles(menu)).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help']);
      expect(roles(find(menu, 'File'))).toEqual(['close', 'separator', 'quit']);
    }
  });

  it('has the standard Edit roles', () => {
    expect(roles(find(build(), 'Edit'))).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
  });

  it('offers reload and developer tools only in development', () => {
    expect(roles(find(build(), 'View'))).not.toContain('reload');
    expect(roles(find(build(), 'View'))).not.toContain('toggleDevTools');
    expect(roles(find(build(), 'View'))).toEqual(
      expect.arrayContaining(['togglefullscreen', 'zoomIn', 'zoomOut', 'resetZoom']),
    );
    expect(roles(find(build({ isDev: true }), 'View'))).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools']),
    );
  });

  it("opens GitBook's API reference, an https link, outside the app from Help", () => {
    const openExternal = vi.fn();
    const help = find(build({ openExternal }), 'help')!.submenu as MenuItemConstructorOptions[];
    expect(new URL(API_DOCS_URL).protocol).toBe('https:');
    const click = help[0]!.click as () => void;
    click();
    expect(openExternal).toHaveBeenCalledExactlyOnceWith(API_DOCS_URL);
  });
});
