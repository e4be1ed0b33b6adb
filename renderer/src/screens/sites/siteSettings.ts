/**
 * The site settings form: values read from a site, the PATCH body of the changed fields only, checked against the
 * contract's `UpdateSite` with TypeBox's interpreter, the server's messages mapped back to the field they name, and
 * the published URL a basename gives, shown live while it is typed.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { displayTextError } from '../../../../shared/contract/display-text.ts';
import { SiteProxyOrigin, UpdateSite, type Site } from '../../../../shared/contract/resources/sites.ts';

/** What the form holds: text as typed. `defaultSection`/`defaultSpace` are ids, '' when there is none. */
export interface SiteSettingsValues {
  title: string;
  visibility: Site['visibility'];
  basename: string;
  proxy: string;
  adaptive: boolean;
  defaultSection: string;
  defaultSpace: string;
}

/** A field of the form. */
export type SiteSettingsField = keyof SiteSettingsValues;

/** The PATCH body. */
export type SiteSettingsBody = Static<typeof UpdateSite>;

/** Messages per field. */
export type SiteSettingsErrors = Partial<Record<SiteSettingsField, string>>;

/** The fields in the order the form shows them. */
export const SITE_SETTINGS_FIELDS: readonly SiteSettingsField[] = [
  'title',
  'visibility',
  'basename',
  'proxy',
  'adaptive',
  'defaultSection',
  'defaultSpace',
];

/** The label of each field, as messages name it. */
export const SITE_FIELD_LABELS: Record<SiteSettingsField, string> = {
  title: 'Title',
  visibility: 'Visibility',
  basename: 'Basename',
  proxy: 'Proxy',
  adaptive: 'Adaptive content',
  defaultSection: 'Default section',
  defaultSpace: 'Default site space',
};

/** The body property each field is sent as. */
const BODY_FIELD: Record<SiteSettingsField, keyof SiteSettingsBody> = {
  title: 'title',
  visibility: 'visibility',
  basename: 'basename',
  proxy: 'proxy',
  adaptive: 'adaptiveContent',
  defaultSection: 'defaultSiteSection',
  defaultSpace: 'defaultSiteSpace',
};

/** The form's values for a site and its current defaults. */
export function siteValuesOf(
  site: Site,
  defaults: { section: string | undefined; space: string | undefined },
): SiteSettingsValues {
  return {
    title: site.title,
    visibility: site.visibility,
    basename: site.basename ?? '',
    proxy: site.proxy?.origin ?? '',
    adaptive: site.adaptiveContent?.enabled ?? false,
    defaultSection: defaults.section ?? '',
    defaultSpace: defaults.space ?? '',
  };
}

/** The body of the changed fields, and the changes the API cannot express (an empty title or basename). */
export function changedSiteBody(
  values: SiteSettingsValues,
  baseline: SiteSettingsValues,
): { body: SiteSettingsBody; errors: SiteSettingsErrors } {
  const body: SiteSettingsBody = {};
  const errors: SiteSettingsErrors = {};
  const title = values.title.trim();
  if (title !== baseline.title) {
    if (title === '') errors.title = 'Title cannot be empty.';
    else body.title = title;
  }
  if (values.visibility !== baseline.visibility) body.visibility = values.visibility;
  const basename = values.basename.trim();
  if (basename !== baseline.basename) {
    if (basename === '') errors.basename = 'Basename cannot be empty: it is the last part of the site’s URL.';
    else body.basename = basename;
  }
  const proxy = values.proxy.trim();
  if (proxy !== baseline.proxy) body.proxy = proxy === '' ? null : proxy;
  if (values.adaptive !== baseline.adaptive) body.adaptiveContent = { enabled: values.adaptive };
  if (values.defaultSection !== baseline.defaultSection && values.defaultSection !== '')
    body.defaultSiteSection = values.defaultSection;
  if (values.defaultSpace !== baseline.defaultSpace && values.defaultSpace !== '')
    body.defaultSiteSpace = values.defaultSpace;
  return { body, errors };
}

const PATTERN_RULES: Partial<Record<SiteSettingsField, string>> = {
  proxy: 'must be a host name followed by a path, e.g. example.com/docs',
};

function describe(field: SiteSettingsField, type: ValueErrorType, schema: TSchema, value?: unknown): string {
  const label = SITE_FIELD_LABELS[field];
  switch (type) {
    case ValueErrorType.StringMinLength:
      return `${label} needs at least ${String(schema['minLength'])} characters.`;
    case ValueErrorType.StringMaxLength:
      return `${label} can have at most ${String(schema['maxLength'])} characters.`;
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
export function validateSiteBody(body: SiteSettingsBody): SiteSettingsErrors {
  const errors: SiteSettingsErrors = {};
  // `proxy` is nullable: checked against its string schema, so that the message says which rule failed.
  const { proxy, ...rest } = body;
  if (typeof proxy === 'string') {
    const problem = Value.Errors(SiteProxyOrigin, proxy).First();
    if (problem !== undefined) errors.proxy = describe('proxy', problem.type, problem.schema);
  }
  for (const error of Value.Errors(UpdateSite, rest)) {
    const property = error.path.split('/')[1];
    const field = SITE_SETTINGS_FIELDS.find((name) => BODY_FIELD[name] === property);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = describe(field, error.type, error.schema, error.value);
  }
  return errors;
}

/** The field a server message names (“body field `basename`: …”, “basename `x` is already used…”), if any. */
export function siteFieldOfMessage(message: string): SiteSettingsField | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1] ?? /`([A-Za-z]+)`/.exec(message)?.[1];
  if (named === undefined) return undefined;
  return SITE_SETTINGS_FIELDS.find(
    (field) => field === named || BODY_FIELD[field].toLowerCase() === named.toLowerCase(),
  );
}

/**
 * The address a site is published at with `basename`: `<server>/sites/<organization hostname or id>/<basename>/`.
 * The server's address is read from the site's app URL (`<server>/o/<org>/sites/<id>/`).
 */
export function publishedUrlPreview(
  site: Pick<Site, 'id' | 'urls'>,
  orgId: string,
  orgHostname: string | undefined,
  basename: string,
): string {
  const app = site.urls.app;
  const marker = `/o/${orgId}/sites/`;
  const at = app.lastIndexOf(marker);
  const base = at >= 0 ? app.slice(0, at) : app.replace(/\/+$/, '');
  const host = orgHostname !== undefined && orgHostname !== '' ? orgHostname : orgId;
  return `${base}/sites/${host}/${basename.trim()}/`;
}
