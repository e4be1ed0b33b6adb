/**
 * The server's command line:
 *   serve --port <n> --host <h> --data-dir <dir> [--demo [--hand-over-sandbox-token]] [--allow-private-fetch]
 *         [--database postgres://…] [--compat gitbook] [--rate-limit <requests per window, 0 = off>] [--rate-limit-window <seconds, default 60>]
 *   token --email <e> --data-dir <dir>
 *   org create --title <t> --owner <email> --data-dir <dir>
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, DEFAULT_RATE_LIMIT, GITBOOK_RATE_LIMIT, type AppSettings } from './app.ts';
import { systemClock } from './clock.ts';
import { createOrganization, ensureUser, issueToken } from './domain/organizations/commands.ts';
import { parentChannel, type ParentChannel } from './parent-channel.ts';
import { SANDBOX_READY, type SandboxHandover } from './runtime.ts';
import { mintSandboxToken, seedDemo } from './seed/demo.ts';
import type { Client } from 'pg';
import { openDatabase, type Database } from './storage/database.ts';

const USAGE = `usage:
  npm run serve -- [--port 8787] [--host 127.0.0.1] [--data-dir .data] [--demo] [--allow-private-fetch]
                   [--compat gitbook] [--rate-limit 1200 (gitbook: 60)] [--rate-limit-window 60]
                   [--database postgres://user:password@host:5432/name] (PostgreSQL instead of SQLite in --data-dir:
                    operations not yet converted to it answer 501; --demo seeds it when it has no organization)
  (the desktop app adds --hand-over-sandbox-token to --demo: a fresh demo-owner token sent to it over IPC; the
   organization file's commands add --sandbox-token-for cli, so that theirs does not replace the app's)
  npm run admin -- token --email <email> [--data-dir .data]
  npm run admin -- org create --title <title> --owner <email> [--data-dir .data]
  npm run admin -- export|plan|apply <file> --profile <name> [--org <id or title>] [--continue-on-error] [--resume]
                   (the organization file, through the app's profiles: electron/main/cli/orgfile.ts)`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        'data-dir': { type: 'string', default: '.data' },
        database: { type: 'string' },
        demo: { type: 'boolean', default: false },
        'hand-over-sandbox-token': { type: 'boolean', default: false },
        'sandbox-token-for': { type: 'string', default: 'app' },
        'allow-private-fetch': { type: 'boolean', default: false },
        'rate-limit': { type: 'string' },
        'rate-limit-window': { type: 'string' },
        compat: { type: 'string' },
        email: { type: 'string' },
        title: { type: 'string' },
        owner: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

const dataDir = resolve(values['data-dir']);
const [command, subcommand] = positionals;

async function serve(): Promise<void> {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a port number, not "${values.port}"`);
  if (values.compat !== undefined && values.compat !== 'gitbook')
    fail(`--compat takes one mode, gitbook, not "${values.compat}"`);
  const compat = values.compat === 'gitbook' ? { compat: 'gitbook' as const } : {};
  const windowSeconds = Number(values['rate-limit-window'] ?? '60');
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > 86_400)
    fail('--rate-limit-window must be a whole number of seconds from 1 to 86400');
  let rateLimit: { requests: number; windowMs: number } | null | undefined;
  if (values['rate-limit'] !== undefined) {
    const perWindow = Number(values['rate-limit']);
    if (!Number.isInteger(perWindow) || perWindow < 0)
      fail('--rate-limit must be a whole number of requests per window (0 turns it off)');
    rateLimit = perWindow === 0 ? null : { requests: perWindow, windowMs: windowSeconds * 1000 };
  } else if (values['rate-limit-window'] !== undefined) {
    rateLimit = {
      requests: (compat.compat ? GITBOOK_RATE_LIMIT : DEFAULT_RATE_LIMIT).requests,
      windowMs: windowSeconds * 1000,
    };
  }
  if (values['sandbox-token-for'] !== 'app' && values['sandbox-token-for'] !== 'cli')
    fail(`--sandbox-token-for takes app or cli, not "${values['sandbox-token-for']}"`);
  const settings = {
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...compat,
    allowPrivateFetch: values['allow-private-fetch'],
    jobs: { runner: { workerUrl: jobWorkerUrl() } },
    warmUp: true,
    purge: true,
  };
  if (values.database !== undefined) return servePostgres(values.database, port, settings);
  const handOver = values['hand-over-sandbox-token'] ? sandboxParent() : undefined;
  const db = openDatabase(dataDir);
  if (values.demo) seedIfEmpty(db, handOver === undefined);
  const tokenLabel = values['sandbox-token-for'] === 'cli' ? 'sandbox-cli' : 'sandbox';
  const sandboxToken =
    handOver === undefined ? undefined : mintSandboxToken(db, systemClock.now(), tokenLabel);
  if (handOver !== undefined && sandboxToken === undefined) {
    console.error(`the sandbox database in ${dataDir} has data but not the demo owner`);
    process.exit(1);
  }
  const app = buildApp({ db, ...settings });
  const stop = async () => {
    await app.close();
    db.close();
    process.exit(0);
  };
  // Before the address is printed: whoever reads it may stop the server at once.
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const address = await app.listen({ port, host: values.host });
  const mode = compat.compat ? ', GitBook-compatible mode' : '';
  console.log(`Docs Admin API listening on ${address} (data in ${dataDir}${mode})`);
  if (handOver !== undefined && sandboxToken !== undefined) {
    const ready: SandboxHandover = { kind: SANDBOX_READY, baseUrl: address, token: sandboxToken };
    handOver.send(ready);
    // A sandbox does not outlive the app that started it.
    handOver.onGone(() => void stop());
  }
}

/**
 * `serve --database postgres://…`: migrates the database (under an advisory lock: servers starting together apply
 * each migration once), seeds it for `--demo` when it has no organization, and serves from a `PostgresStore`, with
 * the job queue and the purge on it too.
 */
