/** Migrations 11 to 15 (see migrations.ts: applied in order, each once, each in its own transaction). */
import type { Migration } from './migrations.ts';
import { migrateMergeRules } from './merge-rules-migration.ts';

export const migrations11To15: readonly Migration[] = [
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
    sql: (ddl) => `
      CREATE TABLE space_groups (
        organization_id TEXT NOT NULL,
        parent_key TEXT NOT NULL,
        level_key TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (organization_id, parent_key, level_key)
      )${ddl.withoutRowId};
      INSERT INTO space_groups (organization_id, parent_key, level_key, n)
        SELECT organization_id, coalesce(parent_id, ''), coalesce(default_level, ''), count(*)
        FROM spaces WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
      ${ddl.trigger({
        name: 'space_groups_insert',
        table: 'spaces',
        on: 'INSERT',
        when: 'NEW.deleted_at IS NULL',
        body: `INSERT INTO space_groups (organization_id, parent_key, level_key, n)
          VALUES (NEW.organization_id, coalesce(NEW.parent_id, ''), coalesce(NEW.default_level, ''), 1)
          ON CONFLICT (organization_id, parent_key, level_key) DO UPDATE SET n = space_groups.n + 1;`,
      })}
      ${ddl.trigger({
        name: 'space_groups_delete',
        table: 'spaces',
        on: 'DELETE',
        when: 'OLD.deleted_at IS NULL',
        body: `UPDATE space_groups SET n = n - 1
          WHERE organization_id = OLD.organization_id AND parent_key = coalesce(OLD.parent_id, '')
            AND level_key = coalesce(OLD.default_level, '');`,
      })}
      ${ddl.trigger({
        name: 'space_groups_update',
        table: 'spaces',
        on: { update: ['organization_id', 'parent_id', 'default_level', 'deleted_at'] },
        body: `UPDATE space_groups SET n = n - 1
          WHERE OLD.deleted_at IS NULL AND organization_id = OLD.organization_id
            AND parent_key = coalesce(OLD.parent_id, '') AND level_key = coalesce(OLD.default_level, '');
        INSERT INTO space_groups (organization_id, parent_key, level_key, n)
          SELECT NEW.organization_id, coalesce(NEW.parent_id, ''), coalesce(NEW.default_level, ''), 1
          WHERE NEW.deleted_at IS NULL
          ON CONFLICT (organization_id, parent_key, level_key) DO UPDATE SET n = space_groups.n + 1;`,
      })}
      DROP INDEX spaces_siblings;
      CREATE INDEX spaces_siblings ON spaces(organization_id, parent_id, sort_key, id);
    `,
  },
];
