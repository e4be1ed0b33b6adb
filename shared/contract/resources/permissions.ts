/**
 * Direct grants on spaces, collections and sites, in GitBook's shapes (`InviteUsersAndTeams`,
 * `UserContentPermission`, the team permission item, `UserSitePermission` of GitBook's published description): a
 * person or a team given a level on one item, on top of roles and default levels.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Id, named, RoleOrGuest, RoleSchema, StringEnum, User } from '../common.ts';
import { Team } from './members.ts';

/** Most people or teams one invite names. */
export const INVITE_MAX_GRANTEES = 100;

const Grantees = (what: string) =>
  Type.Optional(
    Type.Array(Id, {
      minItems: 1,
      maxItems: INVITE_MAX_GRANTEES,
      description: `The ids of the ${what} to be invited (at least one user or team in all).`,
    }),
  );

/**
 * GitBook's body: a role and at least one of `users` and `teams` (GitBook's anyOf, checked by the server so that
 * its message names the field). A `null` role, which GitBook's schema allows, grants nothing: it is refused.
 */
export const InviteUsersAndTeams = named(
  'InviteUsersAndTeams',
  Type.Object(
    {
      role: { ...RoleOrGuest, description: 'Role to set.' },
      users: Grantees('users'),
      teams: Grantees('teams'),
    },
    { additionalProperties: false },
  ),
);
export type InviteUsersAndTeams = Static<typeof InviteUsersAndTeams>;

/** The body of a permission's update: GitBook marks `role` optional; without it nothing changes. */
export const UpdateContentPermission = Type.Object(
  { role: Type.Optional(RoleOrGuest) },
  { additionalProperties: false },
);

export const UserContentPermission = named(
  'UserContentPermission',
  Type.Object({ permission: RoleSchema, user: User }, { description: 'Permission of a user in a content.' }),
);
export type UserContentPermission = Static<typeof UserContentPermission>;

export const TeamContentPermission = Type.Object(
  { permission: RoleSchema, team: Team },
  { description: 'Permission of a team in a content.' },
);
export type TeamContentPermission = Static<typeof TeamContentPermission>;

/** The site form of GitBook's invite body: the same fields. */
export const InviteSiteUsersAndTeams = named(
  'InviteSiteUsersAndTeams',
  Type.Object(InviteUsersAndTeams.properties, { additionalProperties: false }),
);

/** The body of a site permission's update: GitBook's `role` is a role here, not `null`. */
export const UpdateSitePermission = Type.Object(
  { role: Type.Optional(RoleSchema) },
  { additionalProperties: false },
);

export const UserSitePermissionOverride = named(
  'UserSitePermissionOverride',
  Type.Object(
    { permission: RoleOrGuest, user: User },
    { description: 'Permission override of a user in a site.' },
  ),
);
export type UserSitePermissionOverride = Static<typeof UserSitePermissionOverride>;

export const TeamSitePermissionOverride = named(
  'TeamSitePermissionOverride',
  Type.Object(
    { permission: RoleOrGuest, team: Team },
    { description: 'Permission override of a team in a site.' },
  ),
);
export type TeamSitePermissionOverride = Static<typeof TeamSitePermissionOverride>;

export const SITE_PERMISSION_REASONS = ['member', 'team', 'default'] as const;

/** Where a member's level on a site comes from: the organization (role), or the site (a grant). */
export const UserSitePermissionOrigin = named(
  'UserSitePermissionOrigin',
  Type.Union([
    Type.Object({ type: Type.Literal('space'), space: Type.String() }),
    Type.Object({ type: Type.Literal('organization'), organization: Type.String() }),
    Type.Object({
      type: Type.Literal('site'),
      site: Type.String(),
      reason: StringEnum(SITE_PERMISSION_REASONS, {
        description: 'Why the permission was enforced at the site level.',
      }),
      team: Type.Optional(
        Type.String({ description: 'The team, when the permission comes from a team override.' }),
      ),
    }),
  ]),
);

export const UserSitePermission = named(
  'UserSitePermission',
  Type.Object(
    {
      permission: RoleOrGuest,
      user: User,
      origin: UserSitePermissionOrigin,
      disabled: Type.Boolean({ description: 'Whether the user is disabled' }),
      lastSeenAt: Type.Optional(DateTime),
    },
    { description: 'Permission of a user in a site.' },
  ),
);
export type UserSitePermission = Static<typeof UserSitePermission>;
