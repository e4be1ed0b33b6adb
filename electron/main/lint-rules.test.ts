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

/** A rule of scripts/eslint/folder-imports.mjs: the messages it reports for `code` placed at `filePath`. */
const folderRule =
  (rule: string) =>
  async (filePath: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId === `local/${rule}`).map((m) => m.message);
  };
const importOf = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;

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

describe('lint: of server/, electron/ imports only the runtime module', () => {
  const sources = ['electron/main/app.ts', 'electron/main/core/supervisor.ts', 'electron/preload/index.ts'];
  const tests = [
    'electron/main/app.test.ts',
    'electron/main/core/proxy.test.ts',
    'electron/main/core/x.fixture.ts',
  ];

  it('refuses any other server module, even a type, in sources and tests', async () => {
    for (const file of [...sources, ...tests]) {
      for (const path of [
        '../../../server/seed/demo.ts',
        '../../../server/storage/database.ts',
        '../../server/cli.ts',
        '../../server/app.ts',
      ]) {
        expect(await restricted(file, importOf(path)), `${file} ${path}`).toHaveLength(1);
      }
      const typeOnly =
        "import type { Database } from '../../../server/storage/database.ts';\nexport type D = Database;\n";
      expect(await restricted(file, typeOnly), file).toHaveLength(1);
    }
  });

  it('allows server/runtime.ts everywhere in electron/, and the server test harness in tests only', async () => {
    for (const file of [...sources, ...tests])
      expect(await restricted(file, importOf('../../../server/runtime.ts')), file).toEqual([]);
    for (const file of tests)
      expect(await restricted(file, importOf('../../../server/test/harness.ts')), file).toEqual([]);
    for (const file of sources)
      expect(await restricted(file, importOf('../../../server/test/harness.ts')), file).toHaveLength(1);
  });
});

describe('lint: no renderer screen folder imports another', () => {
  const between = folderRule('no-import-between-screens');

  it('refuses an import, a re-export, a dynamic import or a stylesheet from another screen folder', async () => {
    const file = 'renderer/src/screens/sites/SiteScreen.tsx';
    expect(await between(file, importOf('../settings/Field.tsx'))).toEqual([
      "screens/sites/ imports screens/settings/ ('../settings/Field.tsx'): move the shared piece to renderer/src/ui/ or renderer/src/queries/, or compose the other screen's section in its route",
    ]);
    expect(await between(file, "export { x } from '../spaces/x.ts';\n")).toHaveLength(1);
    expect(await between(file, "export const m = () => import('../spaces/x.ts');\n")).toHaveLength(1);
    expect(await between(file, "import '../invites/invites.css';\n")).toHaveLength(1);
    // From a subfolder, whatever the depth.
    expect(
      await between('renderer/src/screens/change-requests/review/x.tsx', importOf('../../comments/x.ts')),
    ).toHaveLength(1);
  });

  it('allows imports inside one folder (subfolders included), and of ui/, queries/ and shared/', async () => {
    const review = 'renderer/src/screens/change-requests/review/FinishReview.tsx';
    for (const path of [
      '../comments/hooks.ts',
      '../status.ts',
      './drafts.ts',
      '../../../ui/Button.tsx',
      '../../../queries/reviews.ts',
      '../../../../../shared/contract/resources/changeRequests.ts',
      'react',
    ])
      expect(await between(review, importOf(path)), path).toEqual([]);
    // Outside screens/, the router composes screens: it may import any of them.
    expect(await between('renderer/src/router/spaceScreen.tsx', importOf('../screens/spaces/x.tsx'))).toEqual(
      [],
    );
  });
});

describe("lint: no server domain imports another domain's handlers", () => {
  const between = folderRule('no-import-of-other-handlers');

  it("refuses an import, a re-export or a dynamic import of another domain's handlers", async () => {
    const file = 'server/domain/reviews/handlers.ts';
    expect(await between(file, importOf('../change-requests/handlers.ts'))).toEqual([
      "domain/reviews/ imports domain/change-requests/'s handlers ('../change-requests/handlers.ts'): move what they share to domain/change-requests/records.ts (reads), commands.ts (writes) or another plain module",
    ]);
    expect(await between(file, importOf('../teams/member-handlers.ts'))).toHaveLength(1);
    expect(await between(file, "export { x } from '../spaces/handlers.ts';\n")).toHaveLength(1);
    expect(await between(file, "export const m = () => import('../spaces/handlers.ts');\n")).toHaveLength(1);
  });

  it("allows a domain's own handlers and another domain's records, commands and plain modules", async () => {
    const file = 'server/domain/change-requests/content-write-handlers.ts';
    for (const path of [
      './handlers.ts',
      '../reviews/records.ts',
      '../teams/commands.ts',
      '../content/link-report.ts',
      '../../storage/database.ts',
    ])
      expect(await between(file, importOf(path)), path).toEqual([]);
  });
});
