/**
 * The organization's settings in its file (version 2): custom-field definitions, translation settings, SAML
 * providers and invite settings. Each key is optional: a file without it leaves that setting as it is.
 *
 * What the API cannot write, or must not leave the vault, is not in the file: a SAML provider's certificate (a
 * provider the file creates waits for it, `pending`), the invite links (their id is what lets someone join), a custom
 * field's type once it exists (the plan says so rather than changing it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { RoleOrGuest } from '../contract/common.ts';
import {
  CustomFieldDescription,
  CustomFieldName,
  CustomFieldOptions,
  CustomFieldPlaceholder,
  CustomFieldTitle,
  CustomFieldType,
} from '../contract/resources/customFields.ts';
import { TeamTitle } from '../contract/resources/members.ts';
import { EmailDomains } from '../contract/resources/organizations.ts';
import { SAMLProviderEntityID, SAMLProviderLabel, SAMLProviderSSOURL } from '../contract/resources/saml.ts';
import { TranslationLanguage, TranslationSettingsTitle } from '../contract/resources/translations.ts';
import { Ref } from './schema-common.ts';

// The contract's `format: 'uri'` is checked by the server; the file's reader checks the pattern (HTTPS) and length.
const { format: _uri, ...SsoUrl } = SAMLProviderSSOURL;

export const OrgFileCustomField = Type.Object(
  {
    name: { ...CustomFieldName, description: 'The field, by name (how the API names it).' },
    type: CustomFieldType,
    title: Type.Optional(CustomFieldTitle),
    description: Type.Optional(CustomFieldDescription),
    placeholder: Type.Optional(CustomFieldPlaceholder),
    options: Type.Optional(CustomFieldOptions),
  },
  { additionalProperties: false },
);
export type OrgFileCustomField = Static<typeof OrgFileCustomField>;

export const OrgFileTranslation = Type.Object(
  {
    title: TranslationSettingsTitle,
    id: Ref('translation settings'),
    languages: Type.Array(TranslationLanguage, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type OrgFileTranslation = Static<typeof OrgFileTranslation>;

export const OrgFileSamlProvider = Type.Object(
  {
    label: SAMLProviderLabel,
    id: Ref('SAML provider'),
    entityID: Type.Optional(SAMLProviderEntityID),
    ssoURL: Type.Optional(SsoUrl),
    defaultRole: { ...RoleOrGuest, description: 'The role of a person who first signs in with it.' },
    defaultTeam: Type.Optional({ ...TeamTitle, description: 'The team they join, by title.' }),
  },
  {
    additionalProperties: false,
    description: 'A SAML provider, without its certificate (which stays with the organization).',
  },
);
export type OrgFileSamlProvider = Static<typeof OrgFileSamlProvider>;

export const OrgFileInvites = Type.Object(
  {
    inviteLinks: Type.Boolean({ description: 'Whether invite links can be used to join.' }),
    defaultRole: Type.Optional({ ...RoleOrGuest, description: 'The role of someone who joins by domain.' }),
    emailDomains: { ...EmailDomains, description: 'People with an address at these domains may join.' },
  },
  { additionalProperties: false },
);
export type OrgFileInvites = Static<typeof OrgFileInvites>;

/** The file's settings keys. */
export const OrgFileSettings = {
  customFields: Type.Optional(
    Type.Array(OrgFileCustomField, {
      maxItems: 1000,
      description: 'Custom-field definitions. Without this key the file leaves them as they are.',
    }),
  ),
  translations: Type.Optional(
    Type.Array(OrgFileTranslation, {
      maxItems: 1000,
      description: 'Translation settings. Without this key the file leaves them as they are.',
    }),
  ),
  saml: Type.Optional(
    Type.Array(OrgFileSamlProvider, {
      maxItems: 100,
      description: 'SAML providers, without certificates. Without this key the file leaves them as they are.',
    }),
  ),
  invites: Type.Optional({
    ...OrgFileInvites,
    description: 'Who may join, and how. Without this key the file leaves them as they are.',
  }),
};
