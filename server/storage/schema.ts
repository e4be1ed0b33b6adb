/** Row types of the database, as Kysely sees them. Storage types never leave `server/`. */
import type { Generated } from 'kysely';
import type {
  SamlProvidersTable,
  CustomFieldsTable,
  SpaceCustomFieldValuesTable,
  TranslationSettingsTable,
  OpenapiSpecsTable,
  OpenapiSpecVersionsTable,
  OpenapiSpecSourcesTable,
  OpenapiSourcePartsTable,
  OpenapiVersionDocumentsTable,
  JobsTable,
  RateWindowsTable,
  SearchSectionsTable,
  MigrationsTable,
} from './schema-admin.ts';
import type {
  CommentsTable,
  PageBlockKeysTable,
  ChangeRequestReviewsTable,
  ChangeRequestReviewersTable,
  CommentRepliesTable,
  CommentReactionsTable,
} from './schema-review.ts';

export type * from './schema-admin.ts';
export type * from './schema-review.ts';

/** 0 or 1: SQLite has no boolean type. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: string;
}

export interface TokensTable {
  hash: string;
  user_id: string;
  label: string;
  created_at: string;
}

export interface OrganizationsTable {
  id: string;
  title: string;
  created_at: string;
  email_domains: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: string | null;
  default_content_site: string | null;
  sso: Flag;
  ai: Flag;
  invite_links: Flag;
  plan: string;
  logo: string | null;
  /** Kept by triggers on `members`. */
  member_count: number;
  /** Grants on the organization's items (`content_permissions` rows), kept by triggers. */
  permission_count: number;
  /** JSON: GitBook's `MergeRulesStandaloneConfiguration`; null (inserts leave it out) for `{ type: 'none' }`. */
  merge_rules?: string | null;
  /** Days the audit events are kept; null (inserts leave it out): for ever. */
  audit_retention_days?: number | null;
}

export interface MembersTable {
  organization_id: string;
  user_id: string;
  role: string | null;
  disabled: Flag;
  sso: Flag;
  joined_at: string;
  last_seen_at: string | null;
}

export interface TeamsTable {
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  organization_id: string;
  role: string;
  added_at: string;
}

export interface InvitesTable {
  id: string;
  organization_id: string;
  role: string | null;
  created_by: string;
  created_at: string;
}

/** An email invite, pending while its member has not visited the organization (`members.last_seen_at`). */
export interface EmailInvitesTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: string | null;
  invited_by: string | null;
  created_at: string;
  sent_at: string;
  sent_count: number;
}

export interface EventsTable {
  id: string;
  organization_id: string | null;
  actor_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  data: string;
  created_at: string;
}

export interface CollectionsTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  /** A role, `inherit`, or null (no access by default). */
  default_level: string | null;
  /** Fractional index among the siblings (collections and spaces of the same parent). */
  sort_key: string;
  created_at: string;
  updated_at: string;
}

export interface SpacesTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  edit_mode: string;
  default_level: string | null;
  language: string | null;
  sort_key: string;
  /** The active revision. */
  revision_id: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** Set while the space is in the trash. */
  deleted_at: string | null;
  /** Who sent it to the trash (the database fills it with null: inserts leave it out). */
  deleted_by?: string | null;
  /** JSON: the space's own `MergeRulesStandaloneConfiguration`; null (inserts leave it out) for `inherit`. */
  merge_rules?: string | null;
  /**
   * Counts of its change requests (all, open, draft), kept by triggers on `change_requests`. Optional because the
   * database fills them (default 0): inserts leave them out.
   */
  change_requests?: number;
  change_requests_open?: number;
  change_requests_draft?: number;
  /** Open comments on the space itself (not in a change request), kept by triggers on `comments`. */
  comments?: number;
}

export interface RevisionsTable {
  id: string;
  space_id: string;
  type: string;
  /** JSON array of parent revision ids. */
  parents: string;
  /** JSON of the revision's content (`RevisionTree` in server/domain/content). */
  tree: string;
  created_by: string | null;
  created_at: string;
}

/** A page body, stored once by content hash. */
export interface DocumentsTable {
  id: string;
  markdown: string;
}

/** File bytes, stored once by content hash. */
export interface BlobsTable {
  id: string;
  content_type: string;
  size: number;
  data: Uint8Array;
}

