/**
 * Writes that fire every counting and cleaning trigger of the migrations, in the SQL both dialects run, and the
 * reads that say what the triggers kept: migrations.postgres.test.ts runs them on SQLite and on PostgreSQL, and
 * checks that both kept the same, and the same as counting afresh.
 */

export const TRIGGER_WRITES = `
  INSERT INTO users (id, email, display_name, created_at) VALUES
    ('u1', 'u1@x.org', 'U1', 't'), ('u2', 'u2@x.org', 'U2', 't'), ('u3', 'u3@x.org', 'U3', 't');
  INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan) VALUES
    ('o1', 'O1', 't', '[]', 'business', 0, 0, 1, 'free'), ('o2', 'O2', 't', '[]', 'business', 0, 0, 1, 'free');
  INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at) VALUES
    ('o1', 'u1', 'admin', 0, 0, 't'), ('o1', 'u2', 'read', 0, 0, 't'), ('o2', 'u3', 'read', 0, 0, 't'),
    ('o2', 'u1', 'read', 0, 0, 't');
  INSERT INTO teams (id, organization_id, title, created_at) VALUES ('t1', 'o1', 'T', 't');
  INSERT INTO collections (id, organization_id, parent_id, title, sort_key, created_at, updated_at) VALUES
    ('c1', 'o1', NULL, 'C', 'a', 't', 't');
  INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, sort_key,
      revision_id, created_at, updated_at, deleted_at) VALUES
    ('s1', 'o1', NULL, 'S1', '', 'private', 'live', NULL, 'a', 'r', 't', 't', NULL),
    ('s2', 'o1', 'c1', 'S2', '', 'private', 'live', 'read', 'b', 'r', 't', 't', NULL),
    ('s3', 'o1', 'c1', 'S3', '', 'private', 'live', 'read', 'c', 'r', 't', 't', NULL),
    ('s4', 'o1', NULL, 'S4', '', 'private', 'live', NULL, 'd', 'r', 't', 't', 't'),
    ('s5', 'o2', NULL, 'S5', '', 'private', 'live', NULL, 'e', 'r', 't', 't', NULL);
  INSERT INTO sites (id, organization_id, type, title, visibility, basename, published, adaptive_enabled, created_at,
      updated_at) VALUES ('w1', 'o1', 'basic', 'W', 'public', 'w', 0, 0, 't', 't');
  INSERT INTO content_permissions (organization_id, target_type, target_id, grantee_type, grantee_id, role,
      created_at) VALUES
    ('o1', 'space', 's1', 'user', 'u2', 'write', 't'), ('o1', 'space', 's2', 'team', 't1', 'read', 't'),
    ('o1', 'collection', 'c1', 'user', 'u2', 'read', 't'), ('o1', 'site', 'w1', 'user', 'u1', 'read', 't'),
    ('o1', 'space', 's3', 'user', 'u1', 'admin', 't'), ('o1', 'space', 's4', 'user', 'u1', 'read', 't'),
    ('o1', 'space', 's1', 'user', 'u1', 'read', 't'), ('o1', 'space', 's2', 'user', 'u1', 'read', 't');
  INSERT INTO change_requests (id, space_id, number, status, subject, created_by, created_at, updated_at,
      revision_id, revision_initial) VALUES
    ('r1', 's1', 1, 'draft', '', 'u1', 't', 't', 'r', 'r'), ('r2', 's1', 2, 'open', '', 'u1', 't', 't', 'r', 'r'),
    ('r3', 's2', 1, 'open', '', 'u1', 't', 't', 'r', 'r'), ('r4', 's1', 3, 'draft', '', 'u1', 't', 't', 'r', 'r');
  UPDATE change_requests SET status = 'open' WHERE id = 'r1';
  UPDATE change_requests SET status = 'merged' WHERE id = 'r2';
  UPDATE change_requests SET subject = 'x' WHERE id = 'r4';
  DELETE FROM change_requests WHERE id = 'r3';
  INSERT INTO comments (id, space_id, change_request_id, author_id, body, resolved, created_at, updated_at) VALUES
    ('m1', 's1', NULL, 'u1', '', 0, 't', 't'), ('m2', 's1', NULL, 'u1', '', 0, 't', 't'),
    ('m3', 's1', 'r1', 'u1', '', 0, 't', 't'), ('m4', 's1', 'r1', 'u1', '', 0, 't', 't'),
    ('m5', 's1', 'r1', 'u1', '', 1, 't', 't'), ('m6', 's2', NULL, 'u1', '', 0, 't', 't'),
    ('m7', 's1', 'r1', 'u1', '', 0, 't', 't');
  UPDATE comments SET resolved = 1 WHERE id IN ('m2', 'm4');
  UPDATE comments SET resolved = 0 WHERE id = 'm5';
  UPDATE comments SET resolved = 1 WHERE id = 'm5';
  INSERT INTO comment_replies (id, comment_id, author_id, body, created_at, updated_at) VALUES
    ('p1', 'm1', 'u2', '', 't', 't'), ('p2', 'm1', 'u2', '', 't', 't'), ('p3', 'm3', 'u2', '', 't', 't');
  DELETE FROM comment_replies WHERE id = 'p2';
  DELETE FROM comments WHERE id = 'm3';
  INSERT INTO custom_fields (id, organization_id, name, type, title, description, placeholder, created_at,
      updated_at) VALUES ('f1', 'o1', 'f', 'text', 'F', '', '', 't', 't');
  INSERT INTO space_custom_field_values (space_id, field_id, value, updated_at) VALUES
    ('s1', 'f1', '"x"', 't'), ('s3', 'f1', '"y"', 't');
  UPDATE spaces SET parent_id = NULL WHERE id = 's3';
  UPDATE spaces SET deleted_at = 't' WHERE id = 's2';
  UPDATE spaces SET deleted_at = NULL WHERE id = 's4';
  UPDATE spaces SET default_level = 'write' WHERE id = 's1';
  UPDATE spaces SET title = 'renamed' WHERE id = 's1';
  UPDATE spaces SET organization_id = 'o2' WHERE id = 's3';
  DELETE FROM spaces WHERE id = 's4';
  DELETE FROM sites WHERE id = 'w1';
  INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, sort_key,
      revision_id, created_at, updated_at, deleted_at) VALUES
    ('s6', 'o1', 'c1', 'S6', '', 'private', 'live', 'inherit', 'f', 'r', 't', 't', NULL);
  DELETE FROM collections WHERE id = 'c1';
  DELETE FROM members WHERE organization_id = 'o1' AND user_id = 'u2';
  DELETE FROM teams WHERE id = 't1';
  INSERT INTO openapi_specs (id, organization_id, slug, source_serial, processing_state, created_at, updated_at)
    VALUES ('a1', 'o1', 'a', 1, 'pending', 't', 't'), ('a2', 'o1', 'b', 1, 'pending', 't', 't');
  INSERT INTO openapi_spec_sources (spec_id, text, upload_id) VALUES ('a1', '', 'up1'), ('a2', '', 'up2');
  INSERT INTO openapi_source_parts (upload_id, seq, text, created_at) VALUES
    ('up1', 0, 'a', 't'), ('up1', 1, 'b', 't'), ('up2', 0, 'c', 't'), ('up3', 0, 'd', 't');
  DELETE FROM openapi_spec_sources WHERE spec_id = 'a1';
  DELETE FROM organizations WHERE id = 'o2';
`;

