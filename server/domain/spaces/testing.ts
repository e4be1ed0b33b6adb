/** Helpers shared by the HTTP tests of collections and spaces. */
import type { Role } from '../../../shared/contract/index.ts';
import type { TestServer, TestUser } from '../../test/harness.ts';
import { buildAdminOrg } from '../members/testing.ts';

export {
  allPages,
  buildAdminOrg,
  expectError,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  sendRaw,
} from '../members/testing.ts';
export { expectHidden, ROLES_OR_GUEST, roleName, UNKNOWN_ID } from '../../test/http-helpers.ts';

/** An organization with its admin, a member per role on demand, and another organization with a collection and a space. */
export function buildContentOrg(server: TestServer) {
  const { admin, orgId } = buildAdminOrg(server);
  const owner = server.buildUser({ name: 'Foreign Owner' });
  const foreignOrgId = server.buildOrg(owner).id;
  const foreign = {
    orgId: foreignOrgId,
    owner,
    collectionId: server.buildCollection(foreignOrgId, { title: 'Foreign collection' }).id,
    spaceId: server.buildSpace(foreignOrgId, { title: 'Foreign space' }).id,
  };
  const members = new Map<Role | null, TestUser>();
  /** A member of the organization with that role (one per role, made on first use). */
  const member = (role: Role | null): TestUser => {
    let user = members.get(role);
    if (!user) {
      user = role === 'admin' ? admin : server.buildMember(orgId, role);
      members.set(role, user);
    }
    return user;
  };
  return { admin, orgId, foreign, member };
}

/** The sort keys of a parent's children (collections and spaces), read straight from the database. */
export function siblingKeys(server: TestServer, orgId: string, parentId: string | null): Map<string, string> {
  const { db } = server;
  const keys = new Map<string, string>();
  for (const table of ['collections', 'spaces'] as const) {
    for (const row of db.all(
      db.q
        .selectFrom(table)
        .select(['id', 'sort_key'])
        .where('organization_id', '=', orgId)
        .where('parent_id', 'is', parentId),
    ))
      keys.set(row.id, row.sort_key);
  }
  return keys;
}

/** The ids of a parent's children in sibling order, as the database orders them. */
export function siblingOrder(server: TestServer, orgId: string, parentId: string | null): string[] {
  return [...siblingKeys(server, orgId, parentId).entries()]
    .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
}
