import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

/** The no-restricted-imports messages ESLint reports for `code` placed at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const rawMain = "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n";
const rawRenderer = "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n";
const appImport = "import { app } from 'electron';\nexport const x = app;\n";
const typeImport = "import type { App } from 'electron';\nexport type X = App;\n";

describe('lint: raw IPC only at the two ends of the bridge', () => {
  it('refuses ipcMain and ipcRenderer imports in the rest of electron/ and elsewhere', async () => {
    for (const file of [
      'electron/main/window.ts',
      'electron/main/app.ts',
      'e2e/some.spec.ts',
      'scripts/x.mjs',
    ]) {
      expect(await restricted(file, rawMain), file).toHaveLength(1);
      expect(await restricted(file, rawRenderer), file).toHaveLength(1);
    }
    const namespace = "import * as electron from 'electron';\nexport const x = electron.ipcMain;\n";
    expect(await restricted('electron/main/window.ts', namespace)).not.toEqual([]);
    expect(await restricted('electron/main/window.ts', appImport)).toEqual([]);
  });

  it('allows them in electron/main/ipc.ts and electron/preload/index.ts', async () => {
    expect(await restricted('electron/main/ipc.ts', rawMain)).toEqual([]);
    expect(await restricted('electron/preload/index.ts', rawRenderer)).toEqual([]);
  });
});

describe('lint: no electron import in plain-Node and web layers', () => {
  it('refuses any import of electron, even types, in core, shared, server and renderer', async () => {
    for (const file of ['electron/main/core/proxy.ts', 'shared/x.ts', 'server/x.ts', 'renderer/src/x.ts']) {
      expect(await restricted(file, appImport), file).not.toEqual([]);
      expect(await restricted(file, typeImport), file).not.toEqual([]);
    }
  });
});
