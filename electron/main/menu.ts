/** The application menu: the platform's standard menus (roles bring the platform's accelerators) and a Help link. */
import type { MenuItemConstructorOptions } from 'electron';

/** GitBook's API reference, opened in the system browser from Help. */
export const API_DOCS_URL = 'https://gitbook.com/docs/developers/gitbook-api/api-reference';

/** What the menu depends on. */
export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Development build: View offers reload and the developer tools. */
  isDev: boolean;
  openExternal: (url: string) => void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** The menu template for a platform: macOS gets the app menu, others Quit under File. */
export function menuTemplate({
  platform,
  appName,
  isDev,
  openExternal,
}: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            separator,
            { role: 'services' },
            separator,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            separator,
            { role: 'quit' },
          ],
        },
      ]
    : [];
  const devItems: MenuItemConstructorOptions[] = isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
    : [];
  return [
    ...appMenu,
    { label: 'File', submenu: mac ? [{ role: 'close' }] : [{ role: 'close' }, separator, { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
        { role: 'delete' },
        separator,
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...devItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'windowMenu',
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      submenu: [{ label: 'GitBook API Reference', click: () => openExternal(API_DOCS_URL) }],
    },
  ];
}
