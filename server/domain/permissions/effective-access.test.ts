/**
 * Effective access over HTTP, table-driven: every combination of organization role, space default level, team
 * grant and direct grant, checked three ways against an oracle written here (the aggregate list as an admin sees
 * it, the space as the member reads it, and the member's list of the organization's spaces); then the precedence of
 * collection defaults and grants (inherited) and of site grants over them, under space-level overrides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../shared/contract/index.ts';
import type { Space } from '../../../shared/contract/resources/content.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { expectStatus, ROLES_OR_GUEST, roleName, sendOperation } from '../../test/http-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Grant = Role | undefined;
const GRANTS: readonly Grant[] = [undefined, ...ROLES];
const DEFAULTS: readonly (Role | 'inherit' | null)[] = [null, 'inherit', ...ROLES];
const RANK = (role: Role | null): number => (role === null ? 0 : ROLES.length - ROLES.indexOf(role));
const min = (a: Role | null, b: Role | null): Role | null => (RANK(a) <= RANK(b) ? a : b);

/** The oracle: admins are admin; a direct grant, else the team's, wins; else the default (capped by the role). */
function expected(role: Role | null, defaultLevel: Role | 'inherit' | null, team: Grant, direct: Grant) {
  if (role === 'admin') return 'admin';
  if (direct !== undefined) return direct;
  if (team !== undefined) return team;
  if (defaultLevel === null) return null;
  return defaultLevel === 'inherit' ? role : min(role, defaultLevel);
}

interface Org {
  admin: TestUser;
  orgId: string;
  teamId: string;
  members: Map<Role | null, TestUser>;
}

/** An organization with one member of each role (and a guest), all in one team. */
function organization(): Org {
  const admin = server.buildUser({ name: 'Ada Admin' });
  const orgId = server.buildOrg(admin).id;
  const members = new Map<Role | null, TestUser>();
  for (const role of ROLES_OR_GUEST)
    members.set(role, server.buildMember(orgId, role, { name: `M ${roleName(role)}` }));
  const teamId = server.buildTeam(
    orgId,
    'Everyone',
    Object.fromEntries([...members.values()].map((member) => [member.id, 'member' as const])),
  ).id;
  return { admin, orgId, teamId, members };
}

async function grant(
  org: Org,
  spaceOrCollection: Record<string, string>,
  role: Role,
  who: { users?: string[]; teams?: string[] },
) {
  const name = 'spaceId' in spaceOrCollection ? 'inviteToSpace' : 'inviteToCollection';
  expectStatus(
    await sendOperation(server, name, {
      params: spaceOrCollection,
      body: { role, ...who },
      token: org.admin.token,
    }),
    204,
  );
}

/** What the aggregate list says of each member (by user id), as the admin reads it. */
async function aggregate(org: Org, spaceId: string): Promise<Map<string, Role>> {
  const answer = await sendOperation(server, 'listPermissionsAggregateInSpace', {
    params: { spaceId },
    query: { limit: 100 },
    token: org.admin.token,
  });
  expectStatus(answer, 200);
  const items = (answer.body as { items: { permission: Role; user: { id: string } }[] }).items;
  return new Map(items.map((item) => [item.user.id, item.permission]));
}

/** The space as the member reads it: its level from the permissions flags, or null for a 404. */
async function levelSeenBy(member: TestUser, spaceId: string): Promise<Role | null> {
  const answer = await sendOperation(server, 'getSpaceById', { params: { spaceId }, token: member.token });
  if (answer.status === 404) return null;
  expectStatus(answer, 200);
  const flags = (answer.body as Space).permissions as Record<string, boolean>;
  // The flags of each level, from the highest: admin, then merge (review and create), edit, comment, view.
  if (flags.admin) return 'admin';
  if (flags.merge) return 'review';
  if (flags.edit) return 'edit';
  if (flags.comment) return 'comment';
  return flags.view ? 'read' : null;
}

/** The level as the flags can tell it: `create` and `review` share their flags. */
const flagLevel = (level: Role | null): Role | null => (level === 'create' ? 'review' : level);

/** The ids of the spaces the member's list of the organization's spaces shows. */
async function listedSpaces(member: TestUser, orgId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let page: string | undefined;
  do {
    const answer = await sendOperation(server, 'listSpacesInOrganizationById', {
      params: { organizationId: orgId },
      query: { limit: 1000, ...(page ? { page } : {}) },
      token: member.token,
    });
    expectStatus(answer, 200);
    const body = answer.body as { items: Space[]; count: number; next?: { page: string } };
    for (const item of body.items) ids.add(item.id);
    page = body.next?.page;
  } while (page !== undefined);
  return ids;
}

