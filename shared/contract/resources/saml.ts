/** SAML providers of an organization and its SSO login information. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, RoleOrGuest, StringEnum } from '../common.ts';
import { Team } from './members.ts';

export const SAMLProviderLabel = DisplayText({ minLength: 1, maxLength: 30 });
export const SAMLProviderEntityID = DisplayText({ maxLength: 1024 });
export const SAMLProviderCertificate = Type.String({ maxLength: 10000 });
/** The identity provider's sign-in URL: HTTPS only. */
export const SAMLProviderSSOURL = Type.String({ format: 'uri', maxLength: 2048, pattern: '^https://' });

export const SAML_PROVIDER_STATUSES = ['active', 'pending'] as const;

export const SAMLProvider = named(
  'OrganizationSAMLProvider',
  Type.Object({
    object: Type.Literal('saml-provider'),
    id: Type.String(),
    label: Type.String(),
    ssoURL: Type.String(),
    entityID: Type.String(),
    certificate: Type.String(),
    defaultTeam: Type.Optional(Team),
    defaultRole: RoleOrGuest,
    createdAt: DateTime,
    status: StringEnum(SAML_PROVIDER_STATUSES, {
      description: '`active`: usable to sign in; `pending`: not fully configured yet.',
    }),
    service: Type.Object({
      acsURL: Type.String({ description: 'Assertion Consumer Service URL.' }),
      startURL: Type.String({ description: 'Start URL for the identity provider.' }),
      entityID: Type.String(),
    }),
    urls: Type.Object({ location: Type.String() }),
  }),
);
export type SAMLProvider = Static<typeof SAMLProvider>;

const TeamId = Type.String({
  minLength: 1,
  maxLength: 256,
  description: 'ID of a team of the organization.',
});

export const CreateSAMLProvider = Type.Object(
  {
    label: SAMLProviderLabel,
    entityID: Type.Optional(SAMLProviderEntityID),
    certificate: Type.Optional(SAMLProviderCertificate),
    ssoURL: Type.Optional(SAMLProviderSSOURL),
    defaultTeam: Type.Optional(TeamId),
    defaultRole: Type.Optional(RoleOrGuest),
  },
  { additionalProperties: false },
);

export const UpdateSAMLProvider = Type.Object(
  {
    label: Type.Optional(SAMLProviderLabel),
    entityID: Type.Optional(SAMLProviderEntityID),
    certificate: Type.Optional(SAMLProviderCertificate),
    ssoURL: Type.Optional(SAMLProviderSSOURL),
    defaultTeam: Type.Optional(TeamId),
    defaultRole: Type.Optional(RoleOrGuest),
  },
  { additionalProperties: false },
);

export const SSOProviderLogin = named(
  'OrganizationSSOProviderLogin',
  Type.Object({ id: Type.String(), label: Type.String(), startURL: Type.String() }),
);
export type SSOProviderLogin = Static<typeof SSOProviderLogin>;

export const SSOProviderLogins = Type.Object({ items: Type.Array(SSOProviderLogin) });
