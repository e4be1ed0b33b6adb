import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { DATABASE_FILE } from '../storage/database.ts';
import { buildAdminOrg, expectError } from '../test/factories.ts';
import { startTestServer, testServersOnPostgres, type TestServer } from '../test/harness.ts';
import { send } from '../test/http-helpers.ts';
import { ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  it('hands an answer back only at the version it was kept at, and a new version drops every answer', () => {
    const cache = new ResponseCache(1000);
    expect(cache.get('1', 'a')).toBeUndefined();
    cache.set('1', 'a', 'body a');
    expect(cache.get('1', 'a')).toBe('body a');
    expect(cache.get('2', 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
    // Kept at a version that is no longer current: not kept.
    cache.set('1', 'a', 'body a');
    expect(cache.get('2', 'a')).toBeUndefined();
  });

  it('drops the oldest answers beyond its size, and never keeps one larger than it', () => {
    const cache = new ResponseCache(10);
    cache.get('1', 'a');
    cache.set('1', 'a', 'aaaa');
    cache.set('1', 'b', 'bbbb');
    cache.set('1', 'c', 'cccc');
    expect(cache.get('1', 'a')).toBeUndefined();
    expect(cache.get('1', 'b')).toBe('bbbb');
    expect(cache.get('1', 'c')).toBe('cccc');
    cache.set('1', 'd', 'd'.repeat(11));
    expect(cache.get('1', 'd')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('drops the answers of another version than the current one, and keeps those of the current one', () => {
    const cache = new ResponseCache(1000);
    cache.get('1', 'a');
    cache.set('1', 'a', 'body a');
    cache.dropStale('1');
    expect(cache.get('1', 'a')).toBe('body a');
    cache.dropStale('2');
    expect(cache.size).toBe(0);
    expect(cache.get('1', 'a')).toBeUndefined();
  });
});

// SQLite's by nature: only a store with a data version keeps answers.
describe.skipIf(testServersOnPostgres())('kept answers after a write', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer();
    app = buildApp({ ...server.appStorage, clock: server.clock, rateLimit: null });
    await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  const kept = () => app.keptAnswers.map((answers) => answers.size).reduce((sum, size) => sum + size, 0);

  it('are dropped once a write is answered, not when the next read of them comes', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const bea = server.buildMember(orgId, 'read');
    const team = server.buildTeam(orgId, 'Readers');
    const read = async (path: string) => {
      const answer = await send(baseUrl, 'GET', `/v1/orgs/${orgId}${path}`, { token: admin.token });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    await read('/members');
    await read(`/teams/${team.id}`);
    expect(kept()).toBe(2);
    // Reads leave them.
    await read('/members');
    expect(kept()).toBe(2);

    const patched = await send(baseUrl, 'PATCH', `/v1/orgs/${orgId}/members/${bea.id}`, {
      token: admin.token,
      body: { role: 'edit' },
    });
    expect(patched.status).toBe(200);
    expect(kept()).toBe(0);
    expect(await read('/members')).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: bea.id, role: 'edit' })]),
    });
    expect(kept()).toBe(1);

    // A write request that changed nothing (refused) leaves the answers kept at the current version.
    const refused = await send(baseUrl, 'PATCH', `/v1/orgs/${orgId}/members/${bea.id}`, {
      token: admin.token,
      body: { role: 'no such role' },
    });
    expect(refused.status).toBe(400);
    expect(kept()).toBe(1);
  });
});

