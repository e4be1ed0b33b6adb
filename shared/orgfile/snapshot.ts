/**
 * The live organization as the organization file sees it: members, teams with their members, collections, spaces,
 * grants and settings, read
 * through the API (any profile: the sandbox or a hosted API) with the typed client, page by page.
 */
import type { ApiClient } from '../client.ts';
import type { Static } from '@sinclair/typebox';
import type { Role, TeamRole } from '../contract/constants.ts';
import type { DefaultLevel } from '../contract/resources/content.ts';
import { loadSettings, type LiveSettings } from './snapshot-settings.ts';
import { loadSites, type LiveSite } from './snapshot-sites.ts';

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

export interface LiveSpace {
  id: string;
  title: string;
  emoji: string;
  /** The collection's id; undefined at the top level. */
  parent: string | undefined;
  defaultLevel: Static<typeof DefaultLevel>;
}

/** A role given on one item to a person or a team. */
export interface LiveGrant {
  target: { type: 'collection' | 'space' | 'site'; id: string };
  user?: string;
  team?: string;
  role: Role | null;
}

export interface OrgSnapshot extends Partial<LiveSettings> {
  organization: { id: string; title: string };
  members: LiveMember[];
  teams: LiveTeam[];
  /** In the API's order (parents need not come first). */
  collections: LiveCollection[];
  /** Every space, in the API's order (absent: not read, as in a snapshot of version 1). */
  spaces?: LiveSpace[];
  /** The direct grants on collections, spaces and sites (absent: not read). */
  grants?: LiveGrant[];
  /** The sites with their structure and share links (absent: not read). */
  sites?: LiveSite[];
}

/** Every item of a list operation, following `next.page`. */
export async function all<T>(
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

export const PAGE = 1000;
export const withPage = (page: string | undefined) => ({
  limit: PAGE,
  ...(page !== undefined ? { page } : {}),
});

/** The direct grants on one collection or space (two reads: people, teams). */
async function contentGrants(client: ApiClient, type: 'collection' | 'space', id: string) {
  const target = { type, id };
  const [users, teams] =
    type === 'collection'
      ? await Promise.all([
          all((page) =>
            client.call('listUserPermissionsInCollection', {
              params: { collectionId: id },
              query: withPage(page),
            }),
          ),
          all((page) =>
            client.call('listTeamPermissionsInCollection', {
              params: { collectionId: id },
              query: withPage(page),
            }),
          ),
        ])
      : await Promise.all([
          all((page) =>
            client.call('listUserPermissionsInSpace', { params: { spaceId: id }, query: withPage(page) }),
          ),
          all((page) =>
            client.call('listTeamPermissionsInSpace', { params: { spaceId: id }, query: withPage(page) }),
          ),
        ]);
  return [
    ...users.map((entry): LiveGrant => ({ target, user: entry.user.id, role: entry.permission })),
    ...teams.map((entry): LiveGrant => ({ target, team: entry.team.id, role: entry.permission })),
  ];
}

/**
 * Reads an organization's members, teams (with their members), collections, spaces, the grants on both, and its
 * settings. The API has no bulk read of team members or grants: one read per team, two per collection and space.
 */
export async function loadSnapshot(client: ApiClient, organizationId: string): Promise<OrgSnapshot> {
  const params = { organizationId };
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
  const spaces = await all((page) =>
    client.call('listSpacesInOrganizationById', { params, query: withPage(page) }),
  );
  const grants: LiveGrant[] = [];
  for (const collection of collections)
    grants.push(...(await contentGrants(client, 'collection', collection.id)));
  for (const space of spaces) grants.push(...(await contentGrants(client, 'space', space.id)));
  const settings = await loadSettings(client, organizationId, organization);
  const sites = await loadSites(client, organizationId);
  grants.push(...sites.grants);
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
    spaces: spaces.map((space) => ({
      id: space.id,
      title: space.title,
      emoji: space.emoji,
      parent: space.parent,
      defaultLevel: space.defaultLevel,
    })),
    grants,
    sites: sites.sites,
    ...settings,
  };
}
