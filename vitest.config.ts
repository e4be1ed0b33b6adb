import { defineConfig } from 'vitest/config';

// Two projects: unit and integration tests, and end-to-end tests, which first build the renderer once.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Off a terminal (CI, a log), a line of progress every 20 s: long end-to-end files otherwise print nothing.
    reporters: ['default', './scripts/heartbeat-reporter.ts'],
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'electron/**/*.test.ts',
            'renderer/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
