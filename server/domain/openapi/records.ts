/**
 * Storage of OpenAPI specifications and their versions: the reads and writes the handlers, the processing job and
 * the demo seed share. Writes that belong together run in the caller's transaction.
 */
import { sql } from 'kysely';
import type { OpenAPIProcessingErrorCode } from '../../../shared/contract/resources/openapi.ts';
import { notFound } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import type { OpenapiSpecsTable, OpenapiSpecVersionsTable } from '../../storage/schema.ts';
import type { ParsedSpec } from './document.ts';
import { readSourceBytes, type StoredSource } from './source-parts.ts';

export type SpecRow = OpenapiSpecsTable;
export type VersionRow = OpenapiSpecVersionsTable;

/** Where a specification comes from: exactly one of the two. */
export type SpecSource = { url: string } | { text: string };

export const VERSION_COLUMNS = [
  'id',
  'spec_id',
  'number',
  'created_at',
  'content_hash',
  'format',
  'source_url',
] as const;

/** The specification with this slug in the organization, or 404. */
export function loadSpec(db: Database, organizationId: string, slug: string): SpecRow {
  const row = findSpec(db, organizationId, slug);
  if (!row) throw notFound(`no OpenAPI specification with slug \`${slug}\` in this organization`);
  return row;
}

/** The specification with this slug in the organization, if any. */
export function findSpec(db: Database, organizationId: string, slug: string): SpecRow | undefined {
  return db.first(
    db.q
      .selectFrom('openapi_specs')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('slug', '=', slug),
  );
}

/** The specification with this id, if it still exists. */
export function specById(db: Database, id: string): SpecRow | undefined {
  return db.first(db.q.selectFrom('openapi_specs').selectAll().where('id', '=', id));
}

/** The source text of a spec as UTF-8 bytes (null for a URL source, or a spec that is gone). */
export function specSourceBytes(db: Database, id: string): Uint8Array | null {
  return readSourceBytes(db.sqlite, id);
}

/**
 * Writes where a spec's source is: its URL in the spec's row, or in `openapi_spec_sources` its text, or the upload
 * whose parts hold it (source-parts.ts). The previous source's row goes, and its parts with it.
 */
function writeSource(db: Database, specId: string, source: StoredSource): { source_url: string | null } {
  db.run(db.q.deleteFrom('openapi_spec_sources').where('spec_id', '=', specId));
  if ('url' in source) return { source_url: source.url };
  db.run(
    db.q
      .insertInto('openapi_spec_sources')
      .values(
        'text' in source
          ? { spec_id: specId, text: source.text, upload_id: null }
          : { spec_id: specId, text: '', upload_id: source.upload },
      ),
  );
  return { source_url: null };
}

/** Inserts a specification waiting for its first processing; answers its id. */
export function insertSpec(
  db: Database,
  now: Date,
  input: { organizationId: string; slug: string; source: StoredSource },
): string {
  const id = newId();
  const at = now.toISOString();
  db.transaction(() => {
    db.run(
      db.q.insertInto('openapi_specs').values({
        id,
        organization_id: input.organizationId,
        slug: input.slug,
        source_url: 'url' in input.source ? input.source.url : null,
        source_serial: 1,
        processing_state: 'pending',
        last_version_id: null,
        last_processed_at: null,
        last_process_error_code: null,
        last_process_error_message: null,
        created_at: at,
        updated_at: at,
      }),
    );
    writeSource(db, id, input.source);
  });
  return id;
}

/** Gives the specification a new source, waiting to be processed; the versions so far stay. */
export function replaceSource(db: Database, now: Date, spec: SpecRow, source: StoredSource): void {
  db.run(
    db.q
      .updateTable('openapi_specs')
      .set({
        ...writeSource(db, spec.id, source),
        source_serial: spec.source_serial + 1,
        processing_state: 'pending',
        updated_at: now.toISOString(),
      })
      .where('id', '=', spec.id),
  );
}

/** Marks a run as started on this source; false when the spec is gone or has a newer source. */
export function markInProgress(db: Database, specId: string, serial: number): boolean {
  return (
    db.run(
      db.q
        .updateTable('openapi_specs')
        .set({ processing_state: 'progress' })
        .where('id', '=', specId)
        .where('source_serial', '=', serial),
    ) > 0
  );
}