async function servePostgres(url: string, port: number, settings: AppSettings): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(url))
    fail(
      `--database takes a postgres:// or postgresql:// URL (SQLite, in --data-dir, is the default), not "${url}"`,
    );
  if (values['hand-over-sandbox-token'])
    fail("--hand-over-sandbox-token is the desktop app's sandbox, on SQLite: not with --database");
  // Loaded here only: a server on SQLite (the desktop app's) never holds `pg` and the PostgreSQL store in memory.
  const [{ Client }, { migratePostgres }, { PostgresStore }] = await Promise.all([
    import('pg'),
    import('./storage/postgres/migrate.ts'),
    import('./storage/store/postgres-store.ts'),
  ]);
  const client = new Client({ connectionString: url });
  // Its name and host only: the URL may hold a password.
  const where = `PostgreSQL database ${client.database ?? '(default)'} on ${client.host}`;
  try {
    await client.connect();
    await migratePostgres(client);
    if (values.demo) await seedPostgresIfEmpty(client);
  } catch (error) {
    console.error(`${where}: ${(error as Error).message}`);
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
  const store = PostgresStore.open({ connectionString: url });
  const app = buildApp({ postgres: store, ...settings });
  const stop = async () => {
    await app.close();
    await store.close();
    process.exit(0);
  };
  // Before the address is printed: whoever reads it may stop the server at once.
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const address = await app.listen({ port, host: values.host });
  const mode = settings.compat ? ', GitBook-compatible mode' : '';
  console.log(`Docs Admin API listening on ${address} (data in the ${where}${mode})`);
}

/**
 * `--demo` on PostgreSQL: the demo is seeded on an in-memory SQLite database by the same code as on SQLite, then
 * copied into the PostgreSQL database in one transaction (copy-from-sqlite.ts), when it has no organization yet.
 */
async function seedPostgresIfEmpty(client: Client): Promise<void> {
  const { rows } = await client.query('SELECT 1 FROM organizations LIMIT 1');
  if (rows.length > 0) {
    console.log('the database already has data: --demo seeds only an empty database, so nothing was added');
    return;
  }
  const { copySqliteToPostgres } = await import('./storage/postgres/copy-from-sqlite.ts');
  const memory = openDatabase(':memory:');
  try {
    const seeded = seedDemo(memory, systemClock.now());
    await copySqliteToPostgres(memory, client);
    if (seeded !== undefined) writeDemoTokens(seeded.tokens);
  } finally {
    memory.close();
  }
}

