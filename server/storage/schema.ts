/** Row types of the database, as Kysely sees them. Storage types never leave `server/`. */

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

export interface MigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface DB {
  users: UsersTable;
  tokens: TokensTable;
  organizations: OrganizationsTable;
  members: MembersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  invites: InvitesTable;
  events: EventsTable;
  migrations: MigrationsTable;
}
