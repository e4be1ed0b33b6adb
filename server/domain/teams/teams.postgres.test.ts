/**
 * The team handlers' writes and the team queries on PostgreSQL: the handlers are called with services that hold
 * only a `PostgresStore` and a clock (no synchronous `Database`: a statement left on it would fail here), on a
 * migrated database of the test cluster (`usePostgresHandlers`). Not over HTTP: the app itself still needs the
 * synchronous `Database` (the job queue, checkpoints, unconverted domains; storage/README.md, "Where it stands").
 *
 * Concurrent writes run SERIALIZABLE: the reads a write depends on are inside its transaction, so a rename starts
 * from the title the previous one left, and a title sent twice at once is created once (the other transaction
 * fails to serialize, runs again, and finds the title taken).
 */
import { describe, expect, it } from 'vitest';
import { pages, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { teamHandlers } from './handlers.ts';
import { teamMemberHandlers } from './member-handlers.ts';
import { teamQuery } from './present.ts';
import { loadTeam, organizationTeamsQuery, resolveMembers } from './records.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const { context } = pg;

const create = (userId: string, title: string, members?: string[]) =>
  teamHandlers.createOrganizationTeam(
    context(userId, { organizationId: 'o1' }, { title, ...(members ? { members } : {}) }),
  );
const rename = (userId: string, teamId: string, title: string) =>
  teamHandlers.updateTeamInOrganizationById(context(userId, { organizationId: 'o1', teamId }, { title }));

describe('the team handlers on PostgreSQL', () => {
  it('creates a team with members named by id and email, with its event', async () => {
    const team = await create('admin', ' Core ', ['reader', 'OTHER@x.org', 'reader']);
    expect(team).toMatchObject({ object: 'team', title: 'Core', members: 2, permissions: { admin: true } });
    const members = await pg.store.all(
      pg.store.q
        .selectFrom('team_members')
        .select(['user_id', 'role'])
        .where('team_id', '=', team.id)
        .orderBy('user_id'),
    );
    expect(members).toEqual([
      { user_id: 'other', role: 'member' },
      { user_id: 'reader', role: 'member' },
    ]);
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select(['action', 'data']).where('subject_id', '=', team.id),
    );
    expect(events).toEqual([{ action: 'team.created', data: JSON.stringify({ title: 'Core', members: 3 }) }]);
  });

  it('refuses a title taken in another case (409), a member who is not one (400), and a reader (403)', async () => {
    await create('admin', 'Équipe');
    await expect(create('admin', 'éQUIPE')).rejects.toSatisfy((error) => statusOf(error) === 409);
    await expect(create('admin', 'New', ['stranger'])).rejects.toSatisfy((error) => statusOf(error) === 400);
    await expect(create('reader', 'Mine')).rejects.toSatisfy((error) => statusOf(error) === 403);
    await expect(create('stranger', 'Theirs')).rejects.toSatisfy((error) => statusOf(error) === 404);
    const titles = await pg.store.all(pg.store.q.selectFrom('teams').select('title'));
    expect(titles).toEqual([{ title: 'Équipe' }]);
  });

  it('orders 8 renames sent together: each starts from the title the previous one left', async () => {
    const { id } = await create('admin', 'Start');
    const titles = Array.from({ length: 8 }, (_, index) => `Title ${index}`);
    const renamed = await Promise.all(titles.map((title) => rename('admin', id, title)));
    expect(renamed.map((team) => team.title).sort()).toEqual(titles);
    const events = (
      await pg.store.all(
        pg.store.q
          .selectFrom('events')
          .select('data')
          .where('subject_id', '=', id)
          .where('action', '=', 'team.renamed'),
      )
    ).map((row) => JSON.parse(row.data) as { from: string; to: string });
    const next = new Map(events.map((event) => [event.from, event.to]));
    expect(next.size).toBe(8);
    const chain = ['Start'];
    for (let title = next.get('Start'); title !== undefined; title = next.get(title)) chain.push(title);
    expect(chain.slice(1).sort()).toEqual(titles);
    expect((await loadTeam(pg.store, 'o1', id, 'admin')).title).toBe(chain.at(-1));
  });

  it('creates a title sent 6 times together once, and refuses the others 409', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => create('admin', 'Once')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(statusOf(outcome.reason)).toBe(409);
    expect(await pg.store.all(pg.store.q.selectFrom('teams').select('title'))).toEqual([{ title: 'Once' }]);
  });

  it('adds, sets and removes team members, and deletes the team', async () => {
    const { id: teamId } = await create('admin', 'People');
    const params = { organizationId: 'o1', teamId };
    pg.clock.advance(1_000);
    await teamMemberHandlers.updateMembersInOrganizationTeam(
      context('admin', params, {
        add: ['reader', 'other@x.org'],
        memberships: { reader: { role: 'owner' } },
      }),
    );
    pg.clock.advance(1_000);
    await teamMemberHandlers.addMemberToOrganizationTeamById(
      context('admin', { ...params, userId: 'other' }, { role: 'owner' }),
    );
    pg.clock.advance(1_000);
    await teamMemberHandlers.deleteMemberFromOrganizationTeamById(
      context('reader', { ...params, userId: 'other' }, undefined),
    );
    await expect(
      teamMemberHandlers.addMemberToOrganizationTeamById(
        context('admin', { ...params, userId: 'stranger' }, { role: 'member' }),
      ),
    ).rejects.toSatisfy((error) => statusOf(error) === 404);
    const team = await loadTeam(pg.store, 'o1', teamId, 'reader');
    expect(team).toMatchObject({ members: 1, actor_role: 'owner' });
    // Each write a second after the previous one: event ids are ordered by time.
    const actions = await pg.store.all(
      pg.store.q.selectFrom('events').select('action').where('subject_id', '=', teamId).orderBy('id'),
    );
    expect(actions.map((row) => row.action)).toEqual([
      'team.created',
      'team.members_updated',
      'team.member_set',
      'team.member_removed',
    ]);
    await teamHandlers.removeTeamFromOrganizationById(context('admin', params, undefined));
    await expect(loadTeam(pg.store, 'o1', teamId, 'admin')).rejects.toSatisfy(
      (error) => statusOf(error) === 404,
    );
  });
});