describe('effective access: role × default level × team grant × direct grant', () => {
  it(`matches the oracle for all ${ROLES_OR_GUEST.length * DEFAULTS.length * GRANTS.length ** 2} combinations`, async () => {
    const org = organization();
    const cases: { spaceId: string; defaultLevel: Role | 'inherit' | null; team: Grant; direct: Grant }[] =
      [];
    for (const defaultLevel of DEFAULTS)
      for (const team of GRANTS)
        for (const direct of GRANTS) {
          const spaceId = server.buildSpace(org.orgId, { defaultLevel }).id;
          if (team !== undefined) await grant(org, { spaceId }, team, { teams: [org.teamId] });
          if (direct !== undefined)
            await grant(org, { spaceId }, direct, { users: [...org.members.values()].map((m) => m.id) });
          cases.push({ spaceId, defaultLevel, team, direct });
        }
    const mismatches: string[] = [];
    const visible = new Map<Role | null, Set<string>>();
    for (const [role, member] of org.members) visible.set(role, await listedSpaces(member, org.orgId));
    for (const { spaceId, defaultLevel, team, direct } of cases) {
      const listed = await aggregate(org, spaceId);
      if (listed.get(org.admin.id) !== 'admin')
        mismatches.push(`${spaceId}: the organization's admin is not admin`);
      for (const [role, member] of org.members) {
        const want = expected(role, defaultLevel, team, direct);
        const label = `role ${roleName(role)}, default ${defaultLevel}, team ${team ?? '-'}, direct ${direct ?? '-'}`;
        const inAggregate = listed.get(member.id) ?? null;
        if (inAggregate !== want) mismatches.push(`${label}: aggregate ${inAggregate}, expected ${want}`);
        const seen = await levelSeenBy(member, spaceId);
        if (seen !== flagLevel(want)) mismatches.push(`${label}: getSpaceById ${seen}, expected ${want}`);
        if (visible.get(role)?.has(spaceId) !== (want !== null))
          mismatches.push(`${label}: listed ${visible.get(role)?.has(spaceId)}, expected ${want !== null}`);
      }
      expect(listed.size).toBe(
        1 +
          [...org.members.keys()].filter((role) => expected(role, defaultLevel, team, direct) !== null)
            .length,
      );
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe('effective access: collection inheritance, site precedence, space overrides', () => {
  type CollectionDefault = 'inherit' | 'read' | 'admin' | null;
  const COLLECTION_DEFAULTS: readonly CollectionDefault[] = [null, 'inherit', 'read', 'admin'];
  const COLLECTION_GRANTS: readonly Grant[] = [undefined, 'comment', 'create'];
  const SITE_GRANTS: readonly Grant[] = [undefined, 'review'];
  const SPACE_DEFAULTS = ['inherit', 'edit'] as const;
  const SPACE_GRANTS: readonly Grant[] = [undefined, 'read'];

  /** The oracle: space grant; else a role default caps; else (inherit) the site's grant; else the collection's level. */
  function oracle(
    role: Role | null,
    c: { defaultLevel: CollectionDefault; grant: Grant },
    site: Grant,
    s: { defaultLevel: (typeof SPACE_DEFAULTS)[number]; grant: Grant },
  ): Role | null {
    if (role === 'admin') return 'admin';
    if (s.grant !== undefined) return s.grant;
    if (s.defaultLevel !== 'inherit') return min(role, s.defaultLevel);
    if (site !== undefined) return site;
    if (c.grant !== undefined) return c.grant;
    if (c.defaultLevel === null) return null;
    return c.defaultLevel === 'inherit' ? role : min(role, c.defaultLevel);
  }

  it('matches the oracle for every combination and role', async () => {
    const org = organization();
    const everyone = [...org.members.values()].map((member) => member.id);
    const cases: {
      spaceId: string;
      c: { defaultLevel: CollectionDefault; grant: Grant };
      site: Grant;
      s: { defaultLevel: (typeof SPACE_DEFAULTS)[number]; grant: Grant };
    }[] = [];
    const linked: string[] = [];
    for (const collectionDefault of COLLECTION_DEFAULTS)
      for (const collectionGrant of COLLECTION_GRANTS) {
        const collectionId = server.buildCollection(org.orgId, { defaultLevel: collectionDefault }).id;
        if (collectionGrant !== undefined)
          await grant(org, { collectionId }, collectionGrant, { users: everyone });
        for (const site of SITE_GRANTS)
          for (const spaceDefault of SPACE_DEFAULTS)
            for (const spaceGrant of SPACE_GRANTS) {
              const spaceId = server.buildSpace(org.orgId, {
                parent: collectionId,
                defaultLevel: spaceDefault,
              }).id;
              if (spaceGrant !== undefined)
                await grant(org, { spaceId }, spaceGrant, { teams: [org.teamId] });
              if (site !== undefined) linked.push(spaceId);
              cases.push({
                spaceId,
                c: { defaultLevel: collectionDefault, grant: collectionGrant },
                site,
                s: { defaultLevel: spaceDefault, grant: spaceGrant },
              });
            }
      }
    // One site links the spaces of the cases with a site grant; the team is given `review` on it.
    const siteId = server.buildSite(org.orgId, { spaces: linked }).id;
    expectStatus(
      await sendOperation(server, 'inviteToSite', {
        params: { organizationId: org.orgId, siteId },
        body: { role: 'review', teams: [org.teamId] },
        token: org.admin.token,
      }),
      204,
    );
    const mismatches: string[] = [];
    const visible = new Map<Role | null, Set<string>>();
    for (const [role, member] of org.members) visible.set(role, await listedSpaces(member, org.orgId));
    for (const { spaceId, c, site, s } of cases) {
      const listed = await aggregate(org, spaceId);
      for (const [role, member] of org.members) {
        const want = oracle(role, c, site, s);
        const label = `role ${roleName(role)}, collection ${c.defaultLevel}/${c.grant ?? '-'}, site ${site ?? '-'}, space ${s.defaultLevel}/${s.grant ?? '-'}`;
        const inAggregate = listed.get(member.id) ?? null;
        if (inAggregate !== want) mismatches.push(`${label}: aggregate ${inAggregate}, expected ${want}`);
        const seen = await levelSeenBy(member, spaceId);
        if (seen !== flagLevel(want)) mismatches.push(`${label}: getSpaceById ${seen}, expected ${want}`);
        if (visible.get(role)?.has(spaceId) !== (want !== null))
          mismatches.push(`${label}: listed ${visible.get(role)?.has(spaceId)}, expected ${want !== null}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
