/**
 * Direct grants on spaces, collections and sites through GitBook's permission operations only (so the Access tab
 * works against GitBook's hosted API too): the grants given on an item, everything that decides who reaches it (the
 * aggregate, the item's default level, its parent collections, the sites that publish a space, the teams' members,
 * the members' roles), and the writes that give, change and take back a grant.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Role } from '../../../shared/contract/constants.ts';
import type { Member, Team } from '../../../shared/contract/resources/members.ts';
import type { User } from '../../../shared/contract/common.ts';
import type { Collection, Space } from '../../../shared/contract/resources/content.ts';
import type { Site } from '../../../shared/contract/resources/sites.ts';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages } from './allPages.ts';
import { keys } from './keys.ts';

/** An item that takes grants. */
export interface AccessItem {
  type: 'space' | 'collection' | 'site';
  id: string;
}

/** Who a grant is given to. */
export type Grantee = { type: 'user'; user: User } | { type: 'team'; team: Team };

/** A role given on one item to a person or a team (`null`: a site's guest override). */
export interface DirectGrant {
  grantee: Grantee;
  role: Role | null;
}

/** The grants given on one item. */
export interface ItemGrants {
  item: AccessItem;
  title: string;
  grants: DirectGrant[];
}

/** A person who reaches the item, with the level the API gives them. */
export interface AggregateEntry {
  user: User;
  level: Role | null;
}

/** Everything the Access tab shows of one item and needs to explain it. */
export interface AccessOverview {
  item: AccessItem;
  title: string;
  /** Spaces and collections: their default level (`inherit`, a role, or `null`). */
  defaultLevel?: string | null;
  /** The grants on the item itself. */
  here: ItemGrants;
  /** Spaces and collections: the parent collections with their default levels and grants, nearest first. */
  parents: (ItemGrants & { defaultLevel: string | null })[];
  /** Spaces: the sites that publish it, with their grants. */
  sites: ItemGrants[];
  /** Everyone who reaches the item, as the API's aggregate says. */
  aggregate: AggregateEntry[];
  /** The organization role of each member (by user id; `null`: a guest). */
  roles: Map<string, Role | null>;
  /** The teams of each member, among the teams given a role on the item, its parents or its sites. */
  teamsOf: Map<string, Team[]>;
}

const pageQuery = (page: string | undefined) => ({
  limit: LIST_LIMIT_MAX,
  ...(page !== undefined ? { page } : {}),
});

/** The key prefix of everything the Access tabs of an organization read: one grant changes several items' access. */
export function accessKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'access');
}

/** The grants given on one item (people, then teams), every page. */
export async function readGrants(profileId: string, orgId: string, item: AccessItem): Promise<DirectGrant[]> {
  const client = clientFor(profileId);
  const asUser = (entry: { permission: Role | null; user: User }): DirectGrant => ({
    grantee: { type: 'user', user: entry.user },
    role: entry.permission,
  });
  const asTeam = (entry: { permission: Role | null; team: Team }): DirectGrant => ({
    grantee: { type: 'team', team: entry.team },
    role: entry.permission,
  });
  switch (item.type) {
    case 'space': {
      const params = { spaceId: item.id };
      const [users, teams] = await Promise.all([
        allPages((page) => client.call('listUserPermissionsInSpace', { params, query: pageQuery(page) })),
        allPages((page) => client.call('listTeamPermissionsInSpace', { params, query: pageQuery(page) })),
      ]);
      return [...users.map(asUser), ...teams.map(asTeam)];
    }
    case 'collection': {
      const params = { collectionId: item.id };
      const [users, teams] = await Promise.all([
        allPages((page) =>
          client.call('listUserPermissionsInCollection', { params, query: pageQuery(page) }),
        ),
        allPages((page) =>
          client.call('listTeamPermissionsInCollection', { params, query: pageQuery(page) }),
        ),
      ]);
      return [...users.map(asUser), ...teams.map(asTeam)];
    }
    case 'site': {
      const params = { organizationId: orgId, siteId: item.id };
      const [users, teams] = await Promise.all([
        allPages((page) => client.call('listUserPermissionsInSite', { params, query: pageQuery(page) })),
        allPages((page) => client.call('listTeamPermissionsInSite', { params, query: pageQuery(page) })),
      ]);
      return [...users.map(asUser), ...teams.map(asTeam)];
    }
  }
}

