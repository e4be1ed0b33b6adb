/**
 * Direct permissions on spaces and collections: GitBook's operations (`inviteToSpace`, `listUserPermissionsInSpace`,
 * ...), with GitBook's methods, paths, operation ids and shapes. They are not in the spec, hence marked as
 * extensions; GitBook publishes them, so the compatible mode serves them.
 */
import { Type } from '@sinclair/typebox';
import { List, ListQuery, ROLES, RoleSchema, StringEnum } from '../common.ts';
import { defineOperation as op, type OperationGroup } from '../operation.ts';
import {
  InviteSiteUsersAndTeams,
  InviteUsersAndTeams,
  TeamSitePermissionOverride,
  UpdateSitePermission,
  UserSitePermission,
  UserSitePermissionOverride,
  TeamContentPermission,
  UpdateContentPermission,
  UserContentPermission,
} from '../resources/permissions.ts';

/** The sorts of the site aggregate, as of the organization's member list. */
export const SITE_MEMBER_SORTS = ['joinedAt', 'lastSeenAt', 'name'] as const;

const aggregateQuery = Type.Object({
  ...ListQuery,
  role: Type.Optional({
    ...RoleSchema,
    description: 'If defined, only members with this role will be returned.',
  }),
});

/** The eight operations of one kind of content, `Space` or `Collection`, under `base` (`/v1/spaces/{spaceId}`). */
function contentPermissionOperations<const Base extends string>(
  kind: 'Space' | 'Collection',
  base: Base,
  group: OperationGroup,
) {
  const noun = kind.toLowerCase();
  return {
    invite: op({
      name: `inviteTo${kind}`,
      group,
      method: 'POST',
      path: `${base}/permissions`,
      summary: `Give users or teams a role on a ${noun}`,
      body: InviteUsersAndTeams,
      success: 204,
      extension: true,
    }),
    listUsers: op({
      name: `listUserPermissionsIn${kind}`,
      group,
      method: 'GET',
      path: `${base}/permissions/users`,
      summary: `List the users given a role on a ${noun}`,
      query: Type.Object(ListQuery),
      response: List(UserContentPermission),
      success: 200,
      extension: true,
    }),
    listTeams: op({
      name: `listTeamPermissionsIn${kind}`,
      group,
      method: 'GET',
      path: `${base}/permissions/teams`,
      summary: `List the teams given a role on a ${noun}`,
      query: Type.Object(ListQuery),
      response: List(TeamContentPermission),
      success: 200,
      extension: true,
    }),
    updateUser: op({
      name: `updateUserPermissionIn${kind}`,
      group,
      method: 'PATCH',
      path: `${base}/permissions/users/{userId}`,
      summary: `Change the role a user was given on a ${noun}`,
      body: UpdateContentPermission,
      success: 204,
      extension: true,
    }),
    updateTeam: op({
      name: `updateTeamPermissionIn${kind}`,
      group,
      method: 'PATCH',
      path: `${base}/permissions/teams/{teamId}`,
      summary: `Change the role a team was given on a ${noun}`,
      body: UpdateContentPermission,
      success: 204,
      extension: true,
    }),
    removeUser: op({
      name: `removeUserFrom${kind}`,
      group,
      method: 'DELETE',
      path: `${base}/permissions/users/{userId}`,
      summary: `Take back the role a user was given on a ${noun} (205; 204 when there was none)`,
      success: 205,
      unchanged: 204,
      extension: true,
    }),
    removeTeam: op({
      name: `removeTeamFrom${kind}`,
      group,
      method: 'DELETE',
      path: `${base}/permissions/teams/{teamId}`,
      summary: `Take back the role a team was given on a ${noun} (205; 204 when there was none)`,
      success: 205,
      unchanged: 204,
      extension: true,
    }),
    aggregate: op({
      name: `listPermissionsAggregateIn${kind}`,
      group,
      method: 'GET',
      path: `${base}/permissions/aggregate`,
      summary: `List every member who can access a ${noun}, with their effective role`,
      query: aggregateQuery,
      response: List(UserContentPermission),
      success: 200,
      extension: true,
    }),
  };
}

const space = contentPermissionOperations('Space', '/v1/spaces/{spaceId}', 'Spaces');
const collection = contentPermissionOperations('Collection', '/v1/collections/{collectionId}', 'Collections');

