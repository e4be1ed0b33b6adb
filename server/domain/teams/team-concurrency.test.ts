/**
 * Team writes at the same time, over HTTP, now that they run in async transactions of the store: no request fails
 * (another request's synchronous statements would be refused by the fence if they ran
 * while a transaction is open), and the reads each write depends on are made inside its transaction, so the writes
 * are ordered: every rename's event starts from the title the previous one left, and one title is taken once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelined, type Answer } from '../../test/http-helpers.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildAdminOrg } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const statuses = (answers: readonly Answer[]) => answers.map((answer) => answer.status).sort();

describe('team writes at the same time', () => {
  it('answers 20 renames and 20 reads sent together, and records the renames as one chain of titles', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const reader = server.buildMember(orgId, 'read');
    const teamId = server.buildTeam(orgId, 'Start').id;
    const params = { organizationId: orgId, teamId };
    const titles = Array.from({ length: 20 }, (_, index) => `Title ${index}`);

    const renames = titles.map((title) =>
      admin.client.request('updateTeamInOrganizationById', { params, body: { title } }),
    );
    const reads = titles.map(() => reader.client.request('getTeamInOrganizationById', { params }));
    const [renamed, read] = await Promise.all([Promise.all(renames), Promise.all(reads)]);

    expect(statuses(renamed)).toEqual(titles.map(() => 200));
    expect(statuses(read)).toEqual(titles.map(() => 200));
    for (const answer of read)
      expect(['Start', ...titles]).toContain((answer.body as { title: string }).title);

    // Each rename read the team in its transaction: the events chain from `Start` through every title once.
    const events = server.db
      .all(
        server.db.q
          .selectFrom('events')
          .select('data')
          .where('subject_id', '=', teamId)
          .where('action', '=', 'team.renamed'),
      )
      .map((row) => JSON.parse(row.data) as { from: string; to: string });
    expect(events).toHaveLength(20);
    const next = new Map(events.map((event) => [event.from, event.to]));
    expect(next.size).toBe(20);
    const chain = ['Start'];
    for (let title = next.get('Start'); title !== undefined; title = next.get(title)) chain.push(title);
    expect(chain.slice(1).sort()).toEqual([...titles].sort());

    const final = await admin.client.call('getTeamInOrganizationById', { params });
    expect(final.title).toBe(chain.at(-1));
  });

  it('answers renames and reads pipelined on one connection (parsed together, handled in turn)', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const teamId = server.buildTeam(orgId, 'Piped').id;
    const path = `/v1/orgs/${orgId}/teams/${teamId}`;
    const headers = `Host: test\r\nAuthorization: Bearer ${admin.token}\r\n`;
    const requests = Array.from({ length: 10 }, (_, index) => {
      const body = JSON.stringify({ title: `Piped ${index}` });
      return [
        `PATCH ${path} HTTP/1.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        `GET ${path} HTTP/1.1\r\n${headers}\r\n`,
      ];
    }).flat();
    expect(await pipelined(server.baseUrl, requests)).toEqual(requests.map(() => 200));
    const final = await admin.client.call('getTeamInOrganizationById', {
      params: { organizationId: orgId, teamId },
    });
    // On SQLite the store's lock takes the renames in the order they were parsed. On PostgreSQL they run at once,
    // and the ones that collide run again after a random pause (store/postgres-store.ts): any of them may be last.
    if (server.dialect === 'sqlite') expect(final.title).toBe('Piped 9');
    else expect(final.title).toMatch(/^Piped \d$/);
  });

  it('creates a title sent 10 times together once, and answers the others 409', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const creates = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.client.request('createOrganizationTeam', {
          params: { organizationId: orgId },
          body: { title: 'Only once' },
        }),
      ),
    );
    expect(statuses(creates)).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const teams = server.db.all(
      server.db.q.selectFrom('teams').select('title').where('organization_id', '=', orgId),
    );
    expect(teams).toEqual([{ title: 'Only once' }]);
  });

  it('adds and removes 10 members each at the same time, and counts exactly the ones left in', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const teamId = server.buildTeam(orgId, 'Busy team').id;
    const members = Array.from({ length: 10 }, () => server.buildMember(orgId, 'read'));
    const params = (userId: string) => ({ organizationId: orgId, teamId, userId });
    const answers = await Promise.all([
      ...members.map((member) =>
        admin.client.request('addMemberToOrganizationTeamById', {
          params: params(member.id),
          body: { role: 'member' },
        }),
      ),
      ...members
        .slice(0, 5)
        .map((member) =>
          admin.client.request('deleteMemberFromOrganizationTeamById', { params: params(member.id) }),
        ),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    const team = await admin.client.call('getTeamInOrganizationById', {
      params: { organizationId: orgId, teamId },
    });
    const rows = server.db.all(
      server.db.q.selectFrom('team_members').select('user_id').where('team_id', '=', teamId),
    );
    expect(team.members).toBe(rows.length);
    // Each add and each removal that changed something left its event.
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .select('action')
        .where('subject_id', '=', teamId)
        .where('action', 'in', ['team.member_set', 'team.member_removed']),
    );
    const removed = events.filter((event) => event.action === 'team.member_removed').length;
    expect(events.length - removed).toBe(10);
    expect(rows.length).toBe(10 - removed);
  });
});