describe('kept answers of the members list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  function buildOrg() {
    const { admin, orgId } = buildAdminOrg(server);
    const bea = server.buildMember(orgId, 'read', { name: 'Bea Baker' });
    const list = (caller = admin) =>
      caller.client.call('listMembersInOrganizationById', { params: { organizationId: orgId } });
    const roleOf = async (userId: string) => (await list()).items.find((m) => m.id === userId)?.role;
    return { admin, orgId, bea, list, roleOf };
  }

  it('answers a role change through the API on the next read', async () => {
    const { admin, orgId, bea, list, roleOf } = buildOrg();
    const before = await list();
    expect(await list()).toEqual(before);
    expect(await roleOf(bea.id)).toBe('read');
    await admin.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: bea.id },
      body: { role: 'edit' },
    });
    expect(await roleOf(bea.id)).toBe('edit');
  });

  it('answers a write of the server’s own Database (a member added) on the next read', async () => {
    const { orgId, list } = buildOrg();
    expect((await list()).count).toBe(2);
    const cal = server.buildMember(orgId, 'edit', { name: 'Cal Carter' });
    const page = await list();
    expect(page.count).toBe(3);
    expect(page.items.map((m) => m.id)).toContain(cal.id);
  });

  it('answers a write committed by another connection to the file on the next read', async () => {
    const { bea, list } = buildOrg();
    expect((await list()).items.find((m) => m.id === bea.id)?.user.displayName).toBe('Bea Baker');
    if (server.dialect === 'postgres') {
      // The test's database is a connection of its own (test/sync-postgres.ts), not one of the server's.
      server.db.run(
        server.db.q.updateTable('users').set({ display_name: 'Bea Brown' }).where('id', '=', bea.id),
      );
    } else {
      const other = new DatabaseSync(join(server.dataDir, DATABASE_FILE));
      try {
        other.prepare('UPDATE users SET display_name = ? WHERE id = ?').run('Bea Brown', bea.id);
      } finally {
        other.close();
      }
    }
    expect((await list()).items.find((m) => m.id === bea.id)?.user.displayName).toBe('Bea Brown');
  });

  it('keeps each caller’s answer apart: a guest is refused the page an admin was answered', async () => {
    const { orgId, list } = buildOrg();
    await list();
    const guest = server.buildMember(orgId, null);
    await list();
    const answer = await guest.client.request('listMembersInOrganizationById', {
      params: { organizationId: orgId },
    });
    expectError(answer, 403, 'guests');
  });

  // SQLite's by nature: a write on the server's own node:sqlite connection around its `Database`.
  it.skipIf(testServersOnPostgres())(
    'serves the kept answer while the database is unchanged (a change behind the Database’s back is not seen)',
    async () => {
      const { orgId, bea, list } = buildOrg();
      await list();
      expect((await list()).items.find((m) => m.id === bea.id)?.user.displayName).toBe('Bea Baker');
      // On the server's own connection but around `Database`: neither its write count nor `data_version` moves, so
      // only a kept answer can still name Bea Baker. Every write of the server goes through `Database`.
      server.db.sqlite.prepare('UPDATE users SET display_name = ? WHERE id = ?').run('Bea Hidden', bea.id);
      expect((await list()).items.find((m) => m.id === bea.id)?.user.displayName).toBe('Bea Baker');
      // Any write through it makes every kept answer stale.
      server.buildMember(orgId, null);
      expect((await list()).items.find((m) => m.id === bea.id)?.user.displayName).toBe('Bea Hidden');
    },
  );
});

describe('kept answers of a team', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers a rename through the API and a member added to it on the next read', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const team = server.buildTeam(orgId, 'Readers');
    const get = () =>
      admin.client.call('getTeamInOrganizationById', { params: { organizationId: orgId, teamId: team.id } });
    expect(await get()).toMatchObject({ title: 'Readers', members: 0 });
    expect(await get()).toMatchObject({ title: 'Readers', members: 0 });
    await admin.client.call('updateTeamInOrganizationById', {
      params: { organizationId: orgId, teamId: team.id },
      body: { title: 'Writers' },
    });
    expect(await get()).toMatchObject({ title: 'Writers', members: 0 });
    const bea = server.buildMember(orgId, 'read');
    await admin.client.call('addMemberToOrganizationTeamById', {
      params: { organizationId: orgId, teamId: team.id, userId: bea.id },
      body: { role: 'member' },
    });
    expect(await get()).toMatchObject({ title: 'Writers', members: 1 });
  });
});
