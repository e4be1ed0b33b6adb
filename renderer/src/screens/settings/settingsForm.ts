/**
 * The organization settings form's values: read from an organization, turned into a PATCH body of the changed
 * fields only, checked against the contract's `UpdateOrganization` with TypeBox's interpreter, and the server's
 * messages mapped back to the field they name.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import {
  UpdateOrganization,
  type Organization,
} from '../../../../shared/contract/resources/organizations.ts';
import { displayTextError } from '../../../../shared/contract/display-text.ts';
import { fromRoleValue, toRoleValue, type RoleValue } from '../../ui/roles.ts';

/** What the form holds: text as typed, switches as booleans. */
export interface SettingsValues {
  title: string;
  emailDomains: string;
  hostname: string;
  defaultRole: RoleValue | '';
  defaultContent: string;
  inviteLinks: boolean;
  sso: boolean;
  ai: boolean;
}

/** A field of the form. */
export type SettingsField = keyof SettingsValues;

/** The PATCH body. */
export type SettingsBody = Static<typeof UpdateOrganization>;

/** Messages per field. */
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** The fields in the order the form shows them. */
export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'title',
  'emailDomains',
  'hostname',
  'defaultRole',
  'defaultContent',
  'inviteLinks',
  'sso',
  'ai',
];

/** The label of each field, as messages name it. */
export const FIELD_LABELS: Record<SettingsField, string> = {
  title: 'Title',
  emailDomains: 'Email domains',
  hostname: 'Hostname',
  defaultRole: 'Default role',
  defaultContent: 'Default content',
  inviteLinks: 'Invite links',
  sso: 'SSO enforcement',
  ai: 'AI',
};

/** The form's values for an organization. */
export function valuesOf(org: Organization): SettingsValues {
  return {
    title: org.title,
    emailDomains: org.emailDomains.join(', '),
    hostname: org.hostname ?? '',
    defaultRole: org.defaultRole === undefined ? '' : toRoleValue(org.defaultRole),
    defaultContent: org.defaultContent?.site ?? '',
    inviteLinks: org.inviteLinks,
    sso: org.sso,
    ai: org.ai,
  };
}

/** Email domains from text: split on commas and spaces, lower-cased, without repeats. */
export function parseDomains(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((domain) => domain.trim().toLowerCase()))].filter(
    (domain) => domain !== '',
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The body of the changed fields, and the changes the API cannot express (clearing a hostname or a role). */
export function changedBody(
  values: SettingsValues,
  baseline: SettingsValues,
): { body: SettingsBody; errors: SettingsErrors } {
  const body: SettingsBody = {};
  const errors: SettingsErrors = {};
  const title = values.title.trim();
  if (title !== baseline.title) body.title = title;
  const domains = parseDomains(values.emailDomains);
  if (!sameList(domains, parseDomains(baseline.emailDomains))) body.emailDomains = domains;
  const hostname = values.hostname.trim();
  if (hostname !== baseline.hostname) {
    if (hostname === '') errors.hostname = 'Hostname cannot be removed once set; enter a new one.';
    else body.hostname = hostname;
  }
  if (values.defaultRole !== baseline.defaultRole) {
    if (values.defaultRole === '') errors.defaultRole = 'Choose a default role.';
    else body.defaultRole = fromRoleValue(values.defaultRole);
  }
  const site = values.defaultContent.trim();
  if (site !== baseline.defaultContent) body.defaultContent = site === '' ? null : { type: 'site', site };
  for (const flag of ['inviteLinks', 'sso', 'ai'] as const) {
    if (values[flag] !== baseline[flag]) body[flag] = values[flag];
  }
  return { body, errors };
}

const PATTERN_RULES: Partial<Record<SettingsField, string>> = {
  hostname: 'takes lower-case letters, digits and dashes, and starts and ends with a letter or a digit',
};

function describe(field: SettingsField, type: ValueErrorType, schema: TSchema, value: unknown): string {
  const label = FIELD_LABELS[field];
  if (field === 'emailDomains') {
    if (type === ValueErrorType.ArrayMaxItems) return `${label}: at most ${schema.maxItems} domains.`;
    return `${label}: “${String(value)}” is not a domain name such as example.com.`;
  }
  switch (type) {
    case ValueErrorType.StringMinLength:
      return `${label} needs at least ${schema.minLength} characters.`;
    case ValueErrorType.StringMaxLength:
      return `${label} can have at most ${schema.maxLength} characters.`;
    case ValueErrorType.StringPattern: {
      const problem =
        displayTextError(schema, value) ?? PATTERN_RULES[field] ?? 'has characters it does not accept';
      return `${label} ${problem}.`;
    }
    default:
      return `${label} is not valid.`;
  }
}

/** Checks a body against the contract: one message per field, naming it. */
export function validateBody(body: SettingsBody): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const error of Value.Errors(UpdateOrganization, body)) {
    const field = error.path.split('/')[1] as SettingsField | undefined;
    if (field === undefined || !(field in FIELD_LABELS) || errors[field] !== undefined) continue;
    errors[field] = describe(field, error.type, error.schema, error.value);
  }
  return errors;
}

/** The field a server message names (“body field `hostname` …”, “hostname `x` is already used…”), if any. */
export function fieldOfMessage(message: string): SettingsField | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1] ?? /^([A-Za-z]+)\b/.exec(message)?.[1];
  return SETTINGS_FIELDS.find((field) => field === named || field.toLowerCase() === named?.toLowerCase());
}
