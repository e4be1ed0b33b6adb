/** The app's data folder, made before anything writes in it. */
import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Makes the data folder 0700, and tightens it if an older version left it looser: it holds the profiles and the
 * sandbox's folder (whose server makes its own folder 0700 and database files 0600).
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
