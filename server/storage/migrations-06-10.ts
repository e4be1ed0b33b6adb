/** Migrations 6 to 10 (see migrations.ts: applied in order, each once, each in its own transaction). */
import type { Migration } from './migrations.ts';

export const migrations06To10: readonly Migration[] = [
  {
    version: 6,
    name: 'comments on spaces, their replies and reactions, and the open count per space kept by triggers',
    // `change_request_id` stays null for comments on the space itself; the space's `comments` counts only those, and
    // only while open, as GitBook shows it. A reaction belongs to a comment or to a reply (exactly one is set).
    sql: (ddl) => `
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
      ${ddl.trigger({
        name: 'comments_counted',
        table: 'comments',
        on: 'INSERT',
        body: `UPDATE spaces SET
          comments = comments + CASE WHEN NEW.change_request_id IS NULL AND NEW.resolved = 0 THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;`,
      })}
      ${ddl.trigger({
        name: 'comments_recounted',
        table: 'comments',
        on: { update: ['resolved'] },
        body: `UPDATE spaces SET
          comments = comments - CASE WHEN OLD.change_request_id IS NULL AND OLD.resolved = 0 THEN 1 ELSE 0 END + CASE WHEN NEW.change_request_id IS NULL AND NEW.resolved = 0 THEN 1 ELSE 0 END
        WHERE id = NEW.space_id;`,
      })}
      ${ddl.trigger({
        name: 'comments_uncounted',
        table: 'comments',
        on: 'DELETE',
        body: `UPDATE spaces SET
          comments = comments - CASE WHEN OLD.change_request_id IS NULL AND OLD.resolved = 0 THEN 1 ELSE 0 END
        WHERE id = OLD.space_id;`,
      })}
      ${ddl.trigger({
        name: 'comment_replies_counted',
        table: 'comment_replies',
        on: 'INSERT',
        body: 'UPDATE comments SET replies = replies + 1 WHERE id = NEW.comment_id;',
      })}
      ${ddl.trigger({
        name: 'comment_replies_uncounted',
        table: 'comment_replies',
        on: 'DELETE',
        body: 'UPDATE comments SET replies = replies - 1 WHERE id = OLD.comment_id;',
      })}
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
    sql: (ddl) => `
      ALTER TABLE change_requests ADD COLUMN revision_merged_ancestor TEXT;
      ALTER TABLE change_requests ADD COLUMN merged_at TEXT;
      ALTER TABLE change_requests ADD COLUMN merged_by TEXT REFERENCES users(id);
      ALTER TABLE change_requests ADD COLUMN comments INTEGER NOT NULL DEFAULT 0;
      ${ddl.trigger({
        name: 'change_request_comments_counted',
        table: 'comments',
        on: 'INSERT',
        when: 'NEW.change_request_id IS NOT NULL AND NEW.resolved = 0',
        body: 'UPDATE change_requests SET comments = comments + 1 WHERE id = NEW.change_request_id;',
      })}
      ${ddl.trigger({
        name: 'change_request_comments_recounted',
        table: 'comments',
        on: { update: ['resolved'] },
        when: 'NEW.change_request_id IS NOT NULL AND OLD.resolved <> NEW.resolved',
        body: `UPDATE change_requests SET comments = comments + CASE WHEN NEW.resolved = 0 THEN 1 ELSE -1 END
        WHERE id = NEW.change_request_id;`,
      })}
      ${ddl.trigger({
        name: 'change_request_comments_uncounted',
        table: 'comments',
        on: 'DELETE',
        when: 'OLD.change_request_id IS NOT NULL AND OLD.resolved = 0',
        body: 'UPDATE change_requests SET comments = comments - 1 WHERE id = OLD.change_request_id;',
      })}
      CREATE TABLE print_links (
        token_hash TEXT PRIMARY KEY,
        change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
        page_id TEXT,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX print_links_expiry ON print_links(expires_at);
      ${ddl.fullText({
        table: 'search_pages',
        searched: ['title', 'body'],
        stored: ['space_id', 'page_id', 'path'],
        filtered: 'space_id',
      })}
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
    sql: (ddl) => `
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
      ${ddl.trigger({
        name: 'space_custom_field_values_transferred',
        table: 'spaces',
        on: { update: ['organization_id'] },
        when: 'OLD.organization_id <> NEW.organization_id',
        body: 'DELETE FROM space_custom_field_values WHERE space_id = NEW.id;',
      })}
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
    sql: (ddl) => `
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
        id ${ddl.rowIdKey},
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
];