describe('the team queries on PostgreSQL', () => {
  it('pages the teams of the organization and of a member in folded title order, and reads one', async () => {
    for (const title of ['beta', 'Alpha', 'gamma']) await create('admin', title, ['reader']);
    await create('admin', 'Delta');
    const organization = await pages((page) =>
      teamHandlers.listTeamsInOrganizationById(
        context('admin', { organizationId: 'o1' }, undefined, { limit: 1, ...(page ? { page } : {}) }),
      ),
    );
    expect(organization.items.map((team) => (team as { title: string }).title)).toEqual([
      'Alpha',
      'beta',
      'Delta',
      'gamma',
    ]);
    expect(organization.counts).toEqual([4, 4, 4, 4]);
    const member = await pages((page) =>
      teamHandlers.listTeamsForOrganizationMember(
        context('reader', { organizationId: 'o1', userId: 'reader' }, undefined, {
          limit: 2,
          ...(page ? { page } : {}),
        }),
      ),
    );
    expect(member.items).toEqual(
      ['Alpha', 'beta', 'gamma'].map((title) =>
        expect.objectContaining({
          team: expect.objectContaining({ title, members: 1 }),
          member: { role: 'member' },
        }),
      ),
    );
    expect(member.counts).toEqual([3, 3]);
    const [alpha] = organization.items as { id: string }[];
    const read = await teamHandlers.getTeamInOrganizationById(
      context('reader', { organizationId: 'o1', teamId: alpha!.id }, undefined),
    );
    expect(read).toMatchObject({ title: 'Alpha', members: 1, permissions: { view: true, admin: false } });
  });

  it('lists the teams a title filter and an owner filter keep, with counts as numbers', async () => {
    const { id: a } = await create('admin', 'Alpha_1', ['reader']);
    await create('admin', 'Beta%', ['reader', 'other']);
    await teamMemberHandlers.addMemberToOrganizationTeamById(
      context('admin', { organizationId: 'o1', teamId: a, userId: 'other' }, { role: 'owner' }),
    );
    const titles = async (filters: { title?: string; owner?: string }) =>
      (
        await pg.store.all(
          (await organizationTeamsQuery(pg.store, 'o1', 'admin', filters)).orderBy('t.title'),
        )
      ).map((row) => [row.title, row.members]);
    expect(await titles({})).toEqual([
      ['Alpha_1', 2],
      ['Beta%', 2],
    ]);
    expect(await titles({ title: 'A_1' })).toEqual([['Alpha_1', 2]]);
    expect(await titles({ title: '%' })).toEqual([['Beta%', 2]]);
    expect(await titles({ owner: 'other' })).toEqual([['Alpha_1', 2]]);
    expect(await titles({ owner: 'admin' })).toHaveLength(2);
    await expect(organizationTeamsQuery(pg.store, 'o1', 'admin', { owner: 'stranger' })).rejects.toSatisfy(
      (error) => statusOf(error) === 400,
    );
    expect(await resolveMembers(pg.store, 'o1', ['READER@X.ORG', 'other'], 'add')).toEqual([
      'reader',
      'other',
    ]);
    expect(await pg.store.all(teamQuery('o2', 'stranger'))).toEqual([]);
  });
});