/** What the triggers kept, each read ordered. */
export const TRIGGER_READS = {
  organizations: 'SELECT id, member_count, permission_count FROM organizations ORDER BY id',
  spaces: `SELECT id, change_requests, change_requests_open, change_requests_draft, comments FROM spaces
    ORDER BY id`,
  changeRequests: 'SELECT id, comments FROM change_requests ORDER BY id',
  comments: 'SELECT id, replies FROM comments ORDER BY id',
  spaceGroups:
    'SELECT organization_id, parent_key, level_key, n FROM space_groups WHERE n <> 0 ORDER BY 1, 2, 3',
  permissions:
    'SELECT target_type, target_id, grantee_type, grantee_id FROM content_permissions ORDER BY 1, 2, 3, 4',
  fieldValues: 'SELECT space_id, field_id FROM space_custom_field_values ORDER BY 1, 2',
  sourceParts: 'SELECT upload_id, seq FROM openapi_source_parts ORDER BY 1, 2',
};

/** The same counts, counted afresh (the cleaning triggers have no count: what they left is read as it is). */
export const RECOUNTS: Partial<Record<keyof typeof TRIGGER_READS, string>> = {
  organizations: `SELECT o.id,
      (SELECT CAST(count(*) AS INTEGER) FROM members AS m WHERE m.organization_id = o.id) AS member_count,
      (SELECT CAST(count(*) AS INTEGER) FROM content_permissions AS p WHERE p.organization_id = o.id) AS permission_count
    FROM organizations AS o ORDER BY o.id`,
  spaces: `SELECT s.id,
      (SELECT CAST(count(*) AS INTEGER) FROM change_requests AS r WHERE r.space_id = s.id) AS change_requests,
      (SELECT CAST(count(*) AS INTEGER) FROM change_requests AS r WHERE r.space_id = s.id AND r.status = 'open') AS change_requests_open,
      (SELECT CAST(count(*) AS INTEGER) FROM change_requests AS r WHERE r.space_id = s.id AND r.status = 'draft') AS change_requests_draft,
      (SELECT CAST(count(*) AS INTEGER) FROM comments AS c
        WHERE c.space_id = s.id AND c.change_request_id IS NULL AND c.resolved = 0) AS comments
    FROM spaces AS s ORDER BY s.id`,
  changeRequests: `SELECT r.id, (SELECT CAST(count(*) AS INTEGER) FROM comments AS c WHERE c.change_request_id = r.id AND c.resolved = 0)
      AS comments FROM change_requests AS r ORDER BY r.id`,
  comments: `SELECT c.id, (SELECT CAST(count(*) AS INTEGER) FROM comment_replies AS p WHERE p.comment_id = c.id) AS replies
    FROM comments AS c ORDER BY c.id`,
  spaceGroups: `SELECT organization_id, coalesce(parent_id, '') AS parent_key, coalesce(default_level, '') AS level_key,
      CAST(count(*) AS INTEGER) AS n FROM spaces WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
};
