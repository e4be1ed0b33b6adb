// Two `serve --database postgres://… --rate-limit 10` processes on one database share one budget per token: the
// windows are counted in the database (store-rate.ts). Ten requests alternating between the two pass, each
// answering the budget left across both; the eleventh, to either, is refused 429; another token has its own.
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, ensureUser, issueToken } from '../domain/organizations/commands.ts';
import { openDatabase } from '../storage/database.ts';
import { copySqliteToPostgres } from '../storage/postgres/copy-from-sqlite.ts';
import { migratePostgres } from '../storage/postgres/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../storage/postgres/test-cluster.ts';
import { startServe, stopServe, testDatabaseUrl } from '../test/serve-process.ts';

const AT = new Date('2026-03-01T09:00:00.000Z');
const LIMIT = 10;

let database: TestDatabase;
const servers: { child: ChildProcess; baseUrl: string }[] = [];
const seed = { org: '', tokens: [] as string[] };

beforeAll(async () => {
  database = await createTestDatabase();
  const client = new Client(database.config);
  await client.connect();
  try {
    await migratePostgres(client);
    const sqlite = openDatabase(':memory:');
    try {
      sqlite.transaction(() => {
        const owner = ensureUser(sqlite, AT, 'owner@example.com', 'Owner');
        seed.org = createOrganization(sqlite, AT, { title: 'Shared budget', ownerId: owner.id }).id;
        seed.tokens = [issueToken(sqlite, AT, owner.id, 'first'), issueToken(sqlite, AT, owner.id, 'second')];
      });
      await copySqliteToPostgres(sqlite, client);
    } finally {
      sqlite.close();
    }
  } finally {
    await client.end();
  }
  const url = testDatabaseUrl(database);
  // A window of a day: the test's requests all fall in the first one, however slow the machine.
  const args = ['--database', url, '--rate-limit', String(LIMIT), '--rate-limit-window', '86400'];
  servers.push(...(await Promise.all([startServe(args), startServe(args)])));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServe(server.child)));
  await database.drop();
});

async function getOrg(server: number, token: string) {
  const response = await fetch(`${servers[server]!.baseUrl}/v1/orgs/${seed.org}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.text();
  return { status: response.status, remaining: response.headers.get('x-ratelimit-remaining') };
}

describe('two server processes on one PostgreSQL database', () => {
  it('share one rate budget per token: the eleventh request across both is refused', async () => {
    const [first, second] = seed.tokens as [string, string];
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await getOrg(i % 2, first));
    expect(answers).toEqual(
      Array.from({ length: LIMIT }, (_, i) => ({ status: 200, remaining: String(LIMIT - 1 - i) })),
    );
    expect(await getOrg(0, first)).toEqual({ status: 429, remaining: '0' });
    expect(await getOrg(1, first)).toEqual({ status: 429, remaining: '0' });
    // Another token counts on its own.
    expect(await getOrg(1, second)).toEqual({ status: 200, remaining: String(LIMIT - 1) });
  });
});
