/**
 * Row types of the tables for an organization's settings and background work (SAML, custom fields, translations,
 * OpenAPI specs, jobs, the search's sections, migrations), as Kysely sees them; `schema.ts` joins them into `DB`.
 */
import type { Generated } from 'kysely';

/** A SAML identity provider of an organization (migration 8); unset text fields are ''. */
export interface SamlProvidersTable {
  id: string;
  organization_id: string;
  label: string;
  entity_id: string;
  sso_url: string;
  /** PEM, as given (trimmed). */
  certificate: string;
  default_team_id: string | null;
  /** A role, or null for guests. */
  default_role: string | null;
  created_at: string;
  updated_at: string;
}

/** A custom field of an organization (migration 8). */
export interface CustomFieldsTable {
  id: string;
  organization_id: string;
  /** Unique in the organization. */
  name: string;
  type: string;
  title: string;
  description: string;
  placeholder: string;
  /** JSON array of strings for the select types; null for the others. */
  options: string | null;
  created_at: string;
  updated_at: string;
}

/** The value of one custom field on one space (migration 8). */
export interface SpaceCustomFieldValuesTable {
  space_id: string;
  field_id: string;
  /** JSON of the value (string, number, boolean or array of strings). */
  value: string;
  updated_at: string;
}

/** Translation settings of an organization (migration 8). */
export interface TranslationSettingsTable {
  id: string;
  organization_id: string;
  title: string;
  /** JSON array of language codes. */
  languages: string;
  created_at: string;
  updated_at: string;
}

/** An OpenAPI specification of an organization (migration 9); its source is a URL or a text, never both. */
export interface OpenapiSpecsTable {
  id: string;
  organization_id: string;
  slug: string;
  /** Null for a text source (the text is in `openapi_spec_sources`). */
  source_url: string | null;
  /** Grows with every new source: a processing run of an older source discards its result. */
  source_serial: number;
  processing_state: 'pending' | 'progress' | 'complete';
  last_version_id: string | null;
  last_processed_at: string | null;
  last_process_error_code: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR' | null;
  last_process_error_message: string | null;
  created_at: string;
  updated_at: string;
}

/** One processed content of an OpenAPI specification (migration 9). */
export interface OpenapiSpecVersionsTable {
  id: string;
  spec_id: string;
  /** Max + 1 per spec: the newest version has the highest number. */
  number: number;
  created_at: string;
  /** SHA-256 (hex) of its document. */
  content_hash: string;
  /** The format of the text it was parsed from. */
  format: 'json' | 'yaml';
  /** The URL it was fetched from; null for a text source. */
  source_url: string | null;
}

/** The source text of a spec whose source is a text. */
export interface OpenapiSpecSourcesTable {
  spec_id: string;
  /** The text; '' when it is stored in parts (`upload_id`). */
  text: string;
  /** The upload whose parts (`openapi_source_parts`) hold the text, for a large one. */
  upload_id: string | null;
}

/** A part of a large source text (migration 16): the parts of an upload, in `seq` order, are the text. */
export interface OpenapiSourcePartsTable {
  upload_id: string;
  seq: number;
  text: string;
  created_at: string;
}

/** The parsed document of a version, as compact JSON. */
export interface OpenapiVersionDocumentsTable {
  version_id: string;
  document: string;
}

/** A job waiting or running (migration 10). */
export interface JobsTable {
  kind: string;
  subject_id: string;
  scope_id: string | null;
  state: 'queued' | 'running';
  generation: number;
  attempts: number;
  run_after: string;
  queued_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
}

/**
 * A token's rate window counted in the database (migration 20), for servers sharing one (PostgreSQL): `started` in
 * epoch ms, `used` the requests counted in it (refused ones too: over the limit either way).
 */
export interface RateWindowsTable {
  key: string;
  started: number;
  used: number;
}

/** An indexed page: its sections as JSON, for search excerpts; `id` is its row's rowid in `search_pages`. */
export interface SearchSectionsTable {
  id: Generated<number>;
  space_id: string;
  page_id: string;
  sections: string;
}

export interface MigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}
