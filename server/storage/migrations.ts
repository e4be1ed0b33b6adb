/** Versioned migrations, applied in order, each once, each in its own transaction. */
import type { Database } from './database.ts';
import { migrateMergeRules } from './merge-rules-migration.ts';

interface Migration {
  version: number;
  name: string;
  /** DDL in the subset of SQL that SQLite and PostgreSQL both run. */
  sql: string;
  /** Rewrites data the SQL cannot (after it, in the same transaction). */
  data?: (db: Database) => void;
}

export const migrations: readonly Migration[] = [
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
    sql: `
      ALTER TABLE organizations ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0;
      UPDATE organizations SET member_count = (SELECT count(*) FROM members WHERE members.organization_id = organizations.id);
      CREATE TRIGGER members_counted AFTER INSERT ON members BEGIN
        UPDATE organizations SET member_count = member_count + 1 WHERE id = NEW.organization_id;
      END;
      CREATE TRIGGER members_uncounted AFTER DELETE ON members BEGIN
        UPDATE organizations SET member_count = member_count - 1 WHERE id = OLD.organization_id;
      END;
    `,
  },
  {
    version: 3,
    name: 'collections, spaces, revisions, documents and files',
    // Collections and spaces share one sibling order per parent: `sort_key` is a fractional index, so a move writes
    // the moved row only. Revisions are immutable: `tree` is the page tree as JSON (pages refer to documents by id);
    // documents and file bytes are stored once by content hash, so copying a revision costs one row.
    sql: `
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
        data BLOB NOT NULL
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
    sql: `
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
      CREATE TRIGGER change_requests_counted AFTER INSERT ON change_requests BEGIN
        UPDATE spaces SET
          change_requests = change_requests + 1,
          change_requests_open = change_requests_open + CASE WHEN NEW.status = 'open' THEN 1 ELSE 0 END,
          change_requests_draft = change_requests_draft + CASE WHEN NEW.status = 'draft' THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;
      END;
      CREATE TRIGGER change_requests_recounted AFTER UPDATE OF status ON change_requests BEGIN
        UPDATE spaces SET
          change_requests_open = change_requests_open - CASE WHEN OLD.status = 'open' THEN 1 ELSE 0 END + CASE WHEN NEW.status = 'open' THEN 1 ELSE 0 END,
          change_requests_draft = change_requests_draft - CASE WHEN OLD.status = 'draft' THEN 1 ELSE 0 END + CASE WHEN NEW.status = 'draft' THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;
      END;
      CREATE TRIGGER change_requests_uncounted AFTER DELETE ON change_requests BEGIN
        UPDATE spaces SET
          change_requests = change_requests - 1,
          change_requests_open = change_requests_open - CASE WHEN OLD.status = 'open' THEN 1 ELSE 0 END,
          change_requests_draft = change_requests_draft - CASE WHEN OLD.status = 'draft' THEN 1 ELSE 0 END
        WHERE id = OLD.space_id;
      END;
    `,
  },
  {
    version: 6,
    name: 'comments on spaces, their replies and reactions, and the open count per space kept by triggers',
    // `change_request_id` stays null for comments on the space itself; the space's `comments` counts only those, and
    // only while open, as GitBook shows it. A reaction belongs to a comment or to a reply (exactly one is set).
    sql: `
      CREATE TABLE comments (
        id TEXT PRIMARY KEY,
        space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
        change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE,
        author_id TEXT NOT NULL REFERENCES users(id),
        body TEXT NOT NULL,
        target_page_id TEXT,
        target_node TEXT,
        resolved INTEGER NOT NULL DEFAULT 0,
        resolved_at TEXT,
        resolved_by TEXT REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        edited_at TEXT,
        replies INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX comments_listed ON comments(space_id, change_request_id, created_at, id);
      CREATE INDEX comments_by_page ON comments(space_id, target_page_id, created_at, id);
      CREATE TABLE comment_replies (
        id TEXT PRIMARY KEY,
        comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
        author_id TEXT NOT NULL REFERENCES users(id),
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        edited_at TEXT
      );
      CREATE INDEX comment_replies_listed ON comment_replies(comment_id, created_at, id);
      CREATE TABLE comment_reactions (
        comment_id TEXT REFERENCES comments(id) ON DELETE CASCADE,
        reply_id TEXT REFERENCES comment_replies(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id),
        emoji TEXT NOT NULL,
        created_at TEXT NOT NULL,
        CHECK ((comment_id IS NULL) <> (reply_id IS NULL))
      );
      CREATE UNIQUE INDEX comment_reactions_once ON comment_reactions(coalesce(comment_id, ''), coalesce(reply_id, ''), user_id, emoji);
      CREATE INDEX comment_reactions_of_comment ON comment_reactions(comment_id) WHERE comment_id IS NOT NULL;
      CREATE INDEX comment_reactions_of_reply ON comment_reactions(reply_id) WHERE reply_id IS NOT NULL;
      ALTER TABLE spaces ADD COLUMN comments INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER comments_counted AFTER INSERT ON comments BEGIN
        UPDATE spaces SET
          comments = comments + CASE WHEN NEW.change_request_id IS NULL AND NEW.resolved = 0 THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;
      END;
      CREATE TRIGGER comments_recounted AFTER UPDATE OF resolved ON comments BEGIN
        UPDATE spaces SET
          comments = comments - CASE WHEN OLD.change_request_id IS NULL AND OLD.resolved = 0 THEN 1 ELSE 0 END + CASE WHEN NEW.change_request_id IS NULL AND NEW.resolved = 0 THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;
      END;
      CREATE TRIGGER comments_uncounted AFTER DELETE ON comments BEGIN
        UPDATE spaces SET
          comments = comments - CASE WHEN OLD.change_request_id IS NULL AND OLD.resolved = 0 THEN 1 ELSE 0 END
        WHERE id = OLD.space_id;
      END;
      CREATE TRIGGER comment_replies_counted AFTER INSERT ON comment_replies BEGIN
        UPDATE comments SET replies = replies + 1 WHERE id = NEW.comment_id;
      END;
      CREATE TRIGGER comment_replies_uncounted AFTER DELETE ON comment_replies BEGIN
        UPDATE comments SET replies = replies - 1 WHERE id = OLD.comment_id;
      END;
    `,
  },
  {
    version: 7,
    name: 'merges and updates of change requests, their open-comment counts, print links and the search index',
    // `revision_merged_ancestor` is the space revision last pulled into the request by an update: with
    // `revision_initial` before any update, the request's merge base. A request's `comments` counts its open
    // comments, kept by triggers like the space's. A print link is a short-lived credential for the URL of a
    // request's print-ready rendering; only its hash is stored. The search index holds the pages of each space's
    // current revision; `search_indexed` says which revision, so a space is reindexed when it moved on.
    sql: `
      ALTER TABLE change_requests ADD COLUMN revision_merged_ancestor TEXT;
      ALTER TABLE change_requests ADD COLUMN merged_at TEXT;
      ALTER TABLE change_requests ADD COLUMN merged_by TEXT REFERENCES users(id);
      ALTER TABLE change_requests ADD COLUMN comments INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER change_request_comments_counted AFTER INSERT ON comments
        WHEN NEW.change_request_id IS NOT NULL AND NEW.resolved = 0 BEGIN
        UPDATE change_requests SET comments = comments + 1 WHERE id = NEW.change_request_id;
      END;
      CREATE TRIGGER change_request_comments_recounted AFTER UPDATE OF resolved ON comments
        WHEN NEW.change_request_id IS NOT NULL AND OLD.resolved <> NEW.resolved BEGIN
        UPDATE change_requests SET comments = comments + CASE WHEN NEW.resolved = 0 THEN 1 ELSE -1 END
        WHERE id = NEW.change_request_id;
      END;
      CREATE TRIGGER change_request_comments_uncounted AFTER DELETE ON comments
        WHEN OLD.change_request_id IS NOT NULL AND OLD.resolved = 0 BEGIN
        UPDATE change_requests SET comments = comments - 1 WHERE id = OLD.change_request_id;
      END;
      CREATE TABLE print_links (
        token_hash TEXT PRIMARY KEY,
        change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
        page_id TEXT,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX print_links_expiry ON print_links(expires_at);
      CREATE VIRTUAL TABLE search_pages USING fts5(
        title, body, space_id UNINDEXED, page_id UNINDEXED, path UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TABLE search_indexed (
        space_id TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
        revision_id TEXT NOT NULL
      );
    `,
  },
  {
    version: 8,
    name: 'SAML providers, custom fields and their values on spaces, translation settings',
    // A SAML provider's entity ID, SSO URL and certificate are '' until set (the provider is `pending` until all
    // three are); its default team is forgotten when the team is deleted. A custom field's name is unique in its
    // organization; `options` is a JSON array for the select types, null for the others. Values are JSON, one row
    // per space and field, removed with the field or the space. A translation setting's languages are a JSON array
    // of language codes.
    sql: `
      CREATE TABLE saml_providers (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        sso_url TEXT NOT NULL,
        certificate TEXT NOT NULL,
        default_team_id TEXT REFERENCES teams(id) ON DELETE SET NULL,
        default_role TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX saml_providers_listed ON saml_providers(organization_id, created_at, id);
      CREATE INDEX saml_providers_team ON saml_providers(default_team_id);
      CREATE TABLE custom_fields (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        placeholder TEXT NOT NULL,
        options TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX custom_fields_name ON custom_fields(organization_id, name);
      CREATE TABLE space_custom_field_values (
        space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
        field_id TEXT NOT NULL REFERENCES custom_fields(id) ON DELETE CASCADE,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (space_id, field_id)
      );
      CREATE INDEX space_custom_field_values_field ON space_custom_field_values(field_id);
      -- Fields belong to an organization: a space transferred to another one (alone or in a collection) leaves
      -- its values behind.
      CREATE TRIGGER space_custom_field_values_transferred AFTER UPDATE OF organization_id ON spaces
        WHEN OLD.organization_id <> NEW.organization_id BEGIN
        DELETE FROM space_custom_field_values WHERE space_id = NEW.id;
      END;
      CREATE TABLE translation_settings (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        languages TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX translation_settings_listed ON translation_settings(organization_id, created_at, id);
    `,
  },
  {
    version: 9,
    name: 'OpenAPI specifications and their versions',
    // A spec's source is a URL or a text (exactly one is set); `source_serial` grows with every new source, so a
    // processing run that started on an older source discards its result. `last_version_id` names the newest
    // version (no foreign key: the two tables point at each other). A version holds the parsed document as
    // compact JSON and its SHA-256 (`content_hash`): a new version is written only when the content changed.
    // `number` orders a spec's versions (max + 1, newest highest).
    sql: `
      CREATE TABLE openapi_specs (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        slug TEXT NOT NULL,
        source_url TEXT,
        source_text TEXT,
        source_serial INTEGER NOT NULL,
        processing_state TEXT NOT NULL,
        last_version_id TEXT,
        last_processed_at TEXT,
        last_process_error_code TEXT,
        last_process_error_message TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (organization_id, slug)
      );
      CREATE INDEX openapi_specs_state ON openapi_specs(processing_state);
      CREATE TABLE openapi_spec_versions (
        id TEXT PRIMARY KEY,
        spec_id TEXT NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        format TEXT NOT NULL,
        document TEXT NOT NULL,
        source_url TEXT,
        UNIQUE (spec_id, number)
      );
    `,
  },
  {
    version: 10,
    name: 'jobs with attempts and leases, and the sections of indexed pages',
    // A job is one kind of work on one subject (a spec to process, a space to index), at most one row each:
    // queuing it again while it waits changes nothing but `queued_at`, while it runs bumps `generation` (its run
    // then ends queued again). `attempts` counts the runs started; `lease_owner`/`lease_until` mark the process
    // running it (a lease that expires without being renewed frees the job for another process, or for a restart).
    // Done jobs are deleted. Times are ISO strings; '' sorts before any, so the rows queued here are due at once.
    // Indexed pages keep their sections (JSON) for excerpts, under an id that is also their row's rowid in
    // `search_pages` (so a space's rows are deleted by rowid, not by scanning the full-text table): every space is
    // indexed again to fill them. Counting the visible spaces of an organization reads `spaces_visible` alone.
    // An OpenAPI spec's source text and a version's document (megabytes each) move to tables of their own: in the
    // row, every column after them was read through their overflow pages, on every read of a spec or a version.
    sql: `
      CREATE TABLE jobs (
        kind TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        scope_id TEXT,
        state TEXT NOT NULL,
        generation INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        run_after TEXT NOT NULL,
        queued_at TEXT NOT NULL,
        lease_owner TEXT,
        lease_until TEXT,
        last_error TEXT,
        PRIMARY KEY (kind, subject_id)
      );
      CREATE INDEX jobs_due ON jobs(kind, state, run_after);
      CREATE INDEX jobs_scope ON jobs(kind, scope_id, queued_at);
      CREATE TABLE search_sections (
        id INTEGER PRIMARY KEY,
        space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
        page_id TEXT NOT NULL,
        sections TEXT NOT NULL
      );
      CREATE UNIQUE INDEX search_sections_page ON search_sections(space_id, page_id);
      CREATE INDEX spaces_visible ON spaces(organization_id, deleted_at, parent_id, default_level);
      CREATE TABLE openapi_spec_sources (
        spec_id TEXT PRIMARY KEY REFERENCES openapi_specs(id) ON DELETE CASCADE,
        text TEXT NOT NULL
      );
      INSERT INTO openapi_spec_sources (spec_id, text)
        SELECT id, source_text FROM openapi_specs WHERE source_text IS NOT NULL;
      ALTER TABLE openapi_specs DROP COLUMN source_text;
      CREATE TABLE openapi_version_documents (
        version_id TEXT PRIMARY KEY REFERENCES openapi_spec_versions(id) ON DELETE CASCADE,
        document TEXT NOT NULL
      );
      INSERT INTO openapi_version_documents (version_id, document) SELECT id, document FROM openapi_spec_versions;
      ALTER TABLE openapi_spec_versions DROP COLUMN document;
      DELETE FROM search_indexed;
      INSERT INTO jobs (kind, subject_id, scope_id, state, generation, attempts, run_after, queued_at)
        SELECT 'search-index', id, organization_id, 'queued', 1, 0, '', '' FROM spaces;
      INSERT INTO jobs (kind, subject_id, scope_id, state, generation, attempts, run_after, queued_at)
        SELECT 'openapi-process', id, organization_id, 'queued', 1, 0, '', '' FROM openapi_specs
        WHERE processing_state IN ('pending', 'progress');
    `,
  },
  {
    version: 11,
    name: 'email invites awaiting their first visit, and who sent a space to the trash',
    // An email invite makes the person a member at once (GitBook's shape); its row says it was an invite, who sent
    // it and when, until the member's first visit (`last_seen_at`) makes it accepted. It goes with the membership.
    sql: `
      ALTER TABLE spaces ADD COLUMN deleted_by TEXT;
      CREATE TABLE email_invites (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        role TEXT,
        invited_by TEXT,
        created_at TEXT NOT NULL,
        sent_at TEXT NOT NULL,
        sent_count INTEGER NOT NULL,
        FOREIGN KEY (organization_id, user_id) REFERENCES members(organization_id, user_id) ON DELETE CASCADE
      );
      CREATE UNIQUE INDEX email_invites_member ON email_invites(organization_id, user_id);
      CREATE INDEX email_invites_listed ON email_invites(organization_id, created_at, id);
    `,
  },
  {
    version: 12,
    name: 'reviews and requested reviewers of change requests, merge rules, block keys and block comments',
    // A review is made against the request's head revision (`revision_id`); it is outdated once the head moves on
    // (derived) or once a newer review or review request of the same reviewer supersedes it (`superseded_at`); its
    // `comment_id` names the comment posted as its body (gone with that comment). A
    // requested reviewer is a user or a team (exactly one is set), each once per request, listed in the order asked
    // (`seq`). Merge rules are a JSON
    // document per organization (`space_id` null) and per space that overrides them. A page's block keys are kept per
    // page and body (a body is stored once by content, its keys depend on the page's history). A block comment keeps
    // the hash of its block's text when posted, and optionally the lines it is about within that block.
    sql: `
      CREATE TABLE page_block_keys (
        page_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        keys TEXT NOT NULL,
        PRIMARY KEY (page_id, document_id)
      );
      CREATE TABLE change_request_reviews (
        id TEXT PRIMARY KEY,
        change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
        reviewer_id TEXT NOT NULL REFERENCES users(id),
        requested_by TEXT REFERENCES users(id),
        status TEXT NOT NULL,
        revision_id TEXT NOT NULL,
        comment_id TEXT,
        superseded_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX change_request_reviews_listed ON change_request_reviews(change_request_id, created_at, id);
      CREATE INDEX change_request_reviews_reviewer ON change_request_reviews(change_request_id, reviewer_id);
      CREATE TABLE change_request_reviewers (
        id TEXT PRIMARY KEY,
        change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
        user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
        team_id TEXT REFERENCES teams(id) ON DELETE CASCADE,
        requested_by TEXT NOT NULL REFERENCES users(id),
        revision_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        seq INTEGER NOT NULL,
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      );
      CREATE UNIQUE INDEX change_request_reviewers_once ON change_request_reviewers(change_request_id, coalesce(user_id, ''), coalesce(team_id, ''));
      CREATE UNIQUE INDEX change_request_reviewers_listed ON change_request_reviewers(change_request_id, seq);
      CREATE INDEX change_request_reviewers_user ON change_request_reviewers(user_id) WHERE user_id IS NOT NULL;
      CREATE INDEX change_request_reviewers_team ON change_request_reviewers(team_id) WHERE team_id IS NOT NULL;
      CREATE TABLE merge_rules (
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        space_id TEXT REFERENCES spaces(id) ON DELETE CASCADE,
        rules TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT REFERENCES users(id)
      );
      CREATE UNIQUE INDEX merge_rules_scope ON merge_rules(organization_id, coalesce(space_id, ''));
      CREATE INDEX merge_rules_space ON merge_rules(space_id) WHERE space_id IS NOT NULL;
      ALTER TABLE comments ADD COLUMN review_id TEXT REFERENCES change_request_reviews(id) ON DELETE SET NULL;
      ALTER TABLE comments ADD COLUMN target_node_hash TEXT;
      ALTER TABLE comments ADD COLUMN target_line_start INTEGER;
      ALTER TABLE comments ADD COLUMN target_line_end INTEGER;
    `,
  },
  {
    version: 13,
    name: "merge rules in GitBook's shape, on organizations and spaces",
    // GitBook publishes merge rules as `mergeRules` on Organization and Space: each row keeps its configuration as
    // JSON (null: `none` for an organization, `inherit` for a space). The rows of migration 12's table are rewritten
    // there (merge-rules-migration.ts says how each old setting maps); the next migration drops the table.
    sql: `
      ALTER TABLE organizations ADD COLUMN merge_rules TEXT;
      ALTER TABLE spaces ADD COLUMN merge_rules TEXT;
    `,
    data: migrateMergeRules,
  },
  {
    version: 14,
    name: 'the merge_rules table, rewritten onto organizations and spaces',
    sql: 'DROP TABLE merge_rules;',
  },
  {
    version: 15,
    name: 'spaces counted by what visibility depends on, kept by triggers; sibling order includes the id',
    // Counting the spaces a role may see read every space of the organization (an index scan growing with it) on
    // every list of spaces or members. `space_groups` holds, per organization, parent and default level, how many
    // spaces out of the trash there are, kept by triggers on `spaces` (so no write path can forget it); a NULL
    // parent or level is '' there, since NULLs never conflict in a key. The sibling index ends with the id, the
    // last term of the organization-wide order, which SQLite otherwise sorted in a temporary tree.
    sql: `
      CREATE TABLE space_groups (
        organization_id TEXT NOT NULL,
        parent_key TEXT NOT NULL,
        level_key TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (organization_id, parent_key, level_key)
      ) WITHOUT ROWID;
      INSERT INTO space_groups (organization_id, parent_key, level_key, n)
        SELECT organization_id, coalesce(parent_id, ''), coalesce(default_level, ''), count(*)
        FROM spaces WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
      CREATE TRIGGER space_groups_insert AFTER INSERT ON spaces WHEN NEW.deleted_at IS NULL BEGIN
        INSERT INTO space_groups (organization_id, parent_key, level_key, n)
          VALUES (NEW.organization_id, coalesce(NEW.parent_id, ''), coalesce(NEW.default_level, ''), 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER space_groups_delete AFTER DELETE ON spaces WHEN OLD.deleted_at IS NULL BEGIN
        UPDATE space_groups SET n = n - 1
          WHERE organization_id = OLD.organization_id AND parent_key = coalesce(OLD.parent_id, '')
            AND level_key = coalesce(OLD.default_level, '');
      END;
      CREATE TRIGGER space_groups_update AFTER UPDATE OF organization_id, parent_id, default_level, deleted_at ON spaces
      BEGIN
        UPDATE space_groups SET n = n - 1
          WHERE OLD.deleted_at IS NULL AND organization_id = OLD.organization_id
            AND parent_key = coalesce(OLD.parent_id, '') AND level_key = coalesce(OLD.default_level, '');
        INSERT INTO space_groups (organization_id, parent_key, level_key, n)
          SELECT NEW.organization_id, coalesce(NEW.parent_id, ''), coalesce(NEW.default_level, ''), 1
          WHERE NEW.deleted_at IS NULL
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;
      DROP INDEX spaces_siblings;
      CREATE INDEX spaces_siblings ON spaces(organization_id, parent_id, sort_key, id);
    `,
  },
];

/** Applies the migrations the database has not seen yet (of `list`: tests pass a prefix to build an old database). */
export function migrate(db: Database, list: readonly Migration[] = migrations): void {
  db.sqlite.exec(
    'CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(db.all(db.q.selectFrom('migrations').select('version')).map((row) => row.version));
  for (const migration of list) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.sqlite.exec(migration.sql);
      migration.data?.(db);
      db.run(
        db.q
          .insertInto('migrations')
          .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() }),
      );
    });
  }
}
