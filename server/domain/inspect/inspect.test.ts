/**
 * "Inspect access" over HTTP on a real server: what a member and a team reach, with the reasons the grants made
 * give, checked against the server's own resolution (each space's aggregate); paging; "why not?"; 401, 400,
 * 403 per role, 404 (unknown ids, other organizations' ids, callers outside).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../shared/contract/index.ts';
import type { AccessEntry, AccessList } from '../../../shared/contract/resources/access.ts';
import { describePath } from '../../../shared/access/explain.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

interface World {
  admin: TestUser;
  orgId: string;
  member: TestUser;
  teamId: string;
  ids: { docs: string; guide: string; secret: string; open: string; published: string; site: string };
}

async function ok(name: OperationName, token: string, input: { params: object; body?: unknown }) {
  const answer = await sendOperation(server, name, {
    params: input.params as Record<string, string>,
    ...(input.body !== undefined ? { body: input.body } : {}),
    token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** A reader in team Writers; Writers given edit on collection Docs (holding Guide); the reader given review on
 * site Web (publishing Published); Secret gives no access by default; Open inherits the organization role. */
async function world(): Promise<World> {
  const admin = server.buildUser({ name: 'Ada Admin' });
  const orgId = server.buildOrg(admin).id;
  const member = server.buildMember(orgId, 'read', { name: 'Rita Reader' });
  const teamId = server.buildTeam(orgId, 'Writers', { [member.id]: 'member' }).id;
  const docs = server.buildCollection(orgId, { title: 'Docs' }).id;
  const guide = server.buildSpace(orgId, { title: 'Guide', parent: docs }).id;
  const secret = server.buildSpace(orgId, { title: 'Secret', defaultLevel: null }).id;
  const open = server.buildSpace(orgId, { title: 'Open' }).id;
  const published = server.buildSpace(orgId, { title: 'Published' }).id;
  const site = server.buildSite(orgId, { title: 'Web', spaces: [published] }).id;
  await ok('inviteToCollection', admin.token, {
    params: { collectionId: docs },
    body: { role: 'edit', teams: [teamId] },
  });
  await ok('inviteToSite', admin.token, {
    params: { organizationId: orgId, siteId: site },
    body: { role: 'review', users: [member.id] },
  });
  return { admin, orgId, member, teamId, ids: { docs, guide, secret, open, published, site } };
}

async function listAll(
  w: World,
  name: 'listMemberAccessInOrganization' | 'listTeamAccessInOrganization',
  query: Record<string, unknown> = {},
): Promise<{ items: AccessEntry[]; pages: AccessList[] }> {
  const params: Record<string, string> =
    name === 'listMemberAccessInOrganization'
      ? { organizationId: w.orgId, userId: w.member.id }
      : { organizationId: w.orgId, teamId: w.teamId };
  const pages: AccessList[] = [];
  let page: string | undefined;
  do {
    const answer = await sendOperation(server, name, {
      params,
      query: { ...query, ...(page !== undefined ? { page } : {}) },
      token: w.admin.token,
    });
    expectStatus(answer, 200);
    const body = answer.body as AccessList;
    pages.push(body);
    page = body.next?.page;
  } while (page !== undefined);
  return { items: pages.flatMap((p) => p.items), pages };
}

const byTitle = (items: readonly AccessEntry[]) =>
  Object.fromEntries(items.map((entry) => [entry.item.title, entry]));

