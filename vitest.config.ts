import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import LongFirstSequencer from './scripts/long-first-sequencer.ts';

/** The end-to-end files that mostly wait for a rate limit's window. */
const PACED_E2E = ['e2e/compat-bulk.e2e.test.ts'];
/** Two workers for the unit files, one for a paced end-to-end file that is mostly idle. */
const PACED_GROUP_WORKERS = 3;
/**
 * End-to-end files two at a time. With one Chromium shared by the run (each file its own app, data folder, port and
 * contexts), the e2e project took 16 min 19 s against 21 min 16 s one at a time (same commit, 2 cores, both runs
 * passed): a file alone leaves part of a core idle. A paired file runs 1.5-1.8× slower, so a wait is a guard
 * against a hang, never a measure (locators 15 s, polls 15 s).
 */
const E2E_WORKERS = 2;
/**
 * Node's own loader instead of Vite's module runner, for the projects whose code Node runs as it is (the server,
 * shared/ and electron/ are written for Node's type stripping): no transform, and the compile cache applies. The
 * unit, PostgreSQL and server-on-PostgreSQL files under the CPU lock: 138.6 s and 261.5 CPU-s on Vite's runner,
 * 129.8 s and 250.7 CPU-s on Node's (248 files, 4,884 tests passed both ways). The end-to-end files too: they drive
 * the app through Playwright and import nothing of the renderer. Not for the renderer's tests (JSX, CSS) or the files
 * that replace modules (`vi.mock` needs the runner); `nodeLoader: false` because no file here mocks.
 */
const NODE_LOADER = { viteModuleRunner: false, nodeLoader: false } as const;
/** The files that run against a real PostgreSQL (the `postgres` project). */
const POSTGRES_TESTS = 'server/**/*.postgres.test.ts';

/**
 * The server's test files that start test servers (test/harness.ts): the `server-postgres` project runs them again
 * with their servers on PostgreSQL. The others do not depend on the database a server runs on.
 */
const SERVER_HARNESS_TESTS = globSync('server/**/*.test.ts', {
  cwd: fileURLToPath(new URL('.', import.meta.url)),
})
  .filter((file) => !file.endsWith('.postgres.test.ts'))
  .filter((file) => readFileSync(new URL(file, import.meta.url), 'utf8').includes('startTestServer'))
  .sort();

/**
 * Test files that replace modules (`vi.mock`): they run isolated, each on a module graph of its own. Every other
 * file of the unit and PostgreSQL projects shares its worker's modules with the files before it (`isolate: false`):
 * a fresh graph per file made importing the server (Fastify, the contract's schemas, the store) most of each file's
 * time. Vitest still restores spies and mocks between files; a file that stubs a global or fakes timers undoes it in
 * its own hooks.
 */
