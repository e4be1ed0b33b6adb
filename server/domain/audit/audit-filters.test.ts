/** The audit log's filters and pages over HTTP: events of real writes found by each filter, pages without gaps. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../shared/contract/resources/audit.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { expectStatus } from '../../test/http-helpers.ts';
import { actionsOf, allEvents, buildAdminOrg, listEvents } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** An organization where two admins made a few changes, a minute apart, and one change was made by no one. */
async function buildHistory() {
  const { admin: ada, orgId } = buildAdminOrg(server);
  const bob = server.buildMember(orgId, 'admin', { name: 'Bob Admin' });
  const params = { organizationId: orgId };
  const times: string[] = [server.clock.now().toISOString()];
  const tick = () => {
    server.clock.advance(60_000);
    times.push(server.clock.now().toISOString());
  };
  tick();
  const handbook = await ada.client.call('createSpace', { params, body: { title: 'Handbook' } });
  tick();
  await bob.client.call('updateSpaceById', {
    params: { spaceId: handbook.id },
    body: { title: 'Team handbook' },
  });
  tick();
  const team = await bob.client.call('createOrganizationTeam', { params, body: { title: 'Writers' } });
  tick();
  const seeded = server.buildSpace(orgId, { title: 'Seeded' });
  tick();
  await ada.client.call('updateTeamInOrganizationById', {
    params: { organizationId: orgId, teamId: team.id },
    body: { title: 'Editors' },
  });
  return { ada, bob, orgId, handbook, team, seeded, times };
}