export interface SitesTable {
  id: string;
  organization_id: string;
  type: string;
  title: string;
  visibility: string;
  basename: string;
  published: Flag;
  adaptive_enabled: Flag;
  /** JSON of the adaptive schema (`SiteAdaptiveJSONSchema`), or null when none was set. */
  adaptive_schema: string | null;
  proxy_origin: string | null;
  /** The default section, when the site has sections. */
  default_section_id: string | null;
  /** The default site space of the root, when the site has no sections. */
  default_site_space_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface SiteSectionGroupsTable {
  id: string;
  site_id: string;
  title: string;
  icon: string | null;
  /** Among the site's top-level sections and groups. */
  sort_key: string;
  created_at: string;
}

export interface SiteSectionsTable {
  id: string;
  site_id: string;
  /** The group holding the section; null at the top level. */
  group_id: string | null;
  title: string;
  path: string;
  description: string | null;
  icon: string | null;
  condition: string | null;
  default_site_space_id: string | null;
  /** Among the section's siblings (top level: sections and groups; in a group: its sections). */
  sort_key: string;
  created_at: string;
}

export interface SiteSpacesTable {
  id: string;
  site_id: string;
  /** The section holding the site space; null at the root of a site without sections. */
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  sort_key: string;
  created_at: string;
}

export interface ShareLinksTable {
  id: string;
  site_id: string;
  name: string | null;
  /** The secret of the link, compared in full. */
  key: string;
  active: Flag;
  created_at: string;
}

export interface ChangeRequestsTable {
  id: string;
  space_id: string;
  /** Per space, from 1: max + 1 in the transaction that creates the request. */
  number: number;
  status: string;
  subject: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The request's head revision. */
  revision_id: string;
  /** The space revision the request started from. */
  revision_initial: string;
  /** Set by the merge: the space revision it produced. */
  revision_merged: string | null;
  /** Set by an update: the space revision last pulled in (the merge base from then on). */
  revision_merged_ancestor?: string | null;
  merged_at?: string | null;
  merged_by?: string | null;
  /** Open comments of the request, kept by triggers. */
  comments?: number;
}

/** A short-lived credential for a change request's print-ready rendering (only the token's hash is kept). */
export interface PrintLinksTable {
  token_hash: string;
  change_request_id: string;
  page_id: string | null;
  created_at: string;
  expires_at: string;
}

/** The full-text index of the pages of spaces' current revisions (FTS5; `rowid` is implicit). */
export interface SearchPagesTable {
  /** SQLite's rowid of the full-text row: the id of the page's `search_sections` row. */
  rowid: Generated<number>;
  title: string;
  body: string;
  space_id: string;
  page_id: string;
  path: string;
}

/** Which revision of each space the search index holds. */
/** How many spaces out of the trash an organization has per parent and default level ('' for NULL): triggers keep it. */
export interface SpaceGroupsTable {
  organization_id: string;
  parent_key: string;
  level_key: string;
  n: number;
}

export interface SearchIndexedTable {
  space_id: string;
  revision_id: string;
}

/** A person or a team given a role on a space, a collection or a site. */
export interface ContentPermissionsTable {
  organization_id: string;
  target_type: 'space' | 'collection' | 'site';
  target_id: string;
  grantee_type: 'user' | 'team';
  grantee_id: string;
  role: string;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  tokens: TokensTable;
  organizations: OrganizationsTable;
  members: MembersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  invites: InvitesTable;
  email_invites: EmailInvitesTable;
  events: EventsTable;
  collections: CollectionsTable;
  spaces: SpacesTable;
  revisions: RevisionsTable;
  documents: DocumentsTable;
  blobs: BlobsTable;
  sites: SitesTable;
  site_section_groups: SiteSectionGroupsTable;
  site_sections: SiteSectionsTable;
  site_spaces: SiteSpacesTable;
  share_links: ShareLinksTable;
  change_requests: ChangeRequestsTable;
  comments: CommentsTable;
  page_block_keys: PageBlockKeysTable;
  change_request_reviews: ChangeRequestReviewsTable;
  change_request_reviewers: ChangeRequestReviewersTable;
  comment_replies: CommentRepliesTable;
  comment_reactions: CommentReactionsTable;
  print_links: PrintLinksTable;
  search_pages: SearchPagesTable;
  search_indexed: SearchIndexedTable;
  space_groups: SpaceGroupsTable;
  content_permissions: ContentPermissionsTable;
  saml_providers: SamlProvidersTable;
  custom_fields: CustomFieldsTable;
  space_custom_field_values: SpaceCustomFieldValuesTable;
  translation_settings: TranslationSettingsTable;
  openapi_specs: OpenapiSpecsTable;
  openapi_spec_versions: OpenapiSpecVersionsTable;
  openapi_spec_sources: OpenapiSpecSourcesTable;
  openapi_source_parts: OpenapiSourcePartsTable;
  openapi_version_documents: OpenapiVersionDocumentsTable;
  jobs: JobsTable;
  rate_windows: RateWindowsTable;
  search_sections: SearchSectionsTable;
  migrations: MigrationsTable;
}
