// The job queue of a server on PostgreSQL (buildApp with a `PostgresStore`, no SQLite `Database`), over HTTP: an
// OpenAPI spec PUT as text ends processed, with its version; a space's pages become searchable (PostgreSQL's
// full-text index, and the search API) once its indexing job ran, for a space queued by hand and for one duplicated
// over HTTP.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../shared/client.ts';
import { buildApp } from '../app.ts';
import { SEARCH_INDEX_JOB } from '../domain/search/index.ts';
import { addMember, createOrganization, ensureUser, issueToken } from '../domain/organizations/commands.ts';
import { createSpaceRecord } from '../domain/spaces/records.ts';
import { openDatabase } from '../storage/database.ts';
import { SEARCH_CONFIGURATION } from '../storage/dialect/postgres.ts';
import { copySqliteToPostgres } from '../storage/postgres/copy-from-sqlite.ts';
import { migratePostgres } from '../storage/postgres/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../storage/postgres/test-cluster.ts';
import { PostgresStore } from '../storage/store/postgres-store.ts';
import { openApi31 } from '../test/factories/openapi.ts';
import { enqueueJobIn } from './records.ts';

const AT = new Date('2026-03-01T09:00:00.000Z');

let database: TestDatabase;
let client: Client;
let store: PostgresStore;
let app: FastifyInstance;
let api: ApiClient;
const seed = { org: '', space: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client(database.config);
  await client.connect();
  await migratePostgres(client);
  // Seeded on SQLite by the server's own commands, then copied; the copied search rows are dropped, so that only
  // the jobs run here index anything.
  const sqlite = openDatabase(':memory:');
  let token = '';
  try {
    sqlite.transaction(() => {
      const owner = ensureUser(sqlite, AT, 'owner@example.com', 'Owner');
      const org = createOrganization(sqlite, AT, { title: 'Jobs on PostgreSQL', ownerId: owner.id });
      addMember(sqlite, AT, org.id, ensureUser(sqlite, AT, 'reader@example.com').id, 'read');
      seed.org = org.id;
      seed.space = createSpaceRecord(sqlite, AT, {
        organizationId: org.id,
        parentId: null,
        title: 'Handbook',
        pages: [
          { title: 'Welcome', markdown: 'The zebra crossing is painted in stripes.' },
          { title: 'Onboarding', markdown: 'Bring your laptop and a giraffe.' },
        ],
        actorId: owner.id,
      });
      token = issueToken(sqlite, AT, owner.id, 'test');
    });
    await copySqliteToPostgres(sqlite, client);
  } finally {
    sqlite.close();
  }
  await client.query('DELETE FROM search_pages; DELETE FROM search_sections; DELETE FROM search_indexed');
  store = PostgresStore.open(database.config);
  app = buildApp({
    postgres: store,
    rateLimit: null,
    validateResponses: true,
    jobs: { queue: { pollMs: 20 } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  api = createClient({ baseUrl: `http://127.0.0.1:${port}`, token });
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  await client.end();
  await database.drop();
});

/** The spaces whose indexed pages match a word, with the pages' titles (PostgreSQL's full-text match). */
async function matching(word: string): Promise<{ space_id: string; title: string }[]> {
  const { rows } = await client.query<{ space_id: string; title: string }>(
    `SELECT space_id, title FROM search_pages WHERE search_vector @@ to_tsquery('${SEARCH_CONFIGURATION}', $1)
     ORDER BY space_id, title`,
    [word],
  );
  return rows;
}

describe('the job queue of a server on PostgreSQL', () => {
  it('processes an OpenAPI spec PUT as text: complete, with a version', async () => {
    const put = await api.call('createOrUpdateOpenAPISpecBySlug', {
      params: { organizationId: seed.org, specSlug: 'pets' },
      body: { source: { text: JSON.stringify(openApi31('Pets', ['/pets', '/owners'])) } },
    });
    expect(put.processingState).not.toBe('complete');
    await app.jobs.queue.whenIdle();
    const spec = await api.call('getOpenAPISpecBySlug', {
      params: { organizationId: seed.org, specSlug: 'pets' },
    });
    expect(spec.processingState).toBe('complete');
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const versions = await client.query('SELECT id FROM openapi_spec_versions');
    expect(versions.rows).toHaveLength(1);
    expect((await client.query('SELECT kind FROM jobs')).rows).toEqual([]);
  });

  it("makes a space's pages searchable once its indexing job ran", async () => {
    expect(await matching('zebra')).toEqual([]);
    await enqueueJobIn(store, { kind: SEARCH_INDEX_JOB, subjectId: seed.space, scopeId: seed.org });
    app.jobs.queue.poke();
    await app.jobs.queue.whenIdle();
    console.log(
      'DBG',
      JSON.stringify((await client.query('SELECT * FROM jobs')).rows),
      JSON.stringify((await client.query('SELECT space_id, title, body FROM search_pages')).rows),
    );
    expect(await matching('zebra')).toEqual([{ space_id: seed.space, title: 'Welcome' }]);
    expect(await matching('giraffe')).toEqual([{ space_id: seed.space, title: 'Onboarding' }]);
    const indexed = await client.query('SELECT space_id FROM search_indexed');
    expect(indexed.rows).toEqual([{ space_id: seed.space }]);

    // A duplicate made over HTTP is queued after its transaction, and indexed by the queue.
    const copy = await api.call('duplicateSpace', { params: { spaceId: seed.space } });
    await app.jobs.queue.whenIdle();
    expect(await matching('zebra')).toEqual(
      [
        { space_id: seed.space, title: 'Welcome' },
        { space_id: copy.id, title: 'Welcome' },
      ].sort((a, b) => (a.space_id < b.space_id ? -1 : 1)),
    );
    expect((await client.query('SELECT kind FROM jobs')).rows).toEqual([]);

    // The search API finds both (it waits for its organization's indexing jobs through the store).
    const found = await api.call('searchOrganizationContent', {
      params: { organizationId: seed.org },
      query: { query: 'giraffe' },
    });
    expect(found.items.map((space) => [space.id, space.pages.map((page) => page.title)]).sort()).toEqual(
      [
        [seed.space, ['Onboarding']],
        [copy.id, ['Onboarding']],
      ].sort(),
    );
  });
});
