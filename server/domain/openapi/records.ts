/**
 * Storage of OpenAPI specifications and their versions: the reads and writes the handlers, the processing job and
 * the demo seed share. Writes that belong together run in the caller's transaction. The handlers and the job's run
 * go through the store (`Statements`), the job's `giveUp` too; the demo seed and the test fixtures keep the
 * synchronous `insertSpec`, `recordProcessed` and `specById`, built from the same queries.
 */
import { sql } from 'kysely';
import type { OpenAPIProcessingErrorCode } from '../../../shared/contract/resources/openapi.ts';
import { notFound } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { Query } from '../../storage/dialect/compile.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { OpenapiSpecsTable, OpenapiSpecVersionsTable } from '../../storage/schema.ts';
import type { ParsedSpec } from './document.ts';
import type { StoredSource } from './source-parts.ts';

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

const specBySlug = (organizationId: string, slug: string) =>
  builder
    .selectFrom('openapi_specs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('slug', '=', slug);
const specWithId = (id: string) => builder.selectFrom('openapi_specs').selectAll().where('id', '=', id);
const newestVersion = (specId: string) =>
  builder
    .selectFrom('openapi_spec_versions')
    .select(VERSION_COLUMNS)
    .where('spec_id', '=', specId)
    .orderBy('number', 'desc')
    .limit(1);

/** The specification with this slug in the organization, or 404. */
export async function loadSpec(on: Statements, organizationId: string, slug: string): Promise<SpecRow> {
  const row = await findSpec(on, organizationId, slug);
  if (!row) throw notFound(`no OpenAPI specification with slug \`${slug}\` in this organization`);
  return row;
}

/** The specification with this slug in the organization, if any. */
export function findSpec(on: Statements, organizationId: string, slug: string): Promise<SpecRow | undefined> {
  return on.first(specBySlug(organizationId, slug));
}

/** The specification with this id, if it still exists. */
export function specById(db: Database, id: string): SpecRow | undefined {
  return db.first(specWithId(id));
}

/** As `specById`, through a store or a transaction. */
export function specByIdIn(on: Statements, id: string): Promise<SpecRow | undefined> {
  return on.first(specWithId(id));
}

/**
 * The statements that write where a spec's source is: its URL in the spec's row, or in `openapi_spec_sources` its
 * text, or the upload whose parts hold it (source-parts.ts). The previous source's row goes, and its parts with it.
 */
function sourceWrites(
  specId: string,
  source: StoredSource,
): { statements: Query<unknown>[]; source_url: string | null } {
  const remove = builder.deleteFrom('openapi_spec_sources').where('spec_id', '=', specId);
  if ('url' in source) return { statements: [remove], source_url: source.url };
  const insert = builder
    .insertInto('openapi_spec_sources')
    .values(
      'text' in source
        ? { spec_id: specId, text: source.text, upload_id: null }
        : { spec_id: specId, text: '', upload_id: source.upload },
    );
  return { statements: [remove, insert], source_url: null };
}

type NewSpec = { organizationId: string; slug: string; source: StoredSource };

/** The statements that insert a specification waiting for its first processing, and its source. */
function specInserts(id: string, now: Date, input: NewSpec): Query<unknown>[] {
  const at = now.toISOString();
  return [
    builder.insertInto('openapi_specs').values({
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
    ...sourceWrites(id, input.source).statements,
  ];
}

/** Inserts a specification waiting for its first processing; answers its id (the demo seed, the fixtures). */
export function insertSpec(db: Database, now: Date, input: NewSpec): string {
  const id = newId();
  db.transaction(() => {
    for (const statement of specInserts(id, now, input)) db.run(statement);
  });
  return id;
}

/** As `insertSpec`, in the caller's transaction. */
export async function insertSpecIn(tx: Statements, now: Date, input: NewSpec): Promise<string> {
  const id = newId();
  for (const statement of specInserts(id, now, input)) await tx.run(statement);
  return id;
}

/** Gives the specification a new source, waiting to be processed; the versions so far stay. */
export async function replaceSource(
  tx: Statements,
  now: Date,
  spec: SpecRow,
  source: StoredSource,
): Promise<void> {
  const { statements, source_url } = sourceWrites(spec.id, source);
  for (const statement of statements) await tx.run(statement);
  await tx.run(
    tx.q
      .updateTable('openapi_specs')
      .set({
        source_url,
        source_serial: spec.source_serial + 1,
        processing_state: 'pending',
        updated_at: now.toISOString(),
      })
      .where('id', '=', spec.id),
  );
}

/** Marks a run as started on this source; false when the spec is gone or has a newer source. */
export async function markInProgress(on: Statements, specId: string, serial: number): Promise<boolean> {
  return (
    (await on.run(
      on.q
        .updateTable('openapi_specs')
        .set({ processing_state: 'progress' })
        .where('id', '=', specId)
        .where('source_serial', '=', serial),
    )) > 0
  );
}

/** The newest version of a specification, if any. */
export function latestVersion(on: Statements, specId: string): Promise<VersionRow | undefined> {
  return on.first(newestVersion(specId));
}

type Processed = Pick<ParsedSpec, 'hash' | 'format'> & { json: string | Uint8Array };

/**
 * The writes of a successful run, given the spec and its newest version read in the same transaction: a new
 * version when the content differs from the newest one, then the spec `complete` without error. Undefined when the
 * spec is gone or has a newer source.
 */
function processedWrites(
  dialect: Statements['dialect'],
  spec: SpecRow | undefined,
  latest: VersionRow | undefined,
  now: Date,
  serial: number,
  parsed: Processed,
  sourceUrl: string | null,
): Query<unknown>[] | undefined {
  if (!spec || spec.source_serial !== serial) return undefined;
  const at = now.toISOString();
  const statements: Query<unknown>[] = [];
  let versionId = spec.last_version_id;
  if (!latest || latest.content_hash !== parsed.hash) {
    versionId = newId();
    statements.push(
      builder.insertInto('openapi_spec_versions').values({
        id: versionId,
        spec_id: spec.id,
        number: (latest?.number ?? 0) + 1,
        created_at: at,
        content_hash: parsed.hash,
        format: parsed.format,
        source_url: sourceUrl,
      }),
    );
    // Bytes (from a worker) are stored as the text they encode, without becoming a string here.
    const document =
      typeof parsed.json === 'string'
        ? parsed.json
        : dialect === 'postgres'
          ? sql<string>`convert_from(${parsed.json}, 'UTF8')`
          : sql<string>`CAST(${parsed.json} AS TEXT)`;
    statements.push(
      builder.insertInto('openapi_version_documents').values({ version_id: versionId, document }),
    );
  }
  statements.push(
    builder
      .updateTable('openapi_specs')
      .set({
        processing_state: 'complete',
        last_version_id: versionId,
        last_processed_at: at,
        last_process_error_code: null,
        last_process_error_message: null,
        ...(versionId !== spec.last_version_id ? { updated_at: at } : {}),
      })
      .where('id', '=', spec.id),
  );
  return statements;
}

/**
 * Records a successful run on source `serial` (`processedWrites`). Answers false (and writes nothing) when the spec
 * is gone or has a newer source. Synchronous, for the demo seed and the fixtures; the job uses `recordProcessedIn`.
 */
export function recordProcessed(
  db: Database,
  now: Date,
  specId: string,
  serial: number,
  parsed: Processed,
  sourceUrl: string | null,
): boolean {
  return db.transaction(() => {
    const spec = specById(db, specId);
    const latest = db.first(newestVersion(specId));
    const writes = processedWrites('sqlite', spec, latest, now, serial, parsed, sourceUrl);
    for (const statement of writes ?? []) db.run(statement);
    return writes !== undefined;
  });
}

/** As `recordProcessed`, in one transaction of the store (the spec and its newest version read in it). */
export function recordProcessedIn(
  on: Statements,
  now: Date,
  specId: string,
  serial: number,
  parsed: Processed,
  sourceUrl: string | null,
): Promise<boolean> {
  return on.transaction(async (tx) => {
    const spec = await specByIdIn(tx, specId);
    const latest = await latestVersion(tx, specId);
    const writes = processedWrites(tx.dialect, spec, latest, now, serial, parsed, sourceUrl);
    for (const statement of writes ?? []) await tx.run(statement);
    return writes !== undefined;
  });
}

const failedUpdate = (
  now: Date,
  specId: string,
  serial: number,
  code: OpenAPIProcessingErrorCode,
  message: string,
) =>
  builder
    .updateTable('openapi_specs')
    .set({
      processing_state: 'complete',
      last_processed_at: now.toISOString(),
      last_process_error_code: code,
      last_process_error_message: message,
    })
    .where('id', '=', specId)
    .where('source_serial', '=', serial);

/**
 * Records a failed run on source `serial`: `complete` with the error; the last good version stays the latest. Through
 * a store or a transaction.
 */
export async function recordFailedIn(
  on: Statements,
  now: Date,
  specId: string,
  serial: number,
  code: OpenAPIProcessingErrorCode,
  message: string,
): Promise<boolean> {
  return (await on.run(failedUpdate(now, specId, serial, code, message))) > 0;
}

/** The version `versionId` of the specification, or 404. */
export async function loadVersion(on: Statements, spec: SpecRow, versionId: string): Promise<VersionRow> {
  const row = await on.first(
    on.q
      .selectFrom('openapi_spec_versions')
      .select(VERSION_COLUMNS)
      .where('spec_id', '=', spec.id)
      .where('id', '=', versionId),
  );
  if (!row) throw notFound(`no version \`${versionId}\` of the OpenAPI specification \`${spec.slug}\``);
  return row;
}

/** The newest version of the specification, or 404 saying why there is none yet. */
export async function loadLatestVersion(on: Statements, spec: SpecRow): Promise<VersionRow> {
  const row = await latestVersion(on, spec.id);
  if (!row)
    throw notFound(
      spec.processing_state === 'complete'
        ? `the OpenAPI specification \`${spec.slug}\` has no version: its processing failed (${spec.last_process_error_code ?? 'unknown error'})`
        : `the OpenAPI specification \`${spec.slug}\` has no version yet: its processing is ${spec.processing_state}`,
    );
  return row;
}

/** The stored document of a version, as JSON text. */
export async function versionDocument(on: Statements, versionId: string): Promise<string> {
  const row = await on.first(
    on.q.selectFrom('openapi_version_documents').select('document').where('version_id', '=', versionId),
  );
  return row!.document;
}
