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
          // Vitest's default is one worker less than the cores: one on a 2-core machine, so nothing ran side by side.
          maxWorkers: 2,
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
          // One at a time, after the unit files (a single-worker project runs in Vitest's sequential group): each
          // file starts an app, its sandbox and a Chromium, which take both cores of the machines we run on.
          maxWorkers: 1,
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
