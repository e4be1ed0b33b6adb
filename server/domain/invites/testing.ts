/** Helpers shared by the invite route tests: organizations with invite links, created through the API. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Invite } from '../../../shared/contract/resources/organizations.ts';
import type { TestServer, TestUser } from '../../test/harness.ts';

/** A fresh organization, its admin, and invite links with the given roles. */
export async function orgWithInvites(
  server: TestServer,
  roles: (Role | null)[] = [],
): Promise<{ owner: TestUser; id: string; invites: Invite[] }> {
  const owner = server.buildUser();
  const { id } = server.buildOrg(owner);
  const invites: Invite[] = [];
  for (const role of roles) {
    invites.push(
      await owner.client.call('createOrganizationInvite', { params: { organizationId: id }, body: { role } }),
    );
  }
  return { owner, id, invites };
}

/** A fresh organization, its admin and one invite link with the given role. */
export async function orgWithInvite(
  server: TestServer,
  role: Role | null = 'read',
): Promise<{ owner: TestUser; id: string; invite: Invite }> {
  const { owner, id, invites } = await orgWithInvites(server, [role]);
  return { owner, id, invite: invites[0]! };
}