describe('inspect access', () => {
  it("lists what a member reaches with the reasons the grants give, as the server's resolution says", async () => {
    const w = await world();
    const { items, pages } = await listAll(w, 'listMemberAccessInOrganization');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ examined: 6, total: 6 });
    const found = byTitle(items);
    expect(Object.keys(found).sort()).toEqual(['Docs', 'Guide', 'Open', 'Published', 'Web']);
    expect(found.Docs).toMatchObject({
      level: 'edit',
      path: [
        {
          kind: 'grant',
          on: { type: 'collection', id: w.ids.docs },
          role: 'edit',
          source: { via: 'team', teamId: w.teamId, teamTitle: 'Writers' },
        },
      ],
    });
    expect(describePath(found.Guide!)).toBe(
      'space “Guide” inherits from collection “Docs” → edit on collection “Docs”, given to team “Writers”',
    );
    expect(found.Open).toMatchObject({ level: 'read', path: [{ kind: 'organization-role', role: 'read' }] });
    expect(found.Published).toMatchObject({
      level: 'review',
      path: [
        {
          kind: 'site-grant',
          site: { id: w.ids.site, title: 'Web' },
          role: 'review',
          source: { via: 'user' },
        },
      ],
    });
    expect(found.Web).toMatchObject({ level: 'review', path: [{ kind: 'grant', source: { via: 'user' } }] });

    // The server's own resolution: each space's aggregate gives the member the same level (or leaves them out).
    for (const spaceId of [w.ids.guide, w.ids.secret, w.ids.open, w.ids.published]) {
      const answer = await sendOperation(server, 'listPermissionsAggregateInSpace', {
        params: { spaceId },
        token: w.admin.token,
      });
      expectStatus(answer, 200);
      const row = (answer.body as { items: { permission: string; user: { id: string } }[] }).items.find(
        (item) => item.user.id === w.member.id,
      );
      const entry = items.find((item) => item.item.id === spaceId);
      expect(row?.permission ?? null).toBe(entry?.level ?? null);
    }
  });

  it('answers why not: the path that ends in no access, and why for a reached item', async () => {
    const w = await world();
    const answer = await sendOperation(server, 'getMemberAccessInOrganization', {
      params: { organizationId: w.orgId, userId: w.member.id, itemType: 'space', itemId: w.ids.secret },
      token: w.admin.token,
    });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({
      object: 'access-entry',
      item: { type: 'space', id: w.ids.secret, title: 'Secret' },
      level: null,
      path: [{ kind: 'default-no-access', on: { type: 'space', id: w.ids.secret, title: 'Secret' } }],
    });
    const team = await sendOperation(server, 'getTeamAccessInOrganization', {
      params: { organizationId: w.orgId, teamId: w.teamId, itemType: 'space', itemId: w.ids.guide },
      token: w.admin.token,
    });
    expectStatus(team, 200);
    expect(team.body).toMatchObject({ level: 'edit', path: [{ kind: 'inherits' }, { kind: 'grant' }] });
    const site = await sendOperation(server, 'getTeamAccessInOrganization', {
      params: { organizationId: w.orgId, teamId: w.teamId, itemType: 'site', itemId: w.ids.site },
      token: w.admin.token,
    });
    expect(site.body).toMatchObject({ level: null, path: [{ kind: 'organization-role', role: null }] });
  });

  it("lists what a team's grants reach, and follows a grant taken back", async () => {
    const w = await world();
    let found = byTitle((await listAll(w, 'listTeamAccessInOrganization')).items);
    expect(Object.keys(found).sort()).toEqual(['Docs', 'Guide']);
    expect(found.Guide).toMatchObject({ level: 'edit' });
    await ok('removeTeamFromCollection', w.admin.token, {
      params: { collectionId: w.ids.docs, teamId: w.teamId },
    });
    found = byTitle((await listAll(w, 'listTeamAccessInOrganization')).items);
    expect(Object.keys(found)).toEqual([]);
    const member = byTitle((await listAll(w, 'listMemberAccessInOrganization')).items);
    expect(member.Guide).toMatchObject({
      level: 'read',
      path: [{ kind: 'inherits' }, { kind: 'organization-role', role: 'read' }],
    });
  });

  it('pages through everything, each page bounded by `limit`, and filters by type', async () => {
    const w = await world();
    const whole = await listAll(w, 'listMemberAccessInOrganization');
    const paged = await listAll(w, 'listMemberAccessInOrganization', { limit: 2 });
    expect(paged.pages.map((p) => p.examined)).toEqual([2, 4, 6]);
    expect(paged.items).toEqual(whole.items);
    const spaces = await listAll(w, 'listMemberAccessInOrganization', { type: 'space' });
    expect(spaces.pages[0]).toMatchObject({ total: 4 });
    expect(spaces.items.map((e) => e.item.title).sort()).toEqual(['Guide', 'Open', 'Published']);
    const all = await listAll(w, 'listMemberAccessInOrganization', { type: 'space', reach: 'all' });
    expect(byTitle(all.items).Secret).toMatchObject({ level: null, path: [{ kind: 'default-no-access' }] });
    expect(all.items).toHaveLength(4);
  });

  it('answers 401 to every operation without a valid token', async () => {
    const w = await world();
    const params = {
      organizationId: w.orgId,
      userId: w.member.id,
      teamId: w.teamId,
      itemType: 'space',
      itemId: w.ids.open,
    };
    for (const name of OPERATIONS) await expectUnauthorized(server, name, { params });
  });

  it('answers 400 naming the field', async () => {
    const w = await world();
    const params = { organizationId: w.orgId, userId: w.member.id, teamId: w.teamId };
    const token = w.admin.token;
    for (const name of ['listMemberAccessInOrganization', 'listTeamAccessInOrganization'] as const) {
      expectError(await sendOperation(server, name, { params, query: { limit: 0 }, token }), 400, 'limit');
      expectError(await sendOperation(server, name, { params, query: { limit: 2001 }, token }), 400, 'limit');
      expectError(await sendOperation(server, name, { params, query: { type: 'page' }, token }), 400, 'type');
      expectError(await sendOperation(server, name, { params, query: { reach: 'x' }, token }), 400, 'reach');
      expectError(
        await sendOperation(server, name, { params, query: { page: 'nonsense' }, token }),
        400,
        'page',
      );
    }
    for (const name of ['getMemberAccessInOrganization', 'getTeamAccessInOrganization'] as const)
      expectError(
        await sendOperation(server, name, {
          params: { ...params, itemType: 'page', itemId: w.ids.open },
          token,
        }),
        400,
        'itemType',
      );
  });

  it.each(NON_ADMIN_ROLES.map((role) => [roleName(role), role] as const))(
    'answers 403 to a %s member',
    async (_name, role) => {
      const w = await world();
      const caller = server.buildMember(w.orgId, role, { name: roleName(role) });
      const params = {
        organizationId: w.orgId,
        userId: w.member.id,
        teamId: w.teamId,
        itemType: 'space',
        itemId: w.ids.open,
      };
      for (const name of OPERATIONS)
        expectError(await sendOperation(server, name, { params, token: caller.token }), 403, 'only admins');
      // Not even about themselves: "why not?" would name items hidden from them.
      expectError(
        await sendOperation(server, 'listMemberAccessInOrganization', {
          params: { organizationId: w.orgId, userId: caller.id },
          token: caller.token,
        }),
        403,
      );
    },
  );

  it("answers 404 for unknown ids, other organizations' ids and callers outside the organization", async () => {
    const w = await world();
    const other = await world();
    const token = w.admin.token;
    const base = {
      organizationId: w.orgId,
      userId: w.member.id,
      teamId: w.teamId,
      itemType: 'space',
      itemId: w.ids.open,
    };
    for (const name of OPERATIONS) {
      // The member, the team: unknown and another organization's.
      const key = name.includes('Member') ? 'userId' : 'teamId';
      const foreignSubject = key === 'userId' ? other.member.id : other.teamId;
      expectHidden(
        await sendOperation(server, name, { params: { ...base, [key]: UNKNOWN_ID }, token }),
        UNKNOWN_ID,
        await sendOperation(server, name, { params: { ...base, [key]: foreignSubject }, token }),
        foreignSubject,
      );
      // The organization, for a caller outside it.
      expectHidden(
        await sendOperation(server, name, { params: { ...base, organizationId: UNKNOWN_ID }, token }),
        UNKNOWN_ID,
        await sendOperation(server, name, { params: base, token: other.admin.token }),
        w.orgId,
      );
    }
    for (const name of ['getMemberAccessInOrganization', 'getTeamAccessInOrganization'] as const)
      for (const [itemType, foreign] of [
        ['space', other.ids.open],
        ['collection', other.ids.docs],
        ['site', other.ids.site],
      ] as const)
        expectHidden(
          await sendOperation(server, name, { params: { ...base, itemType, itemId: UNKNOWN_ID }, token }),
          UNKNOWN_ID,
          await sendOperation(server, name, { params: { ...base, itemType, itemId: foreign }, token }),
          foreign,
        );
  });
});

const OPERATIONS = [
  'listMemberAccessInOrganization',
  'getMemberAccessInOrganization',
  'listTeamAccessInOrganization',
  'getTeamAccessInOrganization',
] as const satisfies readonly OperationName[];
