/**
 * Test harness: the real server on a fresh temporary database, listening on 127.0.0.1, with every response
 * checked against its contract schema, a hand-moved clock, and factories that create data directly.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Role, TeamRole } from '../../shared/contract/index.ts';
import type { DefaultLevel } from '../../shared/contract/resources/content.ts';
import type { Static } from '@sinclair/typebox';
import { createClient, type ApiClient } from '../../shared/client.ts';
import { buildApp, type AppOptions, type AppStorage } from '../app.ts';
import type { JobsOptions } from '../jobs/index.ts';
import type { FetchLimits } from '../net/fetch-url.ts';
import { ManualClock } from '../clock.ts';
import { createChangeRequestRecord } from '../domain/change-requests/records.ts';
import { createCollectionRecord } from '../domain/collections/records.ts';
import type { PageInput } from '../domain/content/revisions.ts';
import { addMember, createOrganization, ensureUser, issueToken } from '../domain/organizations/commands.ts';
import { createSiteRecord } from '../domain/sites/records.ts';
import { createSpaceRecord } from '../domain/spaces/records.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { newId } from '../ids.ts';
import { DATABASE_FILE, openDatabase, type Database } from '../storage/database.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';
import type { Store } from '../storage/store/store.ts';
import { openTestPostgres, testServersOnPostgres } from './postgres-server.ts';

/** Whether this process's test servers run on PostgreSQL (for a test that is SQLite's by nature: `it.skipIf`). */
export { testServersOnPostgres };

export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: ApiClient;
}

