/** Reading every file under a folder, to check that no secret was written to disk. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (recursively) with its content read as latin1, so any bytes compare as text. */
export function readTree(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path, 'latin1') };
    });
}
