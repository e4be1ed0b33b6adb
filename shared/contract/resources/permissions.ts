/**
 * Direct grants on spaces, collections and sites, in GitBook's shapes (`InviteUsersAndTeams`,
 * `UserContentPermission`, the team permission item, `UserSitePermission` of GitBook's published description): a
 * person or a team given a level on one item, on top of roles and default levels.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, named, RoleOrGuest, RoleSchema, User } from '../common.ts';
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
