/** Migrations 16 to 20 (see migrations.ts: applied in order, each once, each in its own transaction). */
import type { Migration } from './migrations.ts';

export const migrations16To20: readonly Migration[] = [
  {
    version: 16,
    name: 'large OpenAPI source texts stored in parts, each written in a transaction of its own',
    // A source text of several MB written in one statement held the thread that answers requests for 50-70 ms.
    // A large text is now written beforehand in parts (`openapi_source_parts`, under an upload id), each in its own
    // short transaction; the transaction that creates or changes the spec only names the upload in
    // `openapi_spec_sources.upload_id` (its `text` is then ''). Parts go with the source row that names them (the
    // trigger), and parts no source names (an upload whose request failed or was cut) are purged after a while.
    sql: (ddl) => `
      CREATE TABLE openapi_source_parts (
        upload_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (upload_id, seq)
      );
      CREATE INDEX openapi_source_parts_created ON openapi_source_parts(created_at);
      ALTER TABLE openapi_spec_sources ADD COLUMN upload_id TEXT;
      CREATE INDEX openapi_spec_sources_upload ON openapi_spec_sources(upload_id);
      ${ddl.trigger({
        name: 'openapi_source_parts_released',
        table: 'openapi_spec_sources',
        on: 'DELETE',
        when: 'OLD.upload_id IS NOT NULL',
        body: 'DELETE FROM openapi_source_parts WHERE upload_id = OLD.upload_id;',
      })}
    `,
  },
  {
    version: 17,
    name: 'indexes of the audit log: newest first, by actor, by action and by target',
    // The audit log lists an organization's events newest first (created_at, then id), whole or filtered by actor,
    // action or target: one index per filter, each in the list's order, so that a page is a range of one index and
    // never a scan of the organization's events. The first replaces events_org, whose order lacked the id.
    sql: `
      DROP INDEX events_org;
      CREATE INDEX events_org_time ON events(organization_id, created_at, id);
      CREATE INDEX events_org_actor ON events(organization_id, actor_id, created_at, id);
      CREATE INDEX events_org_action ON events(organization_id, action, created_at, id);
      CREATE INDEX events_org_target ON events(organization_id, subject_id, created_at, id);
    `,
  },
  {
    version: 18,
    name: 'how long an organization keeps its audit events',
    // NULL keeps them for ever (as before); otherwise the purge removes events older than that many days.
    sql: `ALTER TABLE organizations ADD COLUMN audit_retention_days INTEGER;`,
  },
  {
    version: 19,
    name: 'direct permissions: people and teams given a role on a space, a collection or a site',
    // One row per grant. A grant goes with what it names: its item (deleted for good, or moved to another
    // organization, whose people the grant does not name), its team, and its person's membership (the triggers
    // and the organization's cascade). A space in the trash keeps its grants, which come back with it.
    // `content_permissions_grantee` answers "what was this person (or team) given" in one organization;
    // `organizations.permission_count` (kept by triggers) lets a request of an organization without any grant, the
    // common case, skip that read: the organization's row is read anyway.
    sql: (ddl) => `
      CREATE TABLE content_permissions (
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        target_type TEXT NOT NULL,
        target_id TEXT NOT NULL,
        grantee_type TEXT NOT NULL,
        grantee_id TEXT NOT NULL,
        role TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (target_type, target_id, grantee_type, grantee_id)
      );
      CREATE INDEX content_permissions_grantee ON content_permissions(organization_id, grantee_type, grantee_id);
      ALTER TABLE organizations ADD COLUMN permission_count INTEGER NOT NULL DEFAULT 0;
      ${ddl.trigger({
        name: 'content_permissions_counted',
        table: 'content_permissions',
        on: 'INSERT',
        body: 'UPDATE organizations SET permission_count = permission_count + 1 WHERE id = NEW.organization_id;',
      })}
      ${ddl.trigger({
        name: 'content_permissions_uncounted',
        table: 'content_permissions',
        on: 'DELETE',
        body: 'UPDATE organizations SET permission_count = permission_count - 1 WHERE id = OLD.organization_id;',
      })}
      ${ddl.trigger({
        name: 'content_permissions_space_deleted',
        table: 'spaces',
        on: 'DELETE',
        body: "DELETE FROM content_permissions WHERE target_type = 'space' AND target_id = OLD.id;",
      })}
      ${ddl.trigger({
        name: 'content_permissions_space_transferred',
        table: 'spaces',
        on: { update: ['organization_id'] },
        when: 'NEW.organization_id != OLD.organization_id',
        body: "DELETE FROM content_permissions WHERE target_type = 'space' AND target_id = OLD.id;",
      })}
      ${ddl.trigger({
        name: 'content_permissions_collection_deleted',
        table: 'collections',
        on: 'DELETE',
        body: "DELETE FROM content_permissions WHERE target_type = 'collection' AND target_id = OLD.id;",
      })}
      ${ddl.trigger({
        name: 'content_permissions_collection_transferred',
        table: 'collections',
        on: { update: ['organization_id'] },
        when: 'NEW.organization_id != OLD.organization_id',
        body: "DELETE FROM content_permissions WHERE target_type = 'collection' AND target_id = OLD.id;",
      })}
      ${ddl.trigger({
        name: 'content_permissions_site_deleted',
        table: 'sites',
        on: 'DELETE',
        body: "DELETE FROM content_permissions WHERE target_type = 'site' AND target_id = OLD.id;",
      })}
      ${ddl.trigger({
        name: 'content_permissions_team_deleted',
        table: 'teams',
        on: 'DELETE',
        body: "DELETE FROM content_permissions WHERE grantee_type = 'team' AND grantee_id = OLD.id;",
      })}
      ${ddl.trigger({
        name: 'content_permissions_member_removed',
        table: 'members',
        on: 'DELETE',
        body: `DELETE FROM content_permissions
        WHERE organization_id = OLD.organization_id AND grantee_type = 'user' AND grantee_id = OLD.user_id;`,
      })}
    `,
  },
  {
    version: 20,
    name: 'rate windows counted in the database, shared by the servers on one',
    // Servers on one PostgreSQL database count a token's requests together (http/store-rate.ts): one row per token
    // hash, its window's start (epoch ms: 64-bit, `ddl.bigint`) and the requests counted in it,
    // upserted once per request. SQLite's single server keeps counting in memory; the table stays empty there.
    // Windows that ended a day ago are purged (jobs/purge.ts).
    sql: (ddl) => `
      CREATE TABLE rate_windows (
        key TEXT PRIMARY KEY,
        started ${ddl.bigint} NOT NULL,
        used ${ddl.bigint} NOT NULL
      );
      CREATE INDEX rate_windows_started ON rate_windows(started);
    `,
  },
];
