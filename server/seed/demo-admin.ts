/**
 * The demo organization's administration: SAML providers (one active with a real certificate, one still being
 * set up), custom fields of every type with values on several spaces, and translation settings. Spaces and teams
 * are looked up by title; dates are relative to the seed date, so the demo is the same on every machine.
 */
import { DEMO_SAML_CERTIFICATE } from '../../shared/certificates.ts';
import type { CustomFieldTypeValue } from '../../shared/contract/resources/customFields.ts';
import { newId } from '../ids.ts';
import type { Database } from '../storage/database.ts';

const DAY = 86_400_000;

/**
 * The demo identity provider's certificate: `CN=Acme IdP`, self-signed with `openssl req -x509 -newkey rsa:2048
 * -nodes -days 36500` on 2026-11-22, valid until 2126-10-29. Its key was thrown away: it only has to parse.
 */

/** The custom fields of the demo, one of each type. */
export const DEMO_CUSTOM_FIELDS: {
  name: string;
  type: CustomFieldTypeValue;
  title: string;
  description: string;
  placeholder?: string;
  options?: string[];
}[] = [
  {
    name: 'owner',
    type: 'text',
    title: 'Owner',
    description: 'Who keeps this space up to date',
    placeholder: 'A team or a person',
  },
  {
    name: 'review-interval',
    type: 'number',
    title: 'Review every (days)',
    description: 'How often it is reviewed',
  },
  { name: 'customer-facing', type: 'boolean', title: 'Customer facing', description: 'Read by customers' },
  { name: 'keywords', type: 'tags', title: 'Keywords', description: 'Words people search for' },
  {
    name: 'lifecycle',
    type: 'select:single',
    title: 'Lifecycle',
    description: 'Where the content stands',
    options: ['Draft', 'Beta', 'Stable', 'Deprecated'],
  },
  {
    name: 'audience',
    type: 'select:multi',
    title: 'Audience',
    description: 'Who it is written for',
    options: ['Developers', 'Administrators', 'End users', 'Partners'],
  },
];

/** Values by space title, then by field name. */
export const DEMO_CUSTOM_FIELD_VALUES: Record<
  string,
  Record<string, string | number | boolean | string[]>
> = {
  'Welcome to Acme': {
    owner: 'Docs Writers',
    'review-interval': 90,
    'customer-facing': false,
    keywords: ['handbook', 'onboarding'],
    lifecycle: 'Stable',
    audience: ['End users'],
  },
  'Product Overview': {
    owner: 'Product',
    'review-interval': 30,
    'customer-facing': true,
    lifecycle: 'Stable',
    audience: ['End users', 'Administrators'],
  },
  'Release Notes': {
    owner: 'Engineering',
    'review-interval': 14,
    'customer-facing': true,
    keywords: ['changelog', 'releases'],
    lifecycle: 'Stable',
  },
  'Pricing & Plans': { owner: 'Sales', 'customer-facing': true, lifecycle: 'Beta', audience: ['Partners'] },
  'Getting Started': {
    owner: 'Docs Writers',
    'review-interval': 60,
    keywords: ['quickstart', 'install'],
    lifecycle: 'Stable',
    audience: ['Developers', 'End users'],
  },
  'User Guide': { owner: 'Docs Writers', lifecycle: 'Draft', audience: ['End users'] },
};

/** The demo's translation settings. */
export const DEMO_TRANSLATIONS = [
  { title: 'Product documentation', languages: ['fr', 'de'] },
  { title: 'Developer portal', languages: ['ja', 'es', 'pt-br'] },
];

/** Seeds the administration data of the demo organization (inside the demo's transaction). */
export function seedDemoAdmin(db: Database, now: Date, organizationId: string): void {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
  const team = db.first(
    db.q
      .selectFrom('teams')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('title', '=', 'Engineering'),
  );
  if (!team) throw new Error('demo: no Engineering team');
  db.run(
    db.q.insertInto('saml_providers').values({
      id: newId(),
      organization_id: organizationId,
      label: 'Acme Okta',
      entity_id: 'http://www.okta.com/exkacme0docs0demo',
      sso_url: 'https://acme.okta.test/app/acme_docs/exkacme0docs0demo/sso/saml',
      certificate: DEMO_SAML_CERTIFICATE,
      default_team_id: team.id,
      default_role: 'read',
      created_at: at(120),
      updated_at: at(45),
    }),
  );
  db.run(
    db.q.insertInto('saml_providers').values({
      id: newId(),
      organization_id: organizationId,
      label: 'Azure AD (setting up)',
      entity_id: 'https://sts.windows.test/acme-tenant/',
      sso_url: '',
      certificate: '',
      default_team_id: null,
      default_role: 'read',
      created_at: at(3),
      updated_at: at(3),
    }),
  );

  const fieldIds = new Map<string, string>();
  DEMO_CUSTOM_FIELDS.forEach((field, index) => {
    const id = newId();
    fieldIds.set(field.name, id);
    db.run(
      db.q.insertInto('custom_fields').values({
        id,
        organization_id: organizationId,
        name: field.name,
        type: field.type,
        title: field.title,
        description: field.description,
        placeholder: field.placeholder ?? '',
        options: field.options ? JSON.stringify(field.options) : null,
        created_at: at(200 - index),
        updated_at: at(200 - index),
      }),
    );
  });
  for (const [title, values] of Object.entries(DEMO_CUSTOM_FIELD_VALUES)) {
    const space = db.first(
      db.q
        .selectFrom('spaces')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('title', '=', title)
        .where('deleted_at', 'is', null)
        .orderBy('created_at'),
    );
    if (!space) throw new Error(`demo: no space titled ${title}`);
    for (const [name, value] of Object.entries(values)) {
      db.run(
        db.q.insertInto('space_custom_field_values').values({
          space_id: space.id,
          field_id: fieldIds.get(name) as string,
          value: JSON.stringify(value),
          updated_at: at(10),
        }),
      );
    }
  }

  DEMO_TRANSLATIONS.forEach((settings, index) => {
    db.run(
      db.q.insertInto('translation_settings').values({
        id: newId(),
        organization_id: organizationId,
        title: settings.title,
        languages: JSON.stringify(settings.languages),
        created_at: at(60 - index * 20),
        updated_at: at(30 - index * 10),
      }),
    );
  });
}