describe('filters', () => {
  it('finds the events of each actor, action and target, and of no one', async () => {
    const { ada, bob, orgId, handbook, team, seeded } = await buildHistory();
    const find = (query: Record<string, unknown>) => allEvents(server, ada, orgId, query);

    expect(actionsOf(await find({}))).toEqual([
      'team.renamed',
      'space.created',
      'team.created',
      'space.updated',
      'space.created',
      'organization.created',
    ]);
    const byBob = await find({ actor: bob.id });
    expect(actionsOf(byBob)).toEqual(['team.created', 'space.updated']);
    expect(byBob.every((event) => event.actor.id === bob.id && event.actor.label === 'Bob Admin')).toBe(true);
    expect(actionsOf(await find({ actor: ada.id }))).toEqual([
      'team.renamed',
      'space.created',
      'organization.created',
    ]);
    const bySystem = await find({ actor: 'system' });
    expect(bySystem.map((event) => [event.action, event.target.id])).toEqual([['space.created', seeded.id]]);

    const created = await find({ action: 'space.created' });
    expect(created.map((event) => event.target.id)).toEqual([seeded.id, handbook.id]);
    expect(actionsOf(await find({ action: 'space.deleted' }))).toEqual([]);

    const aboutHandbook = await find({ target: handbook.id });
    expect(actionsOf(aboutHandbook)).toEqual(['space.updated', 'space.created']);
    expect(aboutHandbook.every((event) => event.target.type === 'space')).toBe(true);
    expect(actionsOf(await find({ target: team.id }))).toEqual(['team.renamed', 'team.created']);

    // Filters combine: all of them must hold.
    expect(actionsOf(await find({ actor: ada.id, action: 'space.created' }))).toEqual(['space.created']);
    expect(actionsOf(await find({ actor: bob.id, target: team.id }))).toEqual(['team.created']);
    expect(actionsOf(await find({ actor: ada.id, target: team.id, action: 'team.created' }))).toEqual([]);
    expect(actionsOf(await find({ actor: 'AAAAAAAAAAAAAAAAAAAA' }))).toEqual([]);
  });

  it('keeps events from `from` to `to`, both included, in any time zone', async () => {
    const { ada, orgId, handbook, times } = await buildHistory();
    const find = (query: Record<string, unknown>) => allEvents(server, ada, orgId, query);
    // times[1]: the handbook created; times[2]: renamed; times[3]: the team created.
    expect(actionsOf(await find({ from: times[1], to: times[3] }))).toEqual([
      'team.created',
      'space.updated',
      'space.created',
    ]);
    expect(actionsOf(await find({ from: times[2], to: times[2] }))).toEqual(['space.updated']);
    expect(actionsOf(await find({ to: times[1] }))).toEqual(['space.created', 'organization.created']);
    expect(actionsOf(await find({ from: times[4] }))).toEqual(['team.renamed', 'space.created']);
    // A millisecond around an event takes it in; a window between two events takes nothing.
    const iso = (time: number) => new Date(time).toISOString();
    const at = Date.parse(times[2]!);
    expect(actionsOf(await find({ from: iso(at - 1), to: iso(at + 1) }))).toEqual(['space.updated']);
    expect(await find({ from: iso(at + 1), to: iso(Date.parse(times[3]!) - 1) })).toEqual([]);
    // Another zone's offset and whole seconds name the same instants.
    const shifted = new Date(at + 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+02:00');
    expect(actionsOf(await find({ from: shifted, to: shifted }))).toEqual(['space.updated']);
    // With the other filters.
    expect(actionsOf(await find({ target: handbook.id, from: times[2] }))).toEqual(['space.updated']);
    expect(actionsOf(await find({ action: 'space.created', to: times[3] }))).toEqual(['space.created']);
    expect(await find({ from: '2030-01-01T00:00:00Z' })).toEqual([]);
    expect((await find({ to: '9999-12-31T23:59:59.999Z' })).length).toBe(6);
  });
});

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

let teamCount = 0;
/** Many real writes (team creations), some in the same millisecond, some a second apart. */
async function buildManyEvents(admin: TestUser, orgId: string, total: number): Promise<void> {
  for (let i = 0; i < total; i++, teamCount++) {
    if (i % 3 === 0) server.clock.advance(1000);
    await admin.client.call('createOrganizationTeam', {
      params: { organizationId: orgId },
      body: { title: `Team ${teamCount}` },
    });
  }
}

describe('pages', () => {
  it('answers 20 events by default, then pages of any size without duplicates or gaps', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await buildManyEvents(admin, orgId, 44);
    const rows = server.db.all(
      server.db.q.selectFrom('events').select(['id', 'created_at']).where('organization_id', '=', orgId),
    );
    const expected = [...rows]
      // Newest first, then by id, in code-unit order (SQLite's), not the locale's.
      .sort((a, b) =>
        a.created_at === b.created_at ? compare(b.id, a.id) : compare(b.created_at, a.created_at),
      )
      .map((row) => row.id);
    expect(expected).toHaveLength(45);
    // Ties within one millisecond are among them, ordered by id.
    expect(new Set(rows.map((row) => row.created_at)).size).toBeLessThan(rows.length);

    const first = await listEvents(server, admin, orgId);
    expectStatus(first, 200);
    const body = first.body as { items: AuditEvent[]; count: number; next?: { page: string } };
    expect(body.items).toHaveLength(20);
    expect(body.count).toBe(45);
    expect(body.next?.page).toEqual(expect.any(String));

    for (const limit of [1, 7, 20, 45, 100]) {
      const ids = (await allEvents(server, admin, orgId, { limit })).map((event) => event.id);
      expect(ids, `limit ${limit}`).toEqual(expected);
    }
  });

  it('pages a filtered list and a time window, each event once, whatever is written meanwhile', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await buildManyEvents(admin, orgId, 30);
    server.clock.advance(1);
    const windowFrom = server.clock.now().toISOString();
    const renamed: string[] = [];
    const teams = await admin.client.call('listTeamsInOrganizationById', {
      params: { organizationId: orgId },
      query: { limit: 12 },
    });
    for (const team of teams.items) {
      server.clock.advance(500);
      await admin.client.call('updateTeamInOrganizationById', {
        params: { organizationId: orgId, teamId: team.id },
        body: { title: `${team.title} (renamed)` },
      });
      renamed.push(team.id);
    }
    const windowTo = server.clock.now().toISOString();
    await buildManyEvents(admin, orgId, 5);

    const byAction = await allEvents(server, admin, orgId, { action: 'team.renamed', limit: 5 });
    expect(byAction.map((event) => event.target.id)).toEqual([...renamed].reverse());
    const inWindow = await allEvents(server, admin, orgId, { from: windowFrom, to: windowTo, limit: 5 });
    expect(new Set(actionsOf(inWindow))).toEqual(new Set(['team.renamed']));
    expect(inWindow.map((event) => event.target.id)).toEqual([...renamed].reverse());

    // A page cursor stays valid while events are written: the next page goes on from where the last one ended.
    const params = { limit: 10 };
    const page1 = (await listEvents(server, admin, orgId, params)).body as {
      items: AuditEvent[];
      next: { page: string };
    };
    server.clock.advance(1000);
    await buildManyEvents(admin, orgId, 3);
    const page2 = (await listEvents(server, admin, orgId, { ...params, page: page1.next.page })).body as {
      items: AuditEvent[];
    };
    const seen = new Set(page1.items.map((event) => event.id));
    expect(page2.items.some((event) => seen.has(event.id))).toBe(false);
    expect(page2.items[0]!.occurredAt <= page1.items.at(-1)!.occurredAt).toBe(true);
  });
});
