/** The app's data folder, made before anything writes in it. */
import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { APP_NAME } from './app-name.ts';

/** The app's data folder where Electron would put it (`app.getPath('userData')` for this app's name). */
export function defaultDataDir(): string {
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  const config = process.env.XDG_CONFIG_HOME;
  return join(config !== undefined && config !== '' ? config : join(home, '.config'), APP_NAME);
}

/**
 * Makes the data folder 0700, and tightens it if an older version left it looser: it holds the profiles and the
 * sandbox's folder (whose server makes its own folder 0700 and database files 0600).
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