/** The newest version of a specification, if any. */
export function latestVersion(db: Database, specId: string): VersionRow | undefined {
  return db.first(
    db.q
      .selectFrom('openapi_spec_versions')
      .select(VERSION_COLUMNS)
      .where('spec_id', '=', specId)
      .orderBy('number', 'desc')
      .limit(1),
  );
}

/**
 * Records a successful run on source `serial`: a new version when the content differs from the newest one, then
 * the spec `complete` without error. Answers false (and writes nothing) when the spec is gone or has a newer source.
 */
export function recordProcessed(
  db: Database,
  now: Date,
  specId: string,
  serial: number,
  parsed: Pick<ParsedSpec, 'hash' | 'format'> & { json: string | Uint8Array },
  sourceUrl: string | null,
): boolean {
  return db.transaction(() => {
    const spec = specById(db, specId);
    if (!spec || spec.source_serial !== serial) return false;
    const at = now.toISOString();
    const latest = latestVersion(db, specId);
    let versionId = spec.last_version_id;
    if (!latest || latest.content_hash !== parsed.hash) {
      versionId = newId();
      db.run(
        db.q.insertInto('openapi_spec_versions').values({
          id: versionId,
          spec_id: specId,
          number: (latest?.number ?? 0) + 1,
          created_at: at,
          content_hash: parsed.hash,
          format: parsed.format,
          source_url: sourceUrl,
        }),
      );
      // Bytes (from a worker) are stored as the text they encode, without becoming a string here.
      const document =
        typeof parsed.json === 'string' ? parsed.json : sql<string>`CAST(${parsed.json} AS TEXT)`;
      db.run(db.q.insertInto('openapi_version_documents').values({ version_id: versionId, document }));
    }
    db.run(
      db.q
        .updateTable('openapi_specs')
        .set({
          processing_state: 'complete',
          last_version_id: versionId,
          last_processed_at: at,
          last_process_error_code: null,
          last_process_error_message: null,
          ...(versionId !== spec.last_version_id ? { updated_at: at } : {}),
        })
        .where('id', '=', specId),
    );
    return true;
  });
}

/** Records a failed run on source `serial`: `complete` with the error; the last good version stays the latest. */
export function recordFailed(
  db: Database,
  now: Date,
  specId: string,
  serial: number,
  code: OpenAPIProcessingErrorCode,
  message: string,
): boolean {
  return (
    db.run(
      db.q
        .updateTable('openapi_specs')
        .set({
          processing_state: 'complete',
          last_processed_at: now.toISOString(),
          last_process_error_code: code,
          last_process_error_message: message,
        })
        .where('id', '=', specId)
        .where('source_serial', '=', serial),
    ) > 0
  );
}

/** The version `versionId` of the specification, or 404. */
export function loadVersion(db: Database, spec: SpecRow, versionId: string): VersionRow {
  const row = db.first(
    db.q
      .selectFrom('openapi_spec_versions')
      .select(VERSION_COLUMNS)
      .where('spec_id', '=', spec.id)
      .where('id', '=', versionId),
  );
  if (!row) throw notFound(`no version \`${versionId}\` of the OpenAPI specification \`${spec.slug}\``);
  return row;
}

/** The newest version of the specification, or 404 saying why there is none yet. */
export function loadLatestVersion(db: Database, spec: SpecRow): VersionRow {
  const row = latestVersion(db, spec.id);
  if (!row)
    throw notFound(
      spec.processing_state === 'complete'
        ? `the OpenAPI specification \`${spec.slug}\` has no version: its processing failed (${spec.last_process_error_code ?? 'unknown error'})`
        : `the OpenAPI specification \`${spec.slug}\` has no version yet: its processing is ${spec.processing_state}`,
    );
  return row;
}

/** The stored document of a version, as JSON text. */
export function versionDocument(db: Database, versionId: string): string {
  return db.first(
    db.q.selectFrom('openapi_version_documents').select('document').where('version_id', '=', versionId),
  )!.document;
}