/** Everyone who reaches the item, every page of the API's aggregate. */
async function readAggregate(profileId: string, orgId: string, item: AccessItem): Promise<AggregateEntry[]> {
  const client = clientFor(profileId);
  const entries =
    item.type === 'space'
      ? await allPages((page) =>
          client.call('listPermissionsAggregateInSpace', {
            params: { spaceId: item.id },
            query: pageQuery(page),
          }),
        )
      : item.type === 'collection'
        ? await allPages((page) =>
            client.call('listPermissionsAggregateInCollection', {
              params: { collectionId: item.id },
              query: pageQuery(page),
            }),
          )
        : await allPages((page) =>
            client.call('listPermissionsAggregateInSite', {
              params: { organizationId: orgId, siteId: item.id },
              query: pageQuery(page),
            }),
          );
  return entries.map((entry) => ({ user: entry.user, level: entry.permission }));
}

/** Every member of the organization (their roles), every page. */
export async function readMembers(profileId: string, orgId: string): Promise<Member[]> {
  return allPages((page) =>
    clientFor(profileId).call('listMembersInOrganizationById', {
      params: { organizationId: orgId },
      query: pageQuery(page),
    }),
  );
}

/** The user ids of a team's members, every page. */
async function readTeamMembers(profileId: string, orgId: string, teamId: string): Promise<string[]> {
  const entries = await allPages((page) =>
    clientFor(profileId).call('listTeamMembersInOrganizationById', {
      params: { organizationId: orgId, teamId },
      query: pageQuery(page),
    }),
  );
  return entries.map((entry) => entry.organization.user.id);
}

/** A space's or collection's parent collections, nearest first (a corrupt cycle ends). */
async function readParents(profileId: string, parentId: string | undefined): Promise<Collection[]> {
  const parents: Collection[] = [];
  for (let next = parentId; next !== undefined && !parents.some((c) => c.id === next);) {
    const collection = await clientFor(profileId).call('getCollectionById', {
      params: { collectionId: next },
    });
    parents.push(collection);
    next = collection.parent;
  }
  return parents;
}

/** The item itself: its title, default level and parent. */
async function readItem(
  profileId: string,
  orgId: string,
  item: AccessItem,
): Promise<{ title: string; defaultLevel?: string | null; parent?: string | undefined }> {
  const client = clientFor(profileId);
  if (item.type === 'site') {
    const site: Site = await client.call('getSiteById', {
      params: { organizationId: orgId, siteId: item.id },
    });
    return { title: site.title };
  }
  const data: Space | Collection =
    item.type === 'space'
      ? await client.call('getSpaceById', { params: { spaceId: item.id } })
      : await client.call('getCollectionById', { params: { collectionId: item.id } });
  return { title: data.title, defaultLevel: data.defaultLevel, parent: data.parent };
}

/** The sites that publish a space (the list's `space` filter). */
async function readPublishingSites(profileId: string, orgId: string, spaceId: string): Promise<Site[]> {
  return allPages((page) =>
    clientFor(profileId).call('listSites', {
      params: { organizationId: orgId },
      query: { ...pageQuery(page), space: spaceId },
    }),
  );
}

/** What the Access tab of one item shows, read in one go so that its rows and their paths agree. */
export function accessOverviewQuery(profileId: string, orgId: string, item: AccessItem) {
  return queryOptions({
    queryKey: keys.derived(accessKey(profileId, orgId), 'accessOverview', {
      itemType: item.type,
      itemId: item.id,
    }),
    queryFn: async (): Promise<AccessOverview> => {
      const [meta, here, aggregate, members] = await Promise.all([
        readItem(profileId, orgId, item),
        readGrants(profileId, orgId, item),
        readAggregate(profileId, orgId, item),
        readMembers(profileId, orgId),
      ]);
      const [parentItems, siteItems] = await Promise.all([
        readParents(profileId, meta.parent),
        item.type === 'space' ? readPublishingSites(profileId, orgId, item.id) : Promise.resolve([]),
      ]);
      const parents = await Promise.all(
        parentItems.map(async (collection) => ({
          item: { type: 'collection' as const, id: collection.id },
          title: collection.title,
          defaultLevel: collection.defaultLevel,
          grants: await readGrants(profileId, orgId, { type: 'collection', id: collection.id }),
        })),
      );
      const sites = await Promise.all(
        siteItems.map(async (site) => ({
          item: { type: 'site' as const, id: site.id },
          title: site.title,
          grants: await readGrants(profileId, orgId, { type: 'site', id: site.id }),
        })),
      );
      const teams = new Map<string, Team>();
      for (const grant of [here, ...parents.map((p) => p.grants), ...sites.map((s) => s.grants)].flat())
        if (grant.grantee.type === 'team') teams.set(grant.grantee.team.id, grant.grantee.team);
      const teamsOf = new Map<string, Team[]>();
      await Promise.all(
        [...teams.values()].map(async (team) => {
          for (const userId of await readTeamMembers(profileId, orgId, team.id))
            teamsOf.set(userId, [...(teamsOf.get(userId) ?? []), team]);
        }),
      );
      return {
        item,
        title: meta.title,
        ...(meta.defaultLevel !== undefined ? { defaultLevel: meta.defaultLevel } : {}),
        here: { item, title: meta.title, grants: here },
        parents,
        sites,
        aggregate,
        roles: new Map(members.map((member) => [member.id, member.role])),
        teamsOf,
      };
    },
  });
}

