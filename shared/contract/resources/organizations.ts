/** Organization, invite links and email invites. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, Nullable, RoleOrGuest, StringEnum, Url, User } from '../common.ts';
import { MergeRulesStandaloneConfiguration } from './mergeRules.ts';

/** Bounds of an audit log's retention, in days (ten years at most). */
export const AUDIT_RETENTION_DAYS_MIN = 1;
export const AUDIT_RETENTION_DAYS_MAX = 3650;

export const OrganizationTitle = DisplayText({ minLength: 2, maxLength: 255 });
export const OrganizationHostname = Type.String({
  minLength: 3,
  maxLength: 32,
  pattern: '^[a-z0-9][a-z0-9-]*[a-z0-9]$',
  description: 'Default hostname of public content (lower-case letters, digits and dashes).',
});
export const EmailDomain = Type.String({
  minLength: 3,
  maxLength: 253,
  pattern: '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$',
  description: 'A lower-case domain name, e.g. example.com.',
});
export const EmailDomains = Type.Array(EmailDomain, { maxItems: 100, uniqueItems: true });

export const OrganizationDefaultContent = Type.Object({
  type: Type.Literal('site'),
  site: Type.String({ minLength: 1 }),
});

export const ORGANIZATION_PERMISSIONS = [
  'view',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
] as const;

export const Organization = named(
  'Organization',
  Type.Object({
    object: Type.Literal('organization'),
    id: Type.String(),
    title: Type.String(),
    createdAt: DateTime,
    emailDomains: Type.Array(Type.String()),
    hostname: Type.Optional(Type.String()),
    type: StringEnum(['business', 'community'] as const),
    useCase: Type.Optional(
      StringEnum([
        'internalDocs',
        'docsSite',
        'audienceControlledSite',
        'productDocs',
        'teamKnowledgeBase',
        'designSystem',
        'openSourceDocs',
        'notes',
        'other',
      ] as const),
    ),
    communityType: Type.Optional(StringEnum(['nonProfit', 'openSource', 'education'] as const)),
    defaultRole: Type.Optional(RoleOrGuest),
    defaultContent: Type.Optional(OrganizationDefaultContent),
    sso: Type.Boolean(),
    ai: Type.Boolean(),
    inviteLinks: Type.Boolean(),
    mergeRules: MergeRulesStandaloneConfiguration,
    plan: StringEnum([
      'free_2024',
      'plus_2024',
      'pro_2024',
      'enterprise_2024',
      'community_2024',
      'free',
      'plus',
      'pro',
      'internal',
    ] as const),
    trial: Type.Object({
      status: StringEnum(['notapplicable', 'none', 'active', 'ended', 'expired'] as const),
      count: Type.Integer(),
      endDate: Type.Optional(DateTime),
      decision: Type.Optional(Type.Literal('downgrade')),
    }),
    customHostname: Type.Optional(Type.String()),
    auditLogRetentionDays: Type.Optional(
      Type.Integer({
        description:
          'Extension: days the audit events are kept, after which they are deleted; absent, they are kept for ever.',
      }),
    ),
    urls: Type.Object({ location: Type.String(), app: Type.String(), logo: Type.Optional(Type.String()) }),
    permissions: Type.Object(
      Object.fromEntries(ORGANIZATION_PERMISSIONS.map((k) => [k, Type.Boolean()])) as {
        [K in (typeof ORGANIZATION_PERMISSIONS)[number]]: ReturnType<typeof Type.Boolean>;
      },
    ),
  }),
);
export type Organization = Static<typeof Organization>;

export const UpdateOrganization = Type.Object(
  {
    title: Type.Optional(OrganizationTitle),
    emailDomains: Type.Optional(EmailDomains),
    hostname: Type.Optional(OrganizationHostname),
    defaultRole: Type.Optional(RoleOrGuest),
    defaultContent: Type.Optional(Nullable(OrganizationDefaultContent)),
    logo: Type.Optional(Nullable(Url)),
    sso: Type.Optional(Type.Boolean()),
    ai: Type.Optional(Type.Boolean()),
    inviteLinks: Type.Optional(Type.Boolean()),
    mergeRules: Type.Optional(MergeRulesStandaloneConfiguration),
    auditLogRetentionDays: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: AUDIT_RETENTION_DAYS_MIN,
          maximum: AUDIT_RETENTION_DAYS_MAX,
          description:
            'Extension: days the audit events are kept, after which they are deleted; `null` keeps them for ever.',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

/** An invite link to the organization (GitBook's `InviteLinkToOrganization`). */
export const Invite = named(
  'InviteLinkToOrganization',
  Type.Object({
    object: Type.Literal('invite'),
    id: Type.String(),
    role: RoleOrGuest,
    redundant: Type.Boolean({
      description: 'True when the caller already has every right the invite grants.',
    }),
  }),
);
export type Invite = Static<typeof Invite>;

export const CreateInvite = Type.Object({ role: RoleOrGuest }, { additionalProperties: false });
export const UpdateInvite = Type.Object({ role: RoleOrGuest }, { additionalProperties: false });

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const InviteUsers = Type.Object(
  {
    emails: Type.Array(
      Type.Union([Email, Type.Object({ email: Email, role: RoleOrGuest }, { additionalProperties: false })]),
      { minItems: 1, maxItems: 1000 },
    ),
    role: Type.Optional(RoleOrGuest),
    sso: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const InviteUsersResult = Type.Object({
  users: Type.Array(Type.String()),
  invited: Type.Number(),
  failedSSOEmails: Type.Optional(Type.Array(Type.String())),
});

export const EmailDomainOrganizations = Type.Object({ organizations: Type.Array(Organization) });

/**
 * An email invite still awaiting the person's first visit (extension: GitBook's API adds invited people as members at
 * once and lists no pending invites). The person is already a member with `role`; `user` is that member.
 */
export const EmailInvite = named(
  'EmailInviteToOrganization',
  Type.Object({
    object: Type.Literal('email-invite'),
    id: Type.String(),
    email: Type.String(),
    role: RoleOrGuest,
    user: User,
    invitedBy: Type.Optional(User),
    createdAt: DateTime,
    sentAt: DateTime,
    sentCount: Type.Integer({ minimum: 1, description: 'How many times the invite was sent (1 + resends).' }),
  }),
);
export type EmailInvite = Static<typeof EmailInvite>;