/** `--hand-over-sandbox-token`'s parent channel; the flag goes with `--demo` and needs a parent with IPC. */
function sandboxParent(): ParentChannel {
  if (!values.demo) fail('--hand-over-sandbox-token goes with --demo');
  const channel = parentChannel();
  if (channel === undefined)
    fail(
      '--hand-over-sandbox-token needs a parent process with an IPC channel (the desktop app starts it so)',
    );
  return channel;
}

/**
 * `--demo`: seeds an empty database. The seeded users' tokens go to `demo-tokens.json` (0600) for a person at the
 * command line; the desktop app's sandbox (`writeTokens` false) uses only the token it is handed.
 */
function seedIfEmpty(db: Database, writeTokens: boolean): void {
  const seeded = seedDemo(db, systemClock.now());
  if (seeded === undefined) {
    if (writeTokens)
      console.log('the database already has data: --demo seeds only an empty database, so nothing was added');
    return;
  }
  if (!writeTokens) {
    console.log('seeded the demo organizations');
    return;
  }
  writeDemoTokens(seeded.tokens);
}

/** The seeded demo users' tokens, to `demo-tokens.json` (0600) in the data directory, for a person at the command line. */
function writeDemoTokens(tokens: readonly unknown[]): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'demo-tokens.json');
  writeFileSync(file, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.log(`seeded the demo organizations; tokens for its ${tokens.length} users are in ${file}`);
}

/**
 * The job worker's entry, at the same place relative to this file from source (server/jobs/worker.ts) and in the
 * desktop app's build (out/server/jobs/worker.js beside out/server/cli.js, server.vite.config.ts). The path is
 * joined at run time so that the bundler leaves it alone.
 */
function jobWorkerUrl(): URL {
  const worker = import.meta.url.endsWith('.ts') ? 'worker.ts' : 'worker.js';
  return new URL(['.', 'jobs', worker].join('/'), import.meta.url);
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function token(): void {
  if (!values.email) fail('token needs --email');
  if (!EMAIL.test(values.email)) fail(`--email must be an email address, not "${values.email}"`);
  const db = openDatabase(dataDir);
  const now = systemClock.now();
  const user = db.transaction(() => ensureUser(db, now, values.email as string));
  const secret = issueToken(db, now, user.id, 'cli');
  db.close();
  if (user.created) console.error(`created the user ${values.email}`);
  // Printing the new token is this command's purpose (it is how a user obtains one); nothing else prints it.
  process.stdout.write(`${secret}\n`);
}

function orgCreate(): void {
  if (!values.title) fail('org create needs --title');
  if (!values.owner) fail('org create needs --owner');
  if (!EMAIL.test(values.owner)) fail(`--owner must be an email address, not "${values.owner}"`);
  const title = values.title.trim();
  if (title.length < 2 || title.length > 255) fail('--title must have 2 to 255 characters');
  const db = openDatabase(dataDir);
  const now = systemClock.now();
  const org = db.transaction(() => {
    const owner = ensureUser(db, now, values.owner as string);
    return createOrganization(db, now, { title, ownerId: owner.id });
  });
  db.close();
  console.log(JSON.stringify({ id: org.id, title: org.title, owner: values.owner }));
}

// The other commands write to SQLite only so far: with --database they would write to another database than asked.
if (values.database !== undefined && command !== 'serve')
  fail(`--database goes with serve only so far: "${positionals.join(' ')}" writes to SQLite in --data-dir`);

if (values.help || command === undefined) {
  console.log(USAGE);
  process.exit(command === undefined && !values.help ? 2 : 0);
} else if (command === 'serve') {
  await serve();
} else if (command === 'token') {
  token();
} else if (command === 'org' && subcommand === 'create') {
  orgCreate();
} else {
  fail(`unknown command "${positionals.join(' ')}"`);
}
