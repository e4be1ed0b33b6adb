// `serve --database postgres://…` on a database of the test cluster, as a person runs it: a child process, the demo
// seeded (on SQLite, then copied), a demo user's real token from demo-tokens.json, requests over HTTP, answered from
// PostgreSQL. (An operation still on the synchronous SQLite `Database` answers 501: http/no-database.postgres.test.ts.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER_EMAIL, type DemoToken } from './seed/demo.ts';
import { createTestDatabase, type TestDatabase } from './storage/postgres/test-cluster.ts';
import { CLI, startServe, stopServe, testDatabaseUrl } from './test/serve-process.ts';

let database: TestDatabase;
let client: Client;
const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-cli-pg-'));

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client(database.config);
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('serve --database postgres://…', () => {
  it('serves the demo from PostgreSQL: a team, the members pages, a role change and a new space, with a real token', async () => {
    const server = await startServe([
      '--database',
      testDatabaseUrl(database),
      '--demo',
      '--data-dir',
      dataDir,
    ]);
    try {
      expect(server.output()).toContain(`data in the PostgreSQL database ${database.config.database}`);
      const tokens = JSON.parse(readFileSync(join(dataDir, 'demo-tokens.json'), 'utf8')) as DemoToken[];
      const owner = tokens.find((entry) => entry.email === DEMO_OWNER_EMAIL);
      expect(owner?.role).toBe('admin');
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${server.baseUrl}/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${owner?.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });

      const { rows: orgs } = await client.query<{ id: string; member_count: number }>(
        "SELECT o.id, o.member_count FROM organizations AS o JOIN members AS m ON m.organization_id = o.id JOIN users AS u ON u.id = m.user_id WHERE u.email = $1 AND m.role = 'admin' ORDER BY o.id",
        [DEMO_OWNER_EMAIL],
      );
      const org = orgs[0]!;
      const { rows: teams } = await client.query<{ id: string; title: string }>(
        'SELECT id, title FROM teams WHERE organization_id = $1 ORDER BY id LIMIT 1',
        [org.id],
      );
      const team = teams[0]!;
      const gotTeam = await call('GET', `/orgs/${org.id}/teams/${team.id}`);
      expect(gotTeam.status).toBe(200);
      expect(await gotTeam.json()).toMatchObject({ id: team.id, title: team.title });
      const teamMembers = await call('GET', `/orgs/${org.id}/teams/${team.id}/members`);
      expect(teamMembers.status).toBe(200);
      const { rows: inTeam } = await client.query('SELECT user_id FROM team_members WHERE team_id = $1', [
        team.id,
      ]);
      expect(await teamMembers.json()).toMatchObject({ count: inTeam.length });

      // Every page of the members list, by `next.page`: each member once, as many as the stored count.
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const response = await call(
          'GET',
          `/orgs/${org.id}/members?limit=3${page === undefined ? '' : `&page=${encodeURIComponent(page)}`}`,
        );
        expect(response.status).toBe(200);
        const body = (await response.json()) as {
          items: { user: { id: string }; spaces: number }[];
          count: number;
          next?: { page: string };
        };
        expect(body.count).toBe(org.member_count);
        seen.push(...body.items.map((item) => item.user.id));
        page = body.next?.page;
      } while (page !== undefined);
      expect(new Set(seen).size).toBe(org.member_count);
      expect(seen.length).toBe(org.member_count);

      const { rows: readers } = await client.query<{ user_id: string }>(
        "SELECT user_id FROM members WHERE organization_id = $1 AND role = 'read' ORDER BY user_id LIMIT 1",
        [org.id],
      );
      const reader = readers[0]!.user_id;
      const patched = await call('PATCH', `/orgs/${org.id}/members/${reader}`, { role: 'edit' });
      expect(patched.status).toBe(200);
      const member = (await patched.json()) as { role: string; user: { id: string }; spaces: number };
      expect(member).toMatchObject({ role: 'edit', user: { id: reader } });
      const { rows: stored } = await client.query<{ role: string }>(
        'SELECT role FROM members WHERE organization_id = $1 AND user_id = $2',
        [org.id, reader],
      );
      expect(stored[0]?.role).toBe('edit');

      // A space created on PostgreSQL (spaces are on the store): its row and first revision are there.
      const created = await call('POST', `/orgs/${org.id}/spaces`, { title: 'On PostgreSQL' });
      expect(created.status).toBe(201);
      const space = (await created.json()) as { id: string; title: string };
      expect(space.title).toBe('On PostgreSQL');
      const { rows: revisions } = await client.query('SELECT id FROM revisions WHERE space_id = $1', [
        space.id,
      ]);
      expect(revisions).toHaveLength(1);

      // The site structure (on the store): a demo site's structure, and the last section of a group moved first.
      const { rows: sections } = await client.query<{
        id: string;
        site_id: string;
        group_id: string;
        organization_id: string;
      }>(
        "SELECT s.id, s.site_id, s.group_id, sites.organization_id FROM site_sections AS s JOIN sites ON sites.id = s.site_id JOIN members AS m ON m.organization_id = sites.organization_id JOIN users AS u ON u.id = m.user_id WHERE u.email = $1 AND m.role = 'admin' ORDER BY s.site_id, s.group_id, s.sort_key",
        [DEMO_OWNER_EMAIL],
      );
      const first = sections[0]!;
      const last = sections.filter((row) => row.group_id === first.group_id).at(-1)!;
      expect(last.id).not.toBe(first.id);
      const sitePath = `/orgs/${first.organization_id}/sites/${first.site_id}`;
      const structure = await call('GET', `${sitePath}/structure`);
      expect(structure.status).toBe(200);
      expect(((await structure.json()) as { type: string }).type).toBe('sections');
      const moved = await call('POST', `${sitePath}/sections/${last.id}/move`, {
        position: { before: { type: 'site-section', siteSection: first.id } },
      });
      expect(moved.status).toBe(200);
      const { rows: order } = await client.query<{ id: string }>(
        'SELECT id FROM site_sections WHERE group_id = $1 ORDER BY sort_key LIMIT 1',
        [first.group_id],
      );
      expect(order[0]?.id).toBe(last.id);

      // Change requests are on the store: one is created (its row and number written).
      const requested = await call('POST', `/spaces/${space.id}/change-requests`, { subject: 'Now' });
      expect(requested.status).toBe(201);
      const { id: requestId } = (await requested.json()) as { id: string };
      const { rows: made } = await client.query<{ subject: string; number: number }>(
        'SELECT subject, number FROM change_requests WHERE id = $1',
        [requestId],
      );
      expect(made).toEqual([{ subject: 'Now', number: 1 }]);
      // Its content (on the store): the head revision, whose parent is the space's revision.
      const content = await call('GET', `/spaces/${space.id}/change-requests/${requestId}/content`);
      expect(content.status).toBe(200);
      expect(await content.json()).toMatchObject({
        object: 'revision',
        type: 'edits',
        parents: [(revisions[0] as { id: string }).id],
      });
    } finally {
      expect(await stopServe(server.child)).toBe(0);
    }
  });

  it('seeds the demo only into an empty database, refuses a URL that is not PostgreSQL and --database elsewhere than serve', async () => {
    const { rows: before } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
    const server = await startServe([
      '--database',
      testDatabaseUrl(database),
      '--demo',
      '--data-dir',
      dataDir,
    ]);
    expect(server.output()).toContain('--demo seeds only an empty database, so nothing was added');
    expect(await stopServe(server.child)).toBe(0);
    const { rows: after } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
    expect(after).toEqual(before);

    const refused = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--database', 'mysql://x/y'], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--database takes a postgres:// or postgresql:// URL');
    // The other commands write to SQLite: with --database they refuse rather than write elsewhere.
    const token = spawnSync(
      process.execPath,
      [
        CLI,
        'token',
        '--email',
        'x@example.com',
        '--database',
        testDatabaseUrl(database),
        '--data-dir',
        dataDir,
      ],
      { encoding: 'utf8' },
    );
    expect(token.status).toBe(2);
    expect(token.stderr).toContain('--database goes with serve only so far');
  });
});