const MOCKING_TESTS = globSync('{shared,server,electron,renderer}/**/*.test.ts', {
  cwd: fileURLToPath(new URL('.', import.meta.url)),
})
  .filter((file) => /\bvi\.(?:do)?mock\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')))
  .sort();

/**
 * Test files that cannot share a worker's modules with other files: they watch what a module does on its first use
 * (a cache of the module), or they change the process for the files after them. They run isolated too.
 */
const FRESH_MODULE_TESTS: Record<string, string> = {
  'server/http/warm-up.test.ts':
    "checks that the comments' serializer is not compiled before the warm-up runs (server/http/serializer.ts keeps them per schema, for the process)",
  'electron/main/build-config.test.ts':
    "runs Vite's production build in the worker, which sets NODE_ENV to production: a file after it then loaded React's production JSX runtime (formErrors.test: jsxDEV is not a function)",
};

/** The files of the unit group that run isolated, each on a module graph of its own (the `unit-mocks` project). */
const ISOLATED_TESTS = [...new Set([...MOCKING_TESTS, ...Object.keys(FRESH_MODULE_TESTS)])].sort();

/** Server test files that are SQLite's by nature, never run on PostgreSQL. */
const SQLITE_ONLY: Record<string, string> = {
  'server/storage/checkpoints.test.ts':
    "SQLite's write-ahead log: its -wal file and PRAGMA wal_autocheckpoint",
  'server/storage/checkpoints-finish.test.ts':
    "the WAL checkpointer of SQLite's write-ahead log (node:sqlite)",
};

/**
 * Server test files that fail on PostgreSQL only because code they reach is not on the store yet: an operation that
 * answers 501 there (storage/no-database.ts), or a job kind. Each leaves this list when what it names is converted.
 * None now: the last five (search, four OpenAPI files) left it when the job queue moved onto the store.
 */
const WAITING_FOR_CONVERSION: Record<string, string> = {};

/**
 * Server test files that find a bug of the server on PostgreSQL (a 500), to fix in the code named. None now: the
 * first two (effective-access, site-permissions: `spacesOfSites` wrote `json_each` itself) were fixed in 7eeb17e.
 */
const FAILS_ON_POSTGRES: Record<string, string> = {};

// The projects: unit and integration tests (those that replace modules apart); the tests against PostgreSQL, and the
// server's tests again on it; end-to-end tests, which first build the renderer once; and the paced end-to-end files,
// run beside the unit files.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Off a terminal (CI, a log), a line of progress every 20 s: long end-to-end files otherwise print nothing.
    reporters: ['default', './scripts/heartbeat-reporter.ts'],
    // The longest end-to-end files first, so that none runs alone at the end.
    sequence: { sequencer: LongFirstSequencer },
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Vitest's default is one worker less than the cores: one on a 2-core machine, so nothing ran side by side.
          // Three: the unit files share their group with e2e-paced, whose one file mostly waits (below).
          maxWorkers: PACED_GROUP_WORKERS,
          isolate: false,
          experimental: NODE_LOADER,
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'electron/**/*.test.ts'],
          exclude: [...configDefaults.exclude, POSTGRES_TESTS, ...ISOLATED_TESTS],
        },
      },
      {
        extends: true,
        test: {
          // The renderer's unit files, on Vite's module runner (they import components: JSX and stylesheets).
          name: 'unit-web',
          maxWorkers: PACED_GROUP_WORKERS,
          isolate: false,
          include: ['renderer/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_TESTS],
        },
      },
      {
        extends: true,
        test: {
          // The unit files that replace modules or watch a module's first use (ISOLATED_TESTS), each on a module
          // graph of its own.
          name: 'unit-mocks',
          maxWorkers: PACED_GROUP_WORKERS,
          include: ISOLATED_TESTS,
        },
      },
      {
        extends: true,
        test: {
          // Tests that need a real PostgreSQL: the project's global setup starts one cluster for the run
          // (server/storage/postgres/test-cluster.ts); each file makes a database of its own on it.
          name: 'postgres',
          maxWorkers: PACED_GROUP_WORKERS,
          isolate: false,
          experimental: NODE_LOADER,
          include: [POSTGRES_TESTS],
          globalSetup: ['server/storage/postgres/global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The server's tests again, their test servers on PostgreSQL (server/test/postgres-server.ts): a database
          // of the `postgres` project's cluster per test server, copied from one migrated template.
          name: 'server-postgres',
          maxWorkers: PACED_GROUP_WORKERS,
          isolate: false,
          experimental: NODE_LOADER,
          include: SERVER_HARNESS_TESTS,
          // DOCS_ADMIN_POSTGRES_LISTED=1 runs the listed files too (to see which can leave their list).
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DOCS_ADMIN_POSTGRES_LISTED === '1'
              ? []
              : [
                  ...Object.keys(SQLITE_ONLY),
                  ...Object.keys(WAITING_FOR_CONVERSION),
                  ...Object.keys(FAILS_ON_POSTGRES),
                ]),
          ],
          env: { DOCS_ADMIN_TEST_DATABASE: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // End-to-end files that spend most of their time waiting for a rate limit's window (compat-bulk: three
          // windows of 60 s at GitBook's pace) run beside the unit files rather than alone after them: the project's
          // name sorts before "unit", so Vitest's sequencer starts them first in the shared group.
          name: 'e2e-paced',
          maxWorkers: PACED_GROUP_WORKERS,
          isolate: false,
          experimental: NODE_LOADER,
          include: PACED_E2E,
          globalSetup: ['e2e/support/global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // After the unit files (a group of its own), E2E_WORKERS files at a time: each file starts an app and its
          // sandbox on a port and a copy of the seeded data folder of its own, and opens its own contexts in the
          // Chromium the global setup launched.
          maxWorkers: E2E_WORKERS,
          // Each file keeps its own state in its own module and hooks; the worker's modules (Playwright, the
          // support helpers) are imported once per worker: 8 files' workers spent 8.0 CPU-s isolated, 4.6 s not.
          isolate: false,
          experimental: NODE_LOADER,
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: PACED_E2E,
          globalSetup: ['e2e/support/global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
