// Two `serve --database postgres://…` processes on one database of the test cluster, written to at once over HTTP:
// team additions, member removals and role changes alternate between the two; then two admins demote themselves
// together, one through each. Every write lands (a 503, a transaction that kept failing to serialize, is sent
// again as its Retry-After asks), the organization's stored member count equals its members, and exactly one admin
// demotion passes, the other is refused 409: no update is lost between the processes.
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, ensureUser, issueToken } from './domain/organizations/commands.ts';
import { openDatabase } from './storage/database.ts';
import { copySqliteToPostgres } from './storage/postgres/copy-from-sqlite.ts';
import { migratePostgres } from './storage/postgres/migrate.ts';
import { createTestDatabase, type TestDatabase } from './storage/postgres/test-cluster.ts';
import { startServe, stopServe, testDatabaseUrl } from './test/serve-process.ts';

const MEMBERS = 30;
const AT = new Date('2026-03-01T09:00:00.000Z');

let database: TestDatabase;
let client: Client;
const servers: { child: ChildProcess; baseUrl: string }[] = [];
const seed = { org: '', team: '', admins: [] as { id: string; token: string }[], members: [] as string[] };

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client(database.config);
  await client.connect();
  await migratePostgres(client);
  // Seeded on SQLite by the server's own commands, then copied.
  const sqlite = openDatabase(':memory:');
  try {
    sqlite.transaction(() => {
      const first = ensureUser(sqlite, AT, 'first.admin@example.com', 'First Admin');
      const org = createOrganization(sqlite, AT, { title: 'Two Processes', ownerId: first.id });
      const second = ensureUser(sqlite, AT, 'second.admin@example.com', 'Second Admin');
      addMember(sqlite, AT, org.id, second.id, 'admin');
      seed.org = org.id;
      seed.admins = [first, second].map((user) => ({
        id: user.id,
        token: issueToken(sqlite, AT, user.id, 'test'),
      }));
      for (let i = 0; i < MEMBERS; i++) {
        const { id } = ensureUser(sqlite, AT, `member${i}@example.com`);
        addMember(sqlite, AT, org.id, id, 'read');
        seed.members.push(id);
      }
      seed.team = 'team-two-processes';
      sqlite.run(
        sqlite.q
          .insertInto('teams')
          .values({ id: seed.team, organization_id: org.id, title: 'Shared', created_at: AT.toISOString() }),
      );
    });
    await copySqliteToPostgres(sqlite, client);
  } finally {
    sqlite.close();
  }
  const url = testDatabaseUrl(database);
  servers.push(...(await Promise.all([startServe(['--database', url]), startServe(['--database', url])])));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServe(server.child)));
  await client.end();
  await database.drop();
});

/** Retries of a 503 (the server's `Retry-After` asks for one; here at once), at most. */
const RETRIES = 20;

/**
 * A request to one of the two servers, sent again while it answers 503 (a transaction that failed to serialize
 * every time it ran: nothing was written); answers the last status and body, and how many 503s came before.
 */
async function call(server: number, token: string, method: string, path: string, body?: unknown) {
  for (let busy = 0; ; busy++) {
    const answer = await send(server, token, method, path, body);
    if (answer.status !== 503 || busy >= RETRIES) return { ...answer, busy };
  }
}

async function send(server: number, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${servers[server]!.baseUrl}/v1/orgs/${seed.org}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text };
}

const rowsOf = async <R extends object>(text: string, values: unknown[] = []) =>
  (await client.query<R>(text, values)).rows;

describe('two server processes on one PostgreSQL database', () => {
  it('lose no update to teams and members written through both at once', async () => {
    const [first, second] = seed.admins as [{ id: string; token: string }, { id: string; token: string }];
    const added = seed.members.slice(0, 10);
    const removed = seed.members.slice(10, 20);
    const edited = seed.members.slice(20, 30);
    const requests = [
      ...added.map((id, i) => ({
        id,
        kind: 'add',
        run: () => call(i % 2, first.token, 'PUT', `/teams/${seed.team}/members/${id}`, { role: 'member' }),
      })),
      ...removed.map((id, i) => ({
        id,
        kind: 'remove',
        run: () => call((i + 1) % 2, first.token, 'DELETE', `/members/${id}`),
      })),
      ...edited.map((id, i) => ({
        id,
        kind: 'edit',
        run: () => call(i % 2, second.token, 'PATCH', `/members/${id}`, { role: 'edit' }),
      })),
    ];
    const writes = await Promise.all(
      requests.map(async (request) => ({ ...request, ...(await request.run()) })),
    );
    // Then each admin demotes themself, through a different process: both may not pass the last-admin check.
    const demotions = await Promise.all(
      [first, second].map(async (admin, server) => ({
        id: admin.id,
        kind: 'demote',
        ...(await call(server, admin.token, 'PATCH', `/members/${admin.id}`, { role: 'read' })),
      })),
    );
    const answers = [...writes, ...demotions];

    // Every write landed, and the answers say so; one of the two demotions is refused.
    const statuses = (kind: string) => answers.filter((a) => a.kind === kind).map((a) => a.status);
    expect(statuses('add')).toEqual(added.map(() => 204));
    expect(statuses('remove')).toEqual(removed.map(() => 204));
    expect(statuses('edit')).toEqual(edited.map(() => 200));
    expect(statuses('demote').sort()).toEqual([200, 409]);

    const inTeam = new Set(
      (
        await rowsOf<{ user_id: string }>('SELECT user_id FROM team_members WHERE team_id = $1', [seed.team])
      ).map((row) => row.user_id),
    );
    expect(inTeam).toEqual(new Set(added));
    const members = await rowsOf<{ user_id: string; role: string }>(
      'SELECT user_id, role FROM members WHERE organization_id = $1',
      [seed.org],
    );
    const memberIds = new Set(members.map((row) => row.user_id));
    for (const id of removed) expect(memberIds.has(id)).toBe(false);
    const roleOf = new Map(members.map((row) => [row.user_id, row.role]));
    for (const id of edited) expect(roleOf.get(id)).toBe('edit');

    // The stored count, kept by triggers that both processes' transactions fired, equals the members.
    const [org] = await rowsOf<{ member_count: number }>(
      'SELECT member_count FROM organizations WHERE id = $1',
      [seed.org],
    );
    expect(org?.member_count).toBe(members.length);
    expect(members.length).toBe(MEMBERS + 2 - removed.length);

    // The admin whose demotion passed is a reader; the other is the one admin left.
    const demoted = new Set(answers.filter((a) => a.kind === 'demote' && a.status === 200).map((a) => a.id));
    for (const admin of [first, second])
      expect(roleOf.get(admin.id)).toBe(demoted.has(admin.id) ? 'read' : 'admin');
    expect(members.filter((row) => row.role === 'admin').length).toBe(1);

    // Both processes answer the same team and the same count.
    for (const server of [0, 1]) {
      const admin = demoted.has(first.id) ? second : first;
      const team = await call(server, admin.token, 'GET', `/teams/${seed.team}`);
      expect(team.status).toBe(200);
      expect(JSON.parse(team.body)).toMatchObject({ id: seed.team, members: inTeam.size });
      const list = await call(server, admin.token, 'GET', '/members?limit=1');
      expect(JSON.parse(list.body)).toMatchObject({ count: members.length });
    }
  });
});
