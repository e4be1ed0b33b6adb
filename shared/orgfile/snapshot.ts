/**
 * The live organization as the organization file sees it: members, teams with their members, and collections, read
 * through the API (any profile: the sandbox or a hosted API) with the typed client, page by page.
 */
import type { ApiClient } from '../client.ts';
import type { Static } from '@sinclair/typebox';
import type { Role, TeamRole } from '../contract/constants.ts';
import type { DefaultLevel } from '../contract/resources/content.ts';

export interface LiveMember {
  id: string;
  /** As the API shows it; absent where it hides it. */
  email: string | undefined;
  name: string;
  role: Role | null;
}

export interface LiveTeam {
  id: string;
  title: string;
  members: { userId: string; role: TeamRole }[];
}

export interface LiveCollection {
  id: string;
  title: string;
  description: string | undefined;
  /** The parent collection's id; undefined at the top level. */
  parent: string | undefined;
  defaultLevel: Static<typeof DefaultLevel>;
}

export interface OrgSnapshot {
  organization: { id: string; title: string };
  members: LiveMember[];
  teams: LiveTeam[];
  /** In the API's order (parents need not come first). */
  collections: LiveCollection[];
}

/** Every item of a list operation, following `next.page`. */
async function all<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; next?: { page: string } }>,
) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    items.push(...answer.items);
    cursor = answer.next?.page;
  } while (cursor !== undefined);
  return items;
}

const PAGE = 1000;

/** Reads an organization's members, teams (with their members) and collections. */
export async function loadSnapshot(client: ApiClient, organizationId: string): Promise<OrgSnapshot> {
  const params = { organizationId };
  const withPage = (page: string | undefined) => ({ limit: PAGE, ...(page !== undefined ? { page } : {}) });
  const organization = await client.call('getOrganizationById', { params });
  const members = await all((page) =>
    client.call('listMembersInOrganizationById', { params, query: withPage(page) }),
  );
  const teams = await all((page) =>
    client.call('listTeamsInOrganizationById', { params, query: withPage(page) }),
  );
  const collections = await all((page) =>
    client.call('listCollectionsInOrganizationById', { params, query: withPage(page) }),
  );
  const teamMembers: { userId: string; role: TeamRole }[][] = [];
  for (const team of teams)
    teamMembers.push(
      (
        await all((page) =>
          client.call('listTeamMembersInOrganizationById', {
            params: { organizationId, teamId: team.id },
            query: withPage(page),
          }),
        )
      ).map((entry) => ({ userId: entry.organization.id, role: entry.team.role })),
    );
  return {
    organization: { id: organization.id, title: organization.title },
    members: members.map((member) => ({
      id: member.id,
      email: member.user.email,
      name: member.user.displayName,
      role: member.role,
    })),
    teams: teams.map((team, index) => ({
      id: team.id,
      title: team.title,
      members: teamMembers[index]!,
    })),
    collections: collections.map((collection) => ({
      id: collection.id,
      title: collection.title,
      description: collection.description,
      parent: collection.parent,
      defaultLevel: collection.defaultLevel,
    })),
  };
}
