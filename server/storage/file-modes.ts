/**
 * File modes of the data directory: the database holds token hashes and every organization's content, so only its
 * owner may read it. Data folders are 0700; the database and its WAL, shared-memory and journal files are 0600.
 * Folders and files made by an earlier version with looser modes are tightened at each start. (On Windows, modes
 * are not permissions: these calls change nothing there.)
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

export const DATA_DIR_MODE = 0o700;
export const DATABASE_FILE_MODE = 0o600;

/** The files SQLite keeps beside a database. */
const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** Creates the folder (and missing parents) 0700, and tightens it if it already existed. */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dir, DATA_DIR_MODE);
}

/**
 * Creates the database file 0600 if it is missing, before SQLite opens it (SQLite gives its WAL and shared-memory
 * files the mode of the database file), and tightens the database and its companions that already exist.
 */
export function secureDatabaseFiles(databasePath: string): void {
  closeSync(openSync(databasePath, 'a', DATABASE_FILE_MODE));
  for (const suffix of COMPANIONS) {
    try {
      chmodSync(`${databasePath}${suffix}`, DATABASE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
