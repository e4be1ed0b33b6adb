// ESLint: typescript-eslint's strict rules, plus the import layers of STYLE.md point 9:
// shared/ imports nothing platform-specific; renderer/ imports only shared/; server/ never imports electron;
// electron/ may import shared/ and of server/ only its runtime module (the sandbox is a child process; its tests may also
// use the server's test harness); electron/main/core/ never imports electron; and only the two ends of the typed
// bridge import ipcMain / ipcRenderer (STYLE.md point 8). In the renderer, no screen folder imports another; in the
// server, no domain imports another domain's handlers (two local rules, scripts/eslint/folder-imports.mjs). Sources
// are held to 400 lines a file and 150 a function (issue 16).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import folderImports from './scripts/eslint/folder-imports.mjs';

// A pattern is a glob, or a group of globs with exceptions (`!glob`) given as an array.
const layer = (message, patterns, paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) =>
        typeof group === 'string'
          ? { group: [group], message }
          : { ...group, message: group.message ?? message },
      ),
      paths,
    },
  ],
});

// electron/ runs the server as a child process (`serve --demo`): of server/ it imports only server/runtime.ts, which
// imports nothing, so no server code reaches the main bundle. Its tests may also start the server's test harness.
const ELECTRON_SOURCES = ['electron/**/*.ts'];
const ELECTRON_TESTS = ['electron/**/*.test.ts', 'electron/**/*.fixture.ts'];
const serverOnly = (...allowed) => ({
  // A folder matched by `server/*` hides what is in it, so an allowed folder is named itself (`!**/server/test`).
  group: ['**/server/*', ...allowed.map((glob) => `!${glob}`)],
  message: `electron/ starts the server as a child process: of server/ it imports only ${allowed.map((glob) => glob.replace('**/', '')).join(' and ')}`,
});
const serverRuntime = serverOnly('**/server/runtime.ts');
const serverRuntimeAndHarness = serverOnly('**/server/runtime.ts', '**/server/test');
const ELECTRON_MESSAGE = 'electron/ may import shared/ and server/runtime.ts, never the renderer';
const CORE_MESSAGE =
  'electron/main/core/ is plain Node: no Electron (electron/main/ holds the glue), never the renderer';

// Raw IPC (STYLE.md point 8): `ipcMain` and `ipcRenderer` are imported only by the typed bridge's two ends.
const IPC_MODULES = ['electron/main/ipc.ts', 'electron/preload/index.ts'];
const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'raw IPC lives only in electron/main/ipc.ts and electron/preload/index.ts: use the typed bridge',
};
// Tests and fixtures are exempt from the size limits: a test file groups the cases of one module, a `describe` many
// `it`s, and a fixture is data.
const TESTS_AND_FIXTURES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.fixture.ts',
  '**/fixtures/**',
  '**/__fixtures__/**',
];

const noElectron = (where) => ({
  name: 'electron',
  message: `${where} runs without Electron: it never imports electron`,
});

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'out/', 'coverage/', '.data/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // ESLint's own options, stated: blank lines and comments count (a file's comments are part of what one reads),
    // and so do the lines of a function's nested functions (a component's handlers are part of the component).
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: TESTS_AND_FIXTURES,
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: false, skipComments: false, IIFEs: false },
      ],
    },
  },
  {
    files: ['renderer/src/screens/**/*.{ts,tsx}'],
    plugins: { local: folderImports },
    rules: { 'local/no-import-between-screens': 'error' },
  },
  {
    files: ['server/domain/**/*.ts'],
    plugins: { local: folderImports },
    rules: { 'local/no-import-of-other-handlers': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['shared/**/*.ts'],
    // Tests and their fixtures run in Node only (the web typecheck leaves them out too).
    ignores: ['shared/**/*.test.ts', 'shared/**/fixtures/**'],
    rules: layer(
      'shared/ is platform-neutral: it imports no Node, Electron or DOM-only module and no other layer',
      ['node:*', 'electron', 'fastify', 'kysely', '**/server/**', '**/electron/**', '**/renderer/**'],
    ),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.ts'],
    rules: layer(
      'renderer/ imports only shared/ (and browser libraries): never Node, Electron or another layer',
      ['node:*', 'electron', '**/server/**', '**/electron/**'],
    ),
  },
  {
    // Renderer unit tests run in Node (a real HTTP server for the transport), never against another layer.
    files: ['renderer/**/*.test.ts'],
    rules: layer('renderer tests may use Node, never Electron or another layer', [
      'electron',
      '**/server/**',
      '**/electron/**',
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: layer('server/ never imports Electron, the desktop layer or the renderer', [
      'electron',
      '**/electron/**',
      '**/renderer/**',
    ]),
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['shared/**', 'renderer/**', 'server/**', 'electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [rawIpc] }] },
  },
  {
    files: ELECTRON_SOURCES,
    ignores: [...IPC_MODULES, 'electron/main/core/**', ...ELECTRON_TESTS],
    rules: layer(ELECTRON_MESSAGE, ['**/renderer/**', serverRuntime], [rawIpc]),
  },
  {
    files: IPC_MODULES,
    rules: layer(ELECTRON_MESSAGE, ['**/renderer/**', serverRuntime]),
  },
  {
    files: ELECTRON_TESTS,
    ignores: ['electron/main/core/**'],
    rules: layer(ELECTRON_MESSAGE, ['**/renderer/**', serverRuntimeAndHarness], [rawIpc]),
  },
  {
    files: ['electron/main/core/**/*.ts'],
    ignores: ELECTRON_TESTS,
    rules: layer(
      CORE_MESSAGE,
      ['**/renderer/**', 'electron/*', serverRuntime],
      [noElectron('electron/main/core/')],
    ),
  },
  {
    files: ELECTRON_TESTS.map((glob) => glob.replace('electron/', 'electron/main/core/')),
    rules: layer(
      CORE_MESSAGE,
      ['**/renderer/**', 'electron/*', serverRuntimeAndHarness],
      [noElectron('electron/main/core/')],
    ),
  },
);