export interface TestServer {
  baseUrl: string;
  /**
   * The test's synchronous database, for factories and direct reads: the server's own on SQLite; on PostgreSQL
   * (`DOCS_ADMIN_TEST_DATABASE=postgres`) a connection of the test's (test/sync-postgres.ts), the server having none.
   */
  db: Database;
  /** Which database the server runs on. */
  dialect: 'sqlite' | 'postgres';
  /** What the app was built on (to build another app on the same data). */
  appStorage: AppStorage;
  /** A store on the server's data: on PostgreSQL the server's own, on SQLite another over the same `Database`. */
  store: Store;
  clock: ManualClock;
  /** The data directory (pass it to another server to restart on the same data). */
  dataDir: string;
  /** A client with no token, or with the given one. */
  client(token?: string): ApiClient;
  /** Resolves once the server's job queue has nothing due and nothing running. */
  whenJobsIdle(): Promise<void>;
  /** A new user with a token. */
  buildUser(options?: { email?: string; name?: string }): TestUser;
  /** A new organization whose owner is its first admin. */
  buildOrg(
    owner: TestUser,
    options?: { title?: string; emailDomains?: string[]; inviteLinks?: boolean },
  ): { id: string };
  /** A new user who is a member of the organization with that role (`null`: guest). */
  buildMember(orgId: string, role: Role | null, options?: { email?: string; name?: string }): TestUser;
  /** A new team with members (user id → team role). */
  buildTeam(orgId: string, title: string, members?: Record<string, TeamRole>): { id: string };
  /** A new collection (default: top level, `inherit`). */
  buildCollection(
    orgId: string,
    options?: { title?: string; parent?: string; defaultLevel?: Static<typeof DefaultLevel> },
  ): { id: string };
  /** A new space with a first revision (default: top level, `inherit`, `private`, one page "Introduction"). */
  buildSpace(
    orgId: string,
    options?: {
      title?: string;
      parent?: string;
      emoji?: string;
      defaultLevel?: Static<typeof DefaultLevel>;
      visibility?: string;
      pages?: PageInput[];
    },
  ): { id: string };
  /** A new unpublished site (default: `public`, no site spaces; `spaces`: root site spaces, the first the default). */
  buildSite(
    orgId: string,
    options?: { spaces?: string[]; title?: string; visibility?: string },
  ): { id: string };
  /** A new change request of the space by `authorId` (default: `open`, no subject), numbered next in the space. */
  buildChangeRequest(
    spaceId: string,
    authorId: string,
    options?: { subject?: string; status?: 'draft' | 'open' | 'archived' | 'merged' },
  ): { id: string; number: number };
  /** A comment on the space (open unless `resolved`), optionally on a page, posted now. */
  buildComment(
    spaceId: string,
    authorId: string,
    options?: { markdown?: string; page?: string; resolved?: boolean },
  ): { id: string };
  /** A reply to a comment, posted now. */
  buildCommentReply(commentId: string, authorId: string, markdown?: string): { id: string };
  /** Stops the server; its data directory goes too, unless `keepData` (to start another server on it). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

let counter = 0;

/** What a test server starts with. */
export interface TestServerOptions {
  rateLimit?: RateLimit | null;
  /** GitBook-compatible mode (`serve --compat gitbook`); its default rate limit applies unless `rateLimit` is given. */
  compat?: 'gitbook';
  bodyLimit?: number;
  /** Let server-side fetches reach loopback (the tests' local fixture servers). */
  allowPrivateFetch?: boolean;
  /** Lower fetch limits (a fixture that never answers then fails fast). */
  fetchLimits?: Partial<FetchLimits>;
  /** Job runner and queue options (lower budgets, no retry delay). */
  jobs?: JobsOptions;
  /** Start on this data directory (another test server's, closed with `keepData`: a restart on the same data). */
  dataDir?: string;
}

/** A test server's storage: what the app is built on, the test's synchronous database, and how to close both. */
/** A test server's storage (`openTestStorage`). */
export interface TestStorage {
  app: AppStorage;
  db: Database;
  store: Store;
  dialect: TestServer['dialect'];
  close(keepData: boolean): Promise<void>;
}

/**
 * SQLite in the data directory, or a PostgreSQL database of the test cluster that the data directory names: a test
 * writes there what a server stopped on that data would find at its next start.
 */
export async function openTestStorage(dir: string): Promise<TestStorage> {
  if (testServersOnPostgres()) {
    const postgres = await openTestPostgres(dir);
    return {
      app: { postgres: postgres.store },
      db: postgres.db,
      store: postgres.store,
      dialect: 'postgres',
      close: postgres.close,
    };
  }
  const db = openDatabase(dir);
  return { app: { db }, db, store: SqliteStore.of(db), dialect: 'sqlite', close: async () => db.close() };
}

/** The migrated SQLite database that this process's test servers start on copies of (`migratedSqliteFile`). */
let sqliteTemplate: string | undefined;

/**
 * A database file with every migration applied, made once per process: a new test server on SQLite starts on a
 * copy of it rather than migrating a database of its own (the migrations were a third of a server's start; a
 * `server-postgres` server copies its migrated template the same way). `openDatabase` still runs `migrate` on the
 * copy, which finds every migration applied.
 */
function migratedSqliteFile(): string {
  if (sqliteTemplate === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'docs-admin-test-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    // Closing checkpoints the write-ahead log into the file: the copy is the whole database.
    openDatabase(dir).close();
    sqliteTemplate = join(dir, DATABASE_FILE);
  }
  return sqliteTemplate;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'docs-admin-test-'));
  if (options.dataDir === undefined && !testServersOnPostgres())
    copyFileSync(migratedSqliteFile(), join(dir, DATABASE_FILE));
  const storage = await openTestStorage(dir);
  const { db } = storage;
  const clock = new ManualClock('2026-03-01T09:00:00.000Z');
  const app = buildApp(appOptionsOf(options, storage.app, clock));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = (token?: string) => createClient({ baseUrl, ...(token !== undefined ? { token } : {}) });

  const buildUser: TestServer['buildUser'] = (userOptions = {}) => {
    counter++;
    const email = userOptions.email ?? `user${counter}.${newId().slice(0, 6).toLowerCase()}@example.com`;
    const { id } = ensureUser(db, clock.now(), email, userOptions.name);
    const token = issueToken(db, clock.now(), id, 'test');
    return { id, email: email.toLowerCase(), token, client: client(token) };
  };

  return {
    baseUrl,
    db,
    dialect: storage.dialect,
    appStorage: storage.app,
    store: storage.store,
    clock,
    dataDir: dir,
    client,
    whenJobsIdle: () => app.jobs.queue.whenIdle(),
    buildUser,
    ...peopleBuilders(db, clock, buildUser),
    ...contentBuilders(db, clock),
    async close(closeOptions = {}) {
      await app.close();
      await storage.close(closeOptions.keepData === true);
      if (closeOptions.keepData !== true) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the test server is started with: no rate limit unless asked (or GitBook's, in its compatible mode). */
function appOptionsOf(options: TestServerOptions, storage: AppStorage, clock: ManualClock): AppOptions {
  return {
    ...storage,
    clock,
    validateResponses: true,
    ...(options.compat !== undefined
      ? {
          compat: options.compat,
          ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
        }
      : { rateLimit: options.rateLimit === undefined ? null : options.rateLimit }),
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    allowPrivateFetch: options.allowPrivateFetch ?? false,
    ...(options.fetchLimits !== undefined ? { fetchLimits: options.fetchLimits } : {}),
    ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
  };
}

/** Organizations, members and teams, written straight to the database. */
function peopleBuilders(
  db: Database,
  clock: ManualClock,
  buildUser: TestServer['buildUser'],
): Pick<TestServer, 'buildOrg' | 'buildMember' | 'buildTeam'> {
  return {
    buildOrg(owner, orgOptions = {}) {
      const org = createOrganization(db, clock.now(), {
        title: orgOptions.title ?? `Org ${++counter}`,
        ownerId: owner.id,
        emailDomains: orgOptions.emailDomains ?? [],
      });
      if (orgOptions.inviteLinks === false) {
        db.run(db.q.updateTable('organizations').set({ invite_links: 0 }).where('id', '=', org.id));
      }
      return { id: org.id };
    },
    buildMember(orgId, role, memberOptions = {}) {
      const user = buildUser(memberOptions);
      addMember(db, clock.now(), orgId, user.id, role);
      return user;
    },
    buildTeam(orgId, title, members = {}) {
      const id = newId();
      db.run(
        db.q
          .insertInto('teams')
          .values({ id, organization_id: orgId, title, created_at: clock.now().toISOString() }),
      );
      for (const [userId, role] of Object.entries(members)) {
        db.run(
          db.q.insertInto('team_members').values({
            team_id: id,
            user_id: userId,
            organization_id: orgId,
            role,
            added_at: clock.now().toISOString(),
          }),
        );
      }
      return { id };
    },
  };
}

/** Collections, spaces, sites, change requests, comments and replies, written as their records would. */
function contentBuilders(
  db: Database,
  clock: ManualClock,
): Pick<
  TestServer,
  'buildCollection' | 'buildSpace' | 'buildSite' | 'buildChangeRequest' | 'buildComment' | 'buildCommentReply'
> {
  return {
    buildCollection(orgId, collectionOptions = {}) {
      const id = createCollectionRecord(db, clock.now(), {
        organizationId: orgId,
        parentId: collectionOptions.parent ?? null,
        title: collectionOptions.title ?? `Collection ${++counter}`,
        ...(collectionOptions.defaultLevel !== undefined
          ? { defaultLevel: collectionOptions.defaultLevel }
          : {}),
        actorId: null,
      });
      return { id };
    },
    buildSpace(orgId, spaceOptions = {}) {
      const id = createSpaceRecord(db, clock.now(), {
        organizationId: orgId,
        parentId: spaceOptions.parent ?? null,
        title: spaceOptions.title ?? `Space ${++counter}`,
        emoji: spaceOptions.emoji ?? '',
        ...(spaceOptions.visibility !== undefined ? { visibility: spaceOptions.visibility } : {}),
        ...(spaceOptions.defaultLevel !== undefined ? { defaultLevel: spaceOptions.defaultLevel } : {}),
        pages: spaceOptions.pages ?? [{ title: 'Introduction' }],
        actorId: null,
      });
      return { id };
    },
    buildSite(orgId, siteOptions = {}) {
      const site = createSiteRecord(db, clock.now(), {
        organizationId: orgId,
        title: siteOptions.title ?? `Site ${++counter}`,
        ...(siteOptions.visibility !== undefined ? { visibility: siteOptions.visibility } : {}),
        spaceIds: siteOptions.spaces ?? [],
        actorId: null,
      });
      return { id: site.id };
    },
    buildChangeRequest(spaceId, authorId, requestOptions = {}) {
      const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId));
      if (!space) throw new Error(`buildChangeRequest: no space ${spaceId}`);
      return createChangeRequestRecord(db, clock.now(), { space, actorId: authorId, ...requestOptions });
    },
    buildComment(spaceId, authorId, commentOptions = {}) {
      const id = newId();
      const at = clock.now().toISOString();
      const resolved = commentOptions.resolved === true;
      db.run(
        db.q.insertInto('comments').values({
          id,
          space_id: spaceId,
          change_request_id: null,
          author_id: authorId,
          body: commentOptions.markdown ?? 'A comment',
          target_page_id: commentOptions.page ?? null,
          target_node: null,
          resolved: resolved ? 1 : 0,
          resolved_at: resolved ? at : null,
          resolved_by: resolved ? authorId : null,
          created_at: at,
          updated_at: at,
          edited_at: null,
        }),
      );
      return { id };
    },
    buildCommentReply(commentId, authorId, markdown = 'A reply') {
      const id = newId();
      const at = clock.now().toISOString();
      db.run(
        db.q.insertInto('comment_replies').values({
          id,
          comment_id: commentId,
          author_id: authorId,
          body: markdown,
          created_at: at,
          updated_at: at,
          edited_at: null,
        }),
      );
      return { id };
    },
  };
}
