/** Migrations 1 to 5 (see migrations.ts: applied in order, each once, each in its own transaction). */
import type { Migration } from './migrations.ts';

export const migrations01To05: readonly Migration[] = [
  {
    version: 1,
    name: 'users, tokens, organizations, members, teams, invites, events',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        display_name TEXT NOT NULL,
        photo_url TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE tokens (
        hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX tokens_user ON tokens(user_id);
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL,
        email_domains TEXT NOT NULL,
        hostname TEXT UNIQUE,
        type TEXT NOT NULL,
        use_case TEXT,
        community_type TEXT,
        default_role TEXT,
        default_content_site TEXT,
        sso INTEGER NOT NULL,
        ai INTEGER NOT NULL,
        invite_links INTEGER NOT NULL,
        plan TEXT NOT NULL,
        logo TEXT
      );
      CREATE TABLE members (
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT,
        disabled INTEGER NOT NULL,
        sso INTEGER NOT NULL,
        joined_at TEXT NOT NULL,
        last_seen_at TEXT,
        PRIMARY KEY (organization_id, user_id)
      );
      CREATE INDEX members_user ON members(user_id);
      CREATE INDEX members_joined ON members(organization_id, joined_at, user_id);
      CREATE INDEX members_seen ON members(organization_id, last_seen_at, user_id);
      CREATE TABLE teams (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX teams_org ON teams(organization_id, title, id);
      CREATE TABLE team_members (
        team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL,
        organization_id TEXT NOT NULL,
        role TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (team_id, user_id),
        FOREIGN KEY (organization_id, user_id) REFERENCES members(organization_id, user_id) ON DELETE CASCADE
      );
      CREATE INDEX team_members_user ON team_members(organization_id, user_id);
      CREATE TABLE invites (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        role TEXT,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX invites_org ON invites(organization_id, created_at, id);
      CREATE TABLE events (
        id TEXT PRIMARY KEY,
        organization_id TEXT,
        actor_id TEXT,
        action TEXT NOT NULL,
        subject_type TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX events_org ON events(organization_id, created_at);
    `,
  },
  {
    version: 2,
    name: 'a stored member count per organization, kept by triggers',
    // Counting 10,000 members on every page of the members list cost more than the page itself.
    sql: (ddl) => `
      ALTER TABLE organizations ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0;
      UPDATE organizations SET member_count = (SELECT count(*) FROM members WHERE members.organization_id = organizations.id);
      ${ddl.trigger({
        name: 'members_counted',
        table: 'members',
        on: 'INSERT',
        body: 'UPDATE organizations SET member_count = member_count + 1 WHERE id = NEW.organization_id;',
      })}
      ${ddl.trigger({
        name: 'members_uncounted',
        table: 'members',
        on: 'DELETE',
        body: 'UPDATE organizations SET member_count = member_count - 1 WHERE id = OLD.organization_id;',
      })}
    `,
  },
  {
    version: 3,
    name: 'collections, spaces, revisions, documents and files',
    // Collections and spaces share one sibling order per parent: `sort_key` is a fractional index, so a move writes
    // the moved row only. Revisions are immutable: `tree` is the page tree as JSON (pages refer to documents by id);
    // documents and file bytes are stored once by content hash, so copying a revision costs one row.
    sql: (ddl) => `
      CREATE TABLE collections (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        parent_id TEXT REFERENCES collections(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        description TEXT,
        default_level TEXT,
        sort_key TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX collections_siblings ON collections(organization_id, parent_id, sort_key);
      CREATE INDEX collections_parent ON collections(parent_id);
      CREATE TABLE spaces (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        parent_id TEXT REFERENCES collections(id) ON DELETE SET NULL,
        title TEXT NOT NULL,
        emoji TEXT NOT NULL,
        visibility TEXT NOT NULL,
        edit_mode TEXT NOT NULL,
        default_level TEXT,
        language TEXT,
        sort_key TEXT NOT NULL,
        revision_id TEXT NOT NULL,
        created_by TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX spaces_siblings ON spaces(organization_id, parent_id, sort_key);
      CREATE INDEX spaces_parent ON spaces(parent_id);
      CREATE INDEX spaces_deleted ON spaces(deleted_at);
      CREATE TABLE revisions (
        id TEXT PRIMARY KEY,
        space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        parents TEXT NOT NULL,
        tree TEXT NOT NULL,
        created_by TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX revisions_space ON revisions(space_id, created_at);
      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        markdown TEXT NOT NULL
      );
      CREATE TABLE blobs (
        id TEXT PRIMARY KEY,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        data ${ddl.blob} NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'sites, section groups, sections, site spaces, share links',
    // Sections and section groups at the top level of a site share one sibling order (`sort_key`); sections in a
    // group have their own, as have the site spaces of a section (or of the site's root when it has no sections).
    // Defaults are pointers (a site's default section and root site space, a section's default site space), so that
    // "exactly one default" holds by construction.
    sql: `
      CREATE TABLE sites (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        title TEXT NOT NULL,
        visibility TEXT NOT NULL,
        basename TEXT NOT NULL,
        published INTEGER NOT NULL,
        adaptive_enabled INTEGER NOT NULL,
        adaptive_schema TEXT,
        proxy_origin TEXT,
        default_section_id TEXT,
        default_site_space_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX sites_org ON sites(organization_id, created_at, id);
      CREATE TABLE site_section_groups (
        id TEXT PRIMARY KEY,
        site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        icon TEXT,
        sort_key TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX site_section_groups_site ON site_section_groups(site_id, sort_key);
      CREATE TABLE site_sections (
        id TEXT PRIMARY KEY,
        site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        group_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
        title TEXT NOT NULL,
        path TEXT NOT NULL,
        description TEXT,
        icon TEXT,
        condition TEXT,
        default_site_space_id TEXT,
        sort_key TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX site_sections_site ON site_sections(site_id, group_id, sort_key);
      CREATE TABLE site_spaces (
        id TEXT PRIMARY KEY,
        site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
        space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        condition TEXT,
        sort_key TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX site_spaces_site ON site_spaces(site_id, section_id, sort_key);
      CREATE INDEX site_spaces_space ON site_spaces(space_id);
      CREATE TABLE share_links (
        id TEXT PRIMARY KEY,
        site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        name TEXT,
        key TEXT NOT NULL UNIQUE,
        active INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX share_links_site ON share_links(site_id, created_at, id);
    `,
  },
  {
    version: 5,
    name: 'change requests, and their counts per space kept by triggers',
    // A change request is a line of revisions of its space: `revision_id` is its head, `revision_initial` the space
    // revision it started from (its merge base until updates exist). `number` is per space, for people and URLs.
    // The space's counts are stored and kept by triggers, so that a page of spaces costs no extra query.
    sql: (ddl) => `
      CREATE TABLE change_requests (
        id TEXT PRIMARY KEY,
        space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        status TEXT NOT NULL,
        subject TEXT NOT NULL,
        created_by TEXT NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        revision_id TEXT NOT NULL,
        revision_initial TEXT NOT NULL,
        revision_merged TEXT,
        UNIQUE (space_id, number)
      );
      CREATE INDEX change_requests_status ON change_requests(space_id, status, number);
      CREATE INDEX change_requests_author ON change_requests(space_id, created_by, status, number);
      ALTER TABLE spaces ADD COLUMN change_requests INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE spaces ADD COLUMN change_requests_open INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE spaces ADD COLUMN change_requests_draft INTEGER NOT NULL DEFAULT 0;
      ${ddl.trigger({
        name: 'change_requests_counted',
        table: 'change_requests',
        on: 'INSERT',
        body: `UPDATE spaces SET
          change_requests = change_requests + 1,
          change_requests_open = change_requests_open + CASE WHEN NEW.status = 'open' THEN 1 ELSE 0 END,
          change_requests_draft = change_requests_draft + CASE WHEN NEW.status = 'draft' THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;`,
      })}
      ${ddl.trigger({
        name: 'change_requests_recounted',
        table: 'change_requests',
        on: { update: ['status'] },
        body: `UPDATE spaces SET
          change_requests_open = change_requests_open - CASE WHEN OLD.status = 'open' THEN 1 ELSE 0 END + CASE WHEN NEW.status = 'open' THEN 1 ELSE 0 END,
          change_requests_draft = change_requests_draft - CASE WHEN OLD.status = 'draft' THEN 1 ELSE 0 END + CASE WHEN NEW.status = 'draft' THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;`,
      })}
      ${ddl.trigger({
        name: 'change_requests_uncounted',
        table: 'change_requests',
        on: 'DELETE',
        body: `UPDATE spaces SET
          change_requests = change_requests - 1,
          change_requests_open = change_requests_open - CASE WHEN OLD.status = 'open' THEN 1 ELSE 0 END,
          change_requests_draft = change_requests_draft - CASE WHEN OLD.status = 'draft' THEN 1 ELSE 0 END
        WHERE id = OLD.space_id;`,
      })}
    `,
  },
];
