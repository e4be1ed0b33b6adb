/**
 * The SAML provider form's values: read from a provider, checked per field before sending (the contract's bounds:
 * label 1..30, entity ID up to 1024 without spaces, an https SSO URL up to 2048, a PEM certificate), turned into a
 * create body or a PATCH body of the changed fields, and the server's messages mapped back to the field they name.
 */
import type { Static } from '@sinclair/typebox';
import type {
  CreateSAMLProvider,
  SAMLProvider,
  UpdateSAMLProvider,
} from '../../../../shared/contract/resources/saml.ts';
import { fromRoleValue, toRoleValue, type RoleValue } from '../../ui/roles.ts';
import { readPem } from './pem.ts';

/** What the form holds, as typed. */
export interface SamlValues {
  label: string;
  entityID: string;
  ssoURL: string;
  certificate: string;
  /** A team id, or '' for none. */
  defaultTeam: string;
  /** A role, or '' for the organization's default (only before the provider exists). */
  defaultRole: RoleValue | '';
}

/** A field of the form. */
export type SamlField = keyof SamlValues;

/** Messages per field. */
export type SamlErrors = Partial<Record<SamlField, string>>;

/** The create body. */
export type SamlCreateBody = Static<typeof CreateSAMLProvider>;
/** The PATCH body. */
export type SamlUpdateBody = Static<typeof UpdateSAMLProvider>;

/** The fields in the order the form shows them. */
export const SAML_FIELDS: readonly SamlField[] = [
  'label',
  'entityID',
  'ssoURL',
  'certificate',
  'defaultTeam',
  'defaultRole',
];

/** Bounds from the contract (resources/saml.ts). */
export const LIMITS = { label: 30, entityID: 1024, ssoURL: 2048, certificate: 10_000 } as const;

/** The values of a new provider. */
export const EMPTY_VALUES: SamlValues = {
  label: '',
  entityID: '',
  ssoURL: '',
  certificate: '',
  defaultTeam: '',
  defaultRole: '',
};

/** The form's values for an existing provider. */
export function valuesOf(provider: SAMLProvider): SamlValues {
  return {
    label: provider.label,
    entityID: provider.entityID,
    ssoURL: provider.ssoURL,
    certificate: provider.certificate,
    defaultTeam: provider.defaultTeam?.id ?? '',
    defaultRole: toRoleValue(provider.defaultRole),
  };
}

const hasSpaceOrControl = (text: string) =>
  /\s/u.test(text) || [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** Checks one field's value; undefined when it is fine. */
export function checkField(field: SamlField, values: SamlValues): string | undefined {
  switch (field) {
    case 'label': {
      const label = values.label.trim();
      if (label === '') return 'Label: give the provider a name, e.g. “Okta”.';
      if (label.length > LIMITS.label) return `Label can have at most ${LIMITS.label} characters.`;
      return undefined;
    }
    case 'entityID': {
      const entityID = values.entityID.trim();
      if (entityID.length > LIMITS.entityID)
        return `Entity ID can have at most ${LIMITS.entityID} characters.`;
      if (hasSpaceOrControl(entityID)) return 'Entity ID is a URI: no spaces or control characters.';
      return undefined;
    }
    case 'ssoURL': {
      const text = values.ssoURL.trim();
      if (text === '') return undefined;
      if (text.length > LIMITS.ssoURL) return `SSO URL can have at most ${LIMITS.ssoURL} characters.`;
      let url: URL | undefined;
      try {
        url = new URL(text);
      } catch {
        url = undefined;
      }
      if (url === undefined || url.protocol !== 'https:' || url.hostname === '' || hasSpaceOrControl(text))
        return 'SSO URL must be an https:// address (the identity provider’s sign-in URL).';
      return undefined;
    }
    case 'certificate': {
      const text = values.certificate.trim();
      if (text === '') return undefined;
      if (text.length > LIMITS.certificate)
        return `Certificate can have at most ${LIMITS.certificate.toLocaleString('en')} characters.`;
      const read = readPem(text);
      return read.ok ? undefined : read.error;
    }
    default:
      return undefined;
  }
}

/** Every field's message. */
export function validate(values: SamlValues): SamlErrors {
  const errors: SamlErrors = {};
  for (const field of SAML_FIELDS) {
    const message = checkField(field, values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/** The body that creates a provider from the form (empty optional fields left out). */
export function createBody(values: SamlValues): SamlCreateBody {
  const body: SamlCreateBody = { label: values.label.trim() };
  const entityID = values.entityID.trim();
  const ssoURL = values.ssoURL.trim();
  const certificate = values.certificate.trim();
  if (entityID !== '') body.entityID = entityID;
  if (ssoURL !== '') body.ssoURL = ssoURL;
  if (certificate !== '') body.certificate = certificate;
  if (values.defaultTeam !== '') body.defaultTeam = values.defaultTeam;
  if (values.defaultRole !== '') body.defaultRole = fromRoleValue(values.defaultRole);
  return body;
}

/** The PATCH body of the changed fields, and the changes the API cannot express (clearing the URL or the team). */
export function changedBody(
  values: SamlValues,
  baseline: SamlValues,
): { body: SamlUpdateBody; errors: SamlErrors } {
  const body: SamlUpdateBody = {};
  const errors: SamlErrors = {};
  const label = values.label.trim();
  if (label !== baseline.label) body.label = label;
  const entityID = values.entityID.trim();
  if (entityID !== baseline.entityID) body.entityID = entityID;
  const ssoURL = values.ssoURL.trim();
  if (ssoURL !== baseline.ssoURL) {
    if (ssoURL === '') errors.ssoURL = 'SSO URL cannot be removed once set; enter the new one.';
    else body.ssoURL = ssoURL;
  }
  const certificate = values.certificate.trim();
  if (certificate !== baseline.certificate.trim()) body.certificate = certificate;
  if (values.defaultTeam !== baseline.defaultTeam) {
    if (values.defaultTeam === '')
      errors.defaultTeam = 'Default team cannot be removed once set; pick another team.';
    else body.defaultTeam = values.defaultTeam;
  }
  if (values.defaultRole !== baseline.defaultRole && values.defaultRole !== '')
    body.defaultRole = fromRoleValue(values.defaultRole);
  return { body, errors };
}

/** The field a server message names (“body field `certificate` is not PEM…”), if any. */
export function fieldOfMessage(message: string): SamlField | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1];
  return SAML_FIELDS.find((field) => field === named);
}
