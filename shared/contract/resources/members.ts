/** Members and teams of an organization. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, RoleOrGuest, TeamRoleSchema, User } from '../common.ts';

export const Member = named(
  'OrganizationMember',
  Type.Object({
    object: Type.Literal('member'),
    id: Type.String({ description: 'The user id.' }),
    role: RoleOrGuest,
    user: User,
    disabled: Type.Boolean(),
    joinedAt: DateTime,
    lastSeenAt: Type.Optional(DateTime),
    sso: Type.Boolean(),
    spaces: Type.Number(),
    teams: Type.Number(),
  }),
);
export type Member = Static<typeof Member>;

export const TeamTitle = DisplayText({ minLength: 1, maxLength: 64 });

export const Team = named(
  'OrganizationTeam',
  Type.Object({
    object: Type.Literal('team'),
    id: Type.String(),
    title: Type.String(),
    members: Type.Integer(),
    spaces: Type.Number(),
    createdAt: DateTime,
    permissions: Type.Object({ admin: Type.Boolean(), view: Type.Boolean() }),
  }),
);
export type Team = Static<typeof Team>;

export const TeamMember = named('TeamMember', Type.Object({ role: TeamRoleSchema }));

export const TeamMemberEntry = named(
  'OrganizationTeamMember',
  Type.Object({
    organization: Member,
    team: TeamMember,
    permissions: Type.Object({ view: Type.Boolean() }),
  }),
);

export const MemberTeamEntry = Type.Object({ team: Team, member: TeamMember });

export const UpdateMember = Type.Object({ role: RoleOrGuest }, { additionalProperties: false });

export const CreateTeam = Type.Object(
  {
    title: TeamTitle,
    members: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export const UpdateTeam = Type.Object({ title: TeamTitle }, { additionalProperties: false });

/** A user id or an email address. */
const UserRef = Type.String({ minLength: 1, maxLength: 256 });
export const UpdateTeamMembers = Type.Object(
  {
    add: Type.Optional(Type.Array(UserRef, { maxItems: 1000 })),
    remove: Type.Optional(Type.Array(UserRef, { maxItems: 1000 })),
    memberships: Type.Optional(
      Type.Record(Type.String(), Type.Object({ role: TeamRoleSchema }, { additionalProperties: false }), {
        maxProperties: 1000,
        // TypeBox drops a record key's bounds; state them for the validator.
        propertyNames: { minLength: 1, maxLength: 256 },
      }),
    ),
  },
  { additionalProperties: false },
);
export const SetTeamMember = Type.Object({ role: TeamRoleSchema }, { additionalProperties: false });

export const PingResult = Type.Object({
  gitbookVisitorClaims: Type.Optional(Type.String()),
  serviceVisitorClaims: Type.Optional(Type.String()),
});
