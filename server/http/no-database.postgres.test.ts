// A server on PostgreSQL has no synchronous `Database` (storage/no-database.ts): a handler that still uses it answers
// 501 in the API's error shape, naming its operation, whether it reached for it first or after reading the store,
// and writes nothing through it. The handlers here stand in for the domains not yet converted (which ones those are
// changes as they convert; the mechanism does not).
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createOrganization, ensureUser, issueToken } from '../domain/organizations/commands.ts';
import { openDatabase } from '../storage/database.ts';
import { copySqliteToPostgres } from '../storage/postgres/copy-from-sqlite.ts';
import { migratePostgres } from '../storage/postgres/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../storage/postgres/test-cluster.ts';
import { PostgresStore } from '../storage/store/postgres-store.ts';
import type { Handlers } from './context.ts';
import { handlers as allHandlers } from './handlers.ts';

let database: TestDatabase;
let store: PostgresStore;
let token = '';
let orgId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const client = new Client(database.config);
  await client.connect();
  const sqlite = openDatabase(':memory:');
  try {
    await migratePostgres(client);
    const at = new Date('2026-03-01T09:00:00.000Z');
    const owner = ensureUser(sqlite, at, 'owner@example.com', 'Owner');
    orgId = createOrganization(sqlite, at, { title: 'On PostgreSQL', ownerId: owner.id }).id;
    token = issueToken(sqlite, at, owner.id, 'test');
    await copySqliteToPostgres(sqlite, client);
  } finally {
    sqlite.close();
    await client.end();
  }
  store = PostgresStore.open(database.config);
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

/** Handlers written as the unconverted ones are: on `services.db`, at once or after reading the store. */
const handlers = {
  ...allHandlers,
  getSpaceById: ({ services }) => services.db.first(services.db.q.selectFrom('spaces').selectAll()) as never,
  updateOrganizationById: async ({ params, services }) => {
    await services.store.first(services.store.q.selectFrom('organizations').select('id'));
    services.db.run(
      services.db.q
        .updateTable('organizations')
        .set({ title: 'Written' })
        .where('id', '=', params.organizationId),
    );
    return undefined as never;
  },
} as Handlers;

describe('a server on PostgreSQL, for code still on the synchronous Database', () => {
  it('answers 501 naming the operation, and writes nothing', async () => {
    const app = buildApp({ postgres: store, handlers, rateLimit: null });
    try {
      const headers = { authorization: `Bearer ${token}` };
      const read = await app.inject({ method: 'GET', url: '/v1/spaces/sp1', headers });
      expect(read.statusCode).toBe(501);
      expect(read.json()).toEqual({
        error: {
          code: 501,
          message:
            'getSpaceById is not available on PostgreSQL yet: it still runs on the SQLite-only synchronous database',
        },
      });
      const write = await app.inject({
        method: 'PATCH',
        url: `/v1/orgs/${orgId}`,
        headers,
        payload: { title: 'Changed' },
      });
      expect(write.statusCode).toBe(501);
      expect(write.json()).toMatchObject({
        error: {
          code: 501,
          message: expect.stringMatching(/^updateOrganizationById is not available on PostgreSQL yet/),
        },
      });
      const row = await store.first(
        store.q.selectFrom('organizations').select('title').where('id', '=', orgId),
      );
      expect(row?.title).toBe('On PostgreSQL');
    } finally {
      await app.close();
    }
  });
});
