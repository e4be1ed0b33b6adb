// ESLint: typescript-eslint's strict rules, plus the import layers of STYLE.md point 9:
// shared/ imports nothing platform-specific; renderer/ imports only shared/; server/ never imports electron;
// electron/ may import shared/ and start server/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layer = (message, patterns, paths = []) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group], message })), paths },
  ],
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
    files: ['scripts/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: layer(
      'shared/ is platform-neutral: it imports no Node, Electron or DOM-only module and no other layer',
      ['node:*', 'electron', 'fastify', 'kysely', '**/server/**', '**/electron/**', '**/renderer/**'],
    ),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: layer(
      'renderer/ imports only shared/ (and browser libraries): never Node, Electron or another layer',
      ['node:*', 'electron', '**/server/**', '**/electron/**'],
    ),
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
    files: ['electron/**/*.ts'],
    rules: layer('electron/ may import shared/ and start server/, never the renderer', ['**/renderer/**']),
  },
);