export const permissionOperations = {
  inviteToSpace: space.invite,
  listUserPermissionsInSpace: space.listUsers,
  listTeamPermissionsInSpace: space.listTeams,
  updateUserPermissionInSpace: space.updateUser,
  updateTeamPermissionInSpace: space.updateTeam,
  removeUserFromSpace: space.removeUser,
  removeTeamFromSpace: space.removeTeam,
  listPermissionsAggregateInSpace: space.aggregate,
  inviteToCollection: collection.invite,
  listUserPermissionsInCollection: collection.listUsers,
  listTeamPermissionsInCollection: collection.listTeams,
  updateUserPermissionInCollection: collection.updateUser,
  updateTeamPermissionInCollection: collection.updateTeam,
  removeUserFromCollection: collection.removeUser,
  removeTeamFromCollection: collection.removeTeam,
  listPermissionsAggregateInCollection: collection.aggregate,
};

const site = '/v1/orgs/{organizationId}/sites/{siteId}';
const siteGroup = 'Sites';

/** GitBook's eight permission operations of a site: the same set, with site shapes and the aggregate's filters. */
export const sitePermissionOperations = {
  inviteToSite: op({
    name: 'inviteToSite',
    group: siteGroup,
    method: 'POST',
    path: `${site}/permissions`,
    summary: 'Give users or teams a role on a site',
    body: InviteSiteUsersAndTeams,
    success: 204,
    extension: true,
  }),
  listUserPermissionsInSite: op({
    name: 'listUserPermissionsInSite',
    group: siteGroup,
    method: 'GET',
    path: `${site}/permissions/users`,
    summary: 'List the users given a role on a site',
    query: Type.Object(ListQuery),
    response: List(UserSitePermissionOverride),
    success: 200,
    extension: true,
  }),
  listTeamPermissionsInSite: op({
    name: 'listTeamPermissionsInSite',
    group: siteGroup,
    method: 'GET',
    path: `${site}/permissions/teams`,
    summary: 'List the teams given a role on a site',
    query: Type.Object(ListQuery),
    response: List(TeamSitePermissionOverride),
    success: 200,
    extension: true,
  }),
  updateUserPermissionInSite: op({
    name: 'updateUserPermissionInSite',
    group: siteGroup,
    method: 'PATCH',
    path: `${site}/permissions/users/{userId}`,
    summary: 'Change the role a user was given on a site',
    body: UpdateSitePermission,
    success: 204,
    extension: true,
  }),
  updateTeamPermissionInSite: op({
    name: 'updateTeamPermissionInSite',
    group: siteGroup,
    method: 'PATCH',
    path: `${site}/permissions/teams/{teamId}`,
    summary: 'Change the role a team was given on a site',
    body: UpdateSitePermission,
    success: 204,
    extension: true,
  }),
  removeUserFromSite: op({
    name: 'removeUserFromSite',
    group: siteGroup,
    method: 'DELETE',
    path: `${site}/permissions/users/{userId}`,
    summary: 'Take back the role a user was given on a site (205; 204 when there was none)',
    success: 205,
    unchanged: 204,
    extension: true,
  }),
  removeTeamFromSite: op({
    name: 'removeTeamFromSite',
    group: siteGroup,
    method: 'DELETE',
    path: `${site}/permissions/teams/{teamId}`,
    summary: 'Take back the role a team was given on a site (205; 204 when there was none)',
    success: 205,
    unchanged: 204,
    extension: true,
  }),
  listPermissionsAggregateInSite: op({
    name: 'listPermissionsAggregateInSite',
    group: siteGroup,
    method: 'GET',
    path: `${site}/permissions/aggregate`,
    summary: 'List the members of the organization with their level on a site and where it comes from',
    query: Type.Object({
      ...ListQuery,
      order: Type.Optional(StringEnum(['asc', 'desc'] as const, { default: 'desc' })),
      role: Type.Optional(
        StringEnum([...ROLES, 'guest'] as const, { description: 'The role to filter the list by' }),
      ),
      search: Type.Optional(
        Type.String({ minLength: 1, maxLength: 256, description: 'Filter by display name and email' }),
      ),
      sort: Type.Optional(StringEnum(SITE_MEMBER_SORTS, { default: 'joinedAt' })),
      team: Type.Optional(
        Type.String({ minLength: 1, maxLength: 256, description: 'Only members of this team.' }),
      ),
    }),
    response: List(UserSitePermission),
    success: 200,
    extension: true,
  }),
};