/** Gives people or teams a role on an item. */
export async function inviteGrantees(
  profileId: string,
  orgId: string,
  item: AccessItem,
  grantees: { users?: string[]; teams?: string[] },
  role: Role,
): Promise<void> {
  const client = clientFor(profileId);
  const body = { role, ...grantees };
  if (item.type === 'space') await client.call('inviteToSpace', { params: { spaceId: item.id }, body });
  else if (item.type === 'collection')
    await client.call('inviteToCollection', { params: { collectionId: item.id }, body });
  else await client.call('inviteToSite', { params: { organizationId: orgId, siteId: item.id }, body });
}

/** Who a write is about: a user or a team, by id. */
export interface GranteeRef {
  type: 'user' | 'team';
  id: string;
}

/** Changes the role given to a person or a team on an item. */
export async function updateGrant(
  profileId: string,
  orgId: string,
  item: AccessItem,
  grantee: GranteeRef,
  role: Role,
): Promise<void> {
  const client = clientFor(profileId);
  const body = { role };
  if (item.type === 'space') {
    const params = { spaceId: item.id };
    if (grantee.type === 'user')
      await client.call('updateUserPermissionInSpace', { params: { ...params, userId: grantee.id }, body });
    else
      await client.call('updateTeamPermissionInSpace', { params: { ...params, teamId: grantee.id }, body });
  } else if (item.type === 'collection') {
    const params = { collectionId: item.id };
    if (grantee.type === 'user')
      await client.call('updateUserPermissionInCollection', {
        params: { ...params, userId: grantee.id },
        body,
      });
    else
      await client.call('updateTeamPermissionInCollection', {
        params: { ...params, teamId: grantee.id },
        body,
      });
  } else {
    const params = { organizationId: orgId, siteId: item.id };
    if (grantee.type === 'user')
      await client.call('updateUserPermissionInSite', { params: { ...params, userId: grantee.id }, body });
    else await client.call('updateTeamPermissionInSite', { params: { ...params, teamId: grantee.id }, body });
  }
}

/** Takes back the role given to a person or a team on an item. */
export async function removeGrant(
  profileId: string,
  orgId: string,
  item: AccessItem,
  grantee: GranteeRef,
): Promise<void> {
  const client = clientFor(profileId);
  if (item.type === 'space') {
    const params = { spaceId: item.id };
    if (grantee.type === 'user')
      await client.call('removeUserFromSpace', { params: { ...params, userId: grantee.id } });
    else await client.call('removeTeamFromSpace', { params: { ...params, teamId: grantee.id } });
  } else if (item.type === 'collection') {
    const params = { collectionId: item.id };
    if (grantee.type === 'user')
      await client.call('removeUserFromCollection', { params: { ...params, userId: grantee.id } });
    else await client.call('removeTeamFromCollection', { params: { ...params, teamId: grantee.id } });
  } else {
    const params = { organizationId: orgId, siteId: item.id };
    if (grantee.type === 'user')
      await client.call('removeUserFromSite', { params: { ...params, userId: grantee.id } });
    else await client.call('removeTeamFromSite', { params: { ...params, teamId: grantee.id } });
  }
}

/**
 * Refetches every Access tab of the organization (a grant on a collection changes its spaces' access), and the
 * spaces and collections whose flags a grant may change.
 */
export function invalidateAccess(queryClient: QueryClient, profileId: string, orgId: string) {
  return queryClient.invalidateQueries({ queryKey: accessKey(profileId, orgId) });
}

/** Every member of the organization, for the Access tab's picker and side list. */
export function orgMembersQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.derived(
      keys.read(keys.org(profileId, orgId), 'listMembersInOrganizationById'),
      'everyItem',
    ),
    queryFn: () => readMembers(profileId, orgId),
  });
}
