/**
 * Helpers shared by the HTTP tests of members and teams: raw requests (for inputs the typed client refuses to
 * build), error-shape assertions, the three 401 cases, and an organization the caller does not belong to.
 */
import type { TestServer, TestUser } from '../../test/harness.ts';

export {
  expectError,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  sendOperation as sendRaw,
  type Answer,
  type RawInput,
} from '../../test/http-helpers.ts';

/** A fresh organization with its admin. */
export function buildAdminOrg(server: TestServer, name = 'Ada Admin'): { admin: TestUser; orgId: string } {
  const admin = server.buildUser({ name });
  const org = server.buildOrg(admin);
  return { admin, orgId: org.id };
}

/** An organization the callers of a test do not belong to, with a member and a team they must never see. */
export function buildForeignOrg(server: TestServer): {
  owner: TestUser;
  orgId: string;
  member: TestUser;
  teamId: string;
} {
  const owner = server.buildUser({ name: 'Foreign Owner' });
  const { id: orgId } = server.buildOrg(owner);
  const member = server.buildMember(orgId, 'read', { name: 'Foreign Member' });
  const { id: teamId } = server.buildTeam(orgId, 'Foreign team', { [member.id]: 'owner' });
  return { owner, orgId, member, teamId };
}

/** A list page as every list operation answers it. */
export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** Follows `next.page` from the first page to the last; answers every page. */
export async function allPages<T>(
  fetchPage: (page: string | undefined) => Promise<Page<T>>,
): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    pages.push(page);
    cursor = page.next?.page;
    if (pages.length > 1000) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return pages;
}

/** Moves the clock so that rows created next sort strictly after the previous ones. */
export function tick(server: TestServer, minutes = 1): void {
  server.clock.advance(minutes * 60_000);
}
